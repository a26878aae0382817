/** To someone invited to the staff from the console: who invited them, as what, and the steps to take it up. */
import { createElement as h } from 'react';
import type { RenderedMail, StaffInvitationFacts } from '../message-types.ts';
import { Layout } from './layout.ts';
import { bulletList, buttonLink, paragraph, renderMail } from './parts.ts';
import { site } from '../../../shared/company/site.ts';
import { ROLE_WITH_ARTICLE } from '../../../shared/contract/ops-requests.ts';

const ROLE_PLACE = { guide: 'the trip sheets', operator: 'the operators’ console' } as const;

function StaffInvitation(facts: StaffInvitationFacts) {
  const role = ROLE_WITH_ARTICLE[facts.role];
  const steps = facts.setupLink
    ? [
        `Choose a password with the button below: it also confirms ${facts.email}.`,
        `Open ${ROLE_PLACE[facts.role]} and sign in with ${facts.email} and that password.`,
      ]
    : [
        `Sign in on the site with ${facts.email} (if you have not confirmed it yet, follow the link in the e-mail we sent when you signed up).`,
        `Open ${ROLE_PLACE[facts.role]}.`,
      ];
  return h(
    Layout,
    { home: facts.links.home, preview: `${facts.invitedBy} invited you to join ${site.name} as ${role}.`, heading: `Join us as ${role}` },
    paragraph(`Hi ${facts.recipientName}, ${facts.invitedBy} invited you to join ${site.name} on the site as ${role}.`),
    paragraph('To take it up:'),
    bulletList(steps),
    facts.setupLink ? buttonLink(facts.setupLink, 'Choose a password') : buttonLink(facts.signInLink, 'Sign in'),
    paragraph(`The role is yours the first time you open ${ROLE_PLACE[facts.role]} signed in with this address: `, facts.startLink),
    paragraph('If you did not expect this, you can ignore this e-mail: nothing changes until you sign in.'),
  );
}

export function renderStaffInvitation(facts: StaffInvitationFacts): Promise<RenderedMail> {
  return renderMail(`You are invited to join ${site.name} as ${ROLE_WITH_ARTICLE[facts.role]}`, h(StaffInvitation, facts));
}
