/** What an invitation to the staff's e-mail says, read when it is sent: one withdrawn or taken up since is not sent. */
import { siteLink, accountLinks } from '../../shared/company/site-links.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { Queryable } from '../db/client.ts';
import type { StaffInvitationFacts } from '../mail/message-types.ts';

const START_PATH = { guide: '/guide', operator: '/ops' } as const;

export async function invitationFacts(
  db: Queryable,
  invitationId: string,
  { recipientName, siteUrl, setupLink }: { recipientName: string; siteUrl: string; setupLink: string | null },
): Promise<{ facts: StaffInvitationFacts } | { skip: string }> {
  const [row] = await db.query<{
    email: string;
    role: 'guide' | 'operator';
    open: boolean;
    inviter_name: string | null;
    invited_by_email: string | null;
  }>(
    `select i.email, i.role, i.accepted_at is null and i.withdrawn_at is null as open, u.display_name as inviter_name, i.invited_by_email
       from staff_invitations i left join users u on u.uid = i.invited_by_uid where i.id = $1`,
    [invitationId],
  );
  if (!row) return { skip: 'invitation not found' };
  if (!row.open) return { skip: 'invitation no longer open' };
  return {
    facts: {
      recipientName,
      email: row.email,
      role: row.role,
      invitedBy: memberName(row.inviter_name, row.invited_by_email),
      startLink: siteLink(START_PATH[row.role], siteUrl),
      signInLink: siteLink('/sign-in', siteUrl),
      setupLink,
      links: accountLinks(siteUrl),
    },
  };
}
