/**
 * Staff invited from the console: the invitation's e-mail, the role held from the first call of the
 * person who signed in with that address and proved it (not before), invitations withdrawn, roles
 * taken away; each recorded once, a repeated request harmless.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_GUIDE } from '../../api/routes/guide.ts';
import { NOT_STAFF_MEMBER, OWN_OPERATOR_ROLE, unprovedInvitation } from '../../api/staff/invitations.ts';
import type { MailTransport } from '../../api/mail/transport.ts';
import { NOT_AN_OPERATOR } from '../../shared/contract/messages.ts';
import { memberName } from '../../shared/rules/party.ts';
import { ROLE_MESSAGE } from '../../shared/contract/ops-requests.ts';
import type { OpsInvited, OpsStaff } from '../../shared/contract/ops-staff.ts';
import { verifyEmail } from '../support/emulator-links.ts';
import { harness, newUser, PROJECT_ID, signInAgain, type Harness, type TestUser } from './harness.ts';
import { EMULATOR, staffMember } from './staff.ts';

let h: Harness;
let operator: TestUser;
const sent: { to: string; subject: string; text: string }[] = [];
const transport: MailTransport = {
  async send(mail) {
    sent.push({ to: mail.to, subject: mail.subject, text: mail.text });
    return 'queued';
  },
  close() {},
};

beforeAll(async () => {
  h = await harness({ mailTransport: transport });
  operator = await staffMember('operator');
});

const invite = (email: string, role: string, token = operator.token) =>
  h.json<OpsInvited & { error?: string }>('POST', '/ops/staff/invitations', { token, body: { email, role } });
const staff = (token = operator.token) => h.json<OpsStaff & { error?: string }>('GET', '/ops/staff', { token });
const guideDates = (token: string) => h.json<{ error?: string }>('GET', '/guide/dates', { token });
const mailTo = async (email: string) => {
  await h.mailer?.idle();
  return sent.filter((mail) => mail.to === email);
};
const recordsOf = (email: string) =>
  h.db.query<{ action: string; operator_uid: string; reason: string; after: unknown }>(
    `select action, operator_uid, reason, after from operator_actions where subject like $1 order by id`,
    [`account ${email} %`],
  );
/** The operator as the site names someone without a name: their address's local part. */
const operatorName = () => memberName(null, operator.email);
const freshAddress = () => `invited-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Chooses a password with the link of the invitation's e-mail, as the person does on the identity service's page. */
async function choosePassword(link: string, password: string): Promise<void> {
  const oobCode = new URL(link).searchParams.get('oobCode');
  const response = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword: password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('staff invited from the console', () => {
  it('invites someone new by e-mail, who holds the role from their first visit after choosing a password, recorded once', async () => {
    const email = freshAddress();
    const invited = await invite(` ${email.toUpperCase()} `, 'guide');
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.invited).toEqual({ email, role: 'guide', outcome: 'invited' });
    expect(invited.body.invitations.filter((open) => open.email === email)).toEqual([
      expect.objectContaining({ email, role: 'guide', invitedBy: operatorName() }),
    ]);
    // Inviting again sends nothing more and keeps one invitation.
    expect((await invite(email, 'guide')).body.invited.outcome).toBe('already-invited');
    expect((await staff()).body.invitations.filter((open) => open.email === email)).toHaveLength(1);

    const [letter, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(letter?.subject).toBe('You are invited to join Kamas Backcountry Guides as a guide');
    expect(letter?.text).toContain(`${operatorName()} invited you to join Kamas Backcountry Guides on the site as a guide.`);
    expect(letter?.text).toContain('http://127.0.0.1:4322/guide');
    const setupLink = /(http\S*mode=resetPassword\S*)/.exec(letter?.text ?? '')?.[1];
    expect(setupLink, letter?.text).toBeDefined();

    await choosePassword(setupLink ?? '', 'powder-day-9');
    const token = await signInAgain({ email, password: 'powder-day-9' });
    expect((await guideDates(token)).status).toBe(200);
    const after = await staff();
    expect(after.body.invitations.some((open) => open.email === email)).toBe(false);
    expect(after.body.members.find((member) => member.email === email)).toMatchObject({ roles: ['guide'] });
    expect((await guideDates(token)).status).toBe(200);
    expect(await recordsOf(email)).toEqual([
      { action: 'invite staff', operator_uid: operator.uid, reason: 'Invited from the console', after: { role: 'guide' } },
      {
        action: 'grant role',
        operator_uid: operator.uid,
        reason: expect.stringMatching(/^Invited on \w{3}, \w{3} \d{1,2}; signed in with the address and proved it$/),
        after: { guide: true },
      },
    ]);
  });

  it('gives nothing to an address not yet proved, saying what to do, and the role once it is', async () => {
    const person = await newUser();
    expect((await invite(person.email, 'guide')).body.invited.outcome).toBe('invited');
    const refused = await guideDates(person.token);
    expect(refused).toMatchObject({ status: 403, body: { error: unprovedInvitation(person.email) } });
    expect((await staff()).body.invitations.some((open) => open.email === person.email)).toBe(true);

    await verifyEmail(EMULATOR, PROJECT_ID, person.token, person.email);
    // The token from before the proof still carries `email_verified: false`: the identity service is asked.
    expect((await guideDates(person.token)).status).toBe(200);
    expect((await staff()).body.members.find((member) => member.uid === person.uid)).toMatchObject({ roles: ['guide'] });
  });

  it('withdraws an invitation, so that it gives nothing; withdrawing again is harmless', async () => {
    const person = await newUser();
    await verifyEmail(EMULATOR, PROJECT_ID, person.token, person.email);
    const invited = await invite(person.email, 'operator');
    const id = invited.body.invitations.find((open) => open.email === person.email)?.id ?? '';
    const withdrawn = await h.json<OpsStaff>('DELETE', `/ops/staff/invitations/${id}`, { token: operator.token });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.invitations.some((open) => open.id === id)).toBe(false);
    expect((await h.json('DELETE', `/ops/staff/invitations/${id}`, { token: operator.token })).status).toBe(200);
    expect((await h.json('DELETE', '/ops/staff/invitations/invite_nobody', { token: operator.token })).status).toBe(404);

    const token = await signInAgain(person);
    expect(await h.json('GET', '/ops/days', { token })).toMatchObject({ status: 403, body: { error: NOT_AN_OPERATOR } });
    expect((await recordsOf(person.email)).map((record) => record.action)).toEqual(['invite staff', 'withdraw invitation']);
  });

  it('takes a role away for a reason, which counts at once; never an operator’s own', async () => {
    const guide = await staffMember('guide');
    expect((await guideDates(guide.token)).status).toBe(200);
    expect((await invite(guide.email, 'guide')).body.invited.outcome).toBe('holds');
    expect(await mailTo(guide.email)).toEqual([]);

    const noReason = await h.json('POST', `/ops/staff/${guide.uid}/revoke`, { token: operator.token, body: { role: 'guide' } });
    expect(noReason.status).toBe(400);
    const revoke = () =>
      h.json<OpsStaff & { error?: string }>('POST', `/ops/staff/${guide.uid}/revoke`, {
        token: operator.token,
        body: { role: 'guide', reason: 'Left for the season' },
      });
    const revoked = await revoke();
    expect(revoked.status).toBe(200);
    expect(revoked.body.members.some((member) => member.uid === guide.uid)).toBe(false);
    expect(await guideDates(guide.token)).toMatchObject({ status: 403, body: { error: NOT_A_GUIDE } });
    expect(await revoke()).toMatchObject({ status: 404, body: { error: NOT_STAFF_MEMBER } });
    expect((await recordsOf(guide.email)).filter((record) => record.action === 'revoke role')).toEqual([
      { action: 'revoke role', operator_uid: operator.uid, reason: 'Left for the season', after: { guide: false } },
    ]);

    const own = await h.json('POST', `/ops/staff/${operator.uid}/revoke`, {
      token: operator.token,
      body: { role: 'operator', reason: 'Stepping down' },
    });
    expect(own).toMatchObject({ status: 400, body: { error: OWN_OPERATOR_ROLE } });
  });

  it('is for operators only, and refuses a role it does not know or an address that is none', async () => {
    const guide = await staffMember('guide');
    expect(await staff(guide.token)).toMatchObject({ status: 403, body: { error: NOT_AN_OPERATOR } });
    expect((await invite(freshAddress(), 'guide', guide.token)).status).toBe(403);
    expect(await invite(freshAddress(), 'admin')).toMatchObject({ status: 400, body: { error: ROLE_MESSAGE } });
    expect(await invite('not an address', 'guide')).toMatchObject({ status: 400, body: { error: 'Invalid email format' } });
  });
});
