/**
 * Staff from the console: an operator invites a person by the address they will sign in with and a
 * role (guide or operator); the role becomes theirs the first time they call on it having signed in
 * with that address and proved it (`claimInvitations`, asked by the role guard). Operators take roles
 * away there too. Every change is in the record of operator actions, in the transaction that makes
 * it; a role given or taken at the identity service whose record could not be written is put back.
 */
import type { OpsInviteRequest, OpsRevokeRequest, StaffRole } from '../../shared/contract/ops-requests.ts';
import type { OpsInvited, OpsStaff } from '../../shared/contract/ops-staff.ts';
import { formatDenverDate } from '../../shared/rules/dates.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { AfterCommit } from '../after-commit.ts';
import { recordAction } from '../record/operator-actions.ts';
import type { Db, Queryable } from '../db/client.ts';
import { iso } from '../db/instant.ts';
import { HttpError, randomId } from '../http.ts';
import type { Caller, Identity } from '../identity.ts';
import { enqueueMail } from '../mail/mail-outbox.ts';
import { ensureUser } from '../users/store.ts';

/** Said to someone invited who calls on the role before proving their address. */
export const unprovedInvitation = (email: string) =>
  `You are invited to the staff, but ${email} is not confirmed yet. Follow the link in our e-mail to ${email}, then open this page again.`;
export const OWN_OPERATOR_ROLE = 'You cannot take away your own operator role: another operator can.';
export const NO_SUCH_INVITATION = 'There is no such invitation.';
export const NOT_STAFF_MEMBER = 'That person does not hold that role.';

const OPEN = 'accepted_at is null and withdrawn_at is null';
const account = (email: string, uid: string) => `account ${email} (uid ${uid})`;

interface InvitationRow {
  id: string;
  email: string;
  role: StaffRole;
  account_uid: string;
  invited_by_uid: string;
  invited_by_email: string | null;
  invited_at: Date | string;
}

/** Who holds a staff role (named as the site knows them), and the invitations still open, oldest first. */
export async function staffPage(db: Queryable, identity: Identity): Promise<OpsStaff> {
  const [accounts, invitations] = await Promise.all([
    identity.staffAccounts(),
    db.query<InvitationRow & { inviter_name: string | null } & Record<string, unknown>>(
      `select i.*, u.display_name as inviter_name from staff_invitations i left join users u on u.uid = i.invited_by_uid
        where ${OPEN.replaceAll('accepted_at', 'i.accepted_at').replaceAll('withdrawn_at', 'i.withdrawn_at')}
        order by i.invited_at, i.id`,
    ),
  ]);
  const members = accounts
    .map((staff) => ({ uid: staff.uid, name: memberName(staff.displayName, staff.email), email: staff.email, roles: staff.roles }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    members,
    invitations: invitations.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      invitedBy: memberName(row.inviter_name, row.invited_by_email),
      invitedAt: iso(row.invited_at),
    })),
  };
}

const holdsRole = (identity: Identity, uid: string, role: StaffRole) =>
  role === 'guide' ? identity.isGuide(uid) : identity.isOperator(uid);

/**
 * Invites the owner of `email` as `role`: an account for the address is made if there is none (so the
 * invitation can be written to it and they can choose a password from it), the invitation is kept, and
 * its e-mail written in the same transaction. Inviting again while it is open sends nothing again.
 */
export async function inviteStaff(
  db: Db,
  identity: Identity,
  operator: Caller,
  { email, role }: OpsInviteRequest,
): Promise<{ invited: OpsInvited['invited']; after: AfterCommit }> {
  const person = await identity.customerAccount(email, null);
  if (await holdsRole(identity, person.uid, role)) return { invited: { email, role, outcome: 'holds' }, after: {} };
  return db.transaction(async (tx) => {
    // The invitation's e-mail is written to the person's account, as a booking's messages are.
    await ensureUser(tx, { uid: person.uid, email: person.email, name: person.displayName, picture: null });
    const id = randomId('invite');
    const made = await tx.query(
      `insert into staff_invitations (id, email, role, account_uid, invited_by_uid, invited_by_email) values ($1, $2, $3, $4, $5, $6)
       on conflict (email, role) where ${OPEN} do nothing returning id`,
      [id, email, role, person.uid, operator.uid, operator.email],
    );
    if (made.length === 0) return { invited: { email, role, outcome: 'already-invited' as const }, after: {} };
    await enqueueMail(tx, [
      { kind: 'staff-invitation', eventKey: id, recipientUid: person.uid, bookingId: null, facts: { invitationId: id } },
    ]);
    await recordAction(tx, operator, {
      action: 'invite staff',
      subject: account(email, person.uid),
      reason: 'Invited from the console',
      after: { role },
    });
    return { invited: { email, role, outcome: 'invited' as const }, after: { mailWritten: true } };
  });
}

/** Withdraws an open invitation; one already withdrawn is left as it is, one taken up can no longer be (its role is taken away instead). */
export async function withdrawInvitation(db: Db, operator: Caller, invitationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<InvitationRow & { accepted_at: Date | null; withdrawn_at: Date | null } & Record<string, unknown>>(
      `select * from staff_invitations where id = $1 for update`,
      [invitationId],
    );
    if (!row) throw new HttpError(404, NO_SUCH_INVITATION);
    if (row.withdrawn_at !== null) return;
    if (row.accepted_at !== null) throw new HttpError(409, `${row.email} has already taken up the invitation: take the role away instead.`);
    await tx.query(`update staff_invitations set withdrawn_at = app_now() where id = $1`, [invitationId]);
    await recordAction(tx, operator, {
      action: 'withdraw invitation',
      subject: account(row.email, row.account_uid),
      reason: 'Withdrawn from the console',
      before: { role: row.role },
    });
  });
}

/**
 * Changes a role at the identity service inside a transaction: `claim` (when given) first takes what
 * the change is owed to, and no change is made when it cannot; `record` then writes its record when
 * the role changed. When the transaction fails after the change was made, the change is undone.
 */
async function changeRecorded(
  db: Db,
  identity: Identity,
  change: { uid: string; role: StaffRole; holds: boolean },
  steps: { claim?: (tx: Queryable) => Promise<boolean>; record: (tx: Queryable) => Promise<void> },
): Promise<void> {
  let changed = false;
  try {
    await db.transaction(async (tx) => {
      if (steps.claim && !(await steps.claim(tx))) return;
      changed = await identity.setStaffRole(change.uid, change.role, change.holds);
      if (changed) await steps.record(tx);
    });
  } catch (error) {
    if (changed) await identity.setStaffRole(change.uid, change.role, !change.holds);
    throw error;
  }
}

/** Takes `role` away from the account `uid`, for `reason`; a role it does not hold is a 404. The roster and console refuse them at once. */
export async function revokeStaffRole(db: Db, identity: Identity, operator: Caller, uid: string, { role, reason }: OpsRevokeRequest) {
  if (uid === operator.uid && role === 'operator') throw new HttpError(400, OWN_OPERATOR_ROLE);
  const email = (await identity.accountStates([uid])).get(uid)?.email ?? null;
  if (email === null || !(await holdsRole(identity, uid, role))) throw new HttpError(404, NOT_STAFF_MEMBER);
  await changeRecorded(
    db,
    identity,
    { uid, role, holds: false },
    {
      record: (tx) =>
        recordAction(tx, operator, {
          action: 'revoke role',
          subject: account(email, uid),
          reason,
          before: { [role]: true },
          after: { [role]: false },
        }),
    },
  );
}

/**
 * The role guard's second look, for a caller who holds none of `roles`: an open invitation to their
 * address for one of them becomes theirs when the identity service says they proved the address (it
 * is asked, not the token, which may predate the proof). True when the caller now holds one of
 * `roles`; a 403 saying what to do when an invitation waits for the proof; false when none is open.
 */
export async function claimInvitations(db: Db, identity: Identity, caller: Caller, roles: readonly StaffRole[]): Promise<boolean> {
  const email = caller.email?.toLowerCase();
  if (!email) return false;
  const open = await db.query<InvitationRow & Record<string, unknown>>(
    `select * from staff_invitations where email = $1 and role = any($2::text[]) and ${OPEN} order by invited_at, id`,
    [email, roles],
  );
  if (open.length === 0) return false;
  const state = (await identity.accountStates([caller.uid])).get(caller.uid);
  if (state?.emailVerified !== true || state.email?.toLowerCase() !== email) throw new HttpError(403, unprovedInvitation(email));
  for (const invitation of open) {
    // The record names the operator who invited them: the role is theirs to give.
    const inviter = { uid: invitation.invited_by_uid, email: invitation.invited_by_email, name: null, picture: null };
    await changeRecorded(
      db,
      identity,
      { uid: caller.uid, role: invitation.role, holds: true },
      {
        // Taken up or withdrawn meanwhile (another call, another instance): nothing to do here.
        claim: async (tx) =>
          (await tx.query(`update staff_invitations set accepted_at = app_now() where id = $1 and ${OPEN} returning id`, [invitation.id]))
            .length > 0,
        record: (tx) =>
          recordAction(tx, inviter, {
            action: 'grant role',
            subject: account(email, caller.uid),
            reason: `Invited on ${formatDenverDate(new Date(invitation.invited_at))}; signed in with the address and proved it`,
            before: { [invitation.role]: false },
            after: { [invitation.role]: true },
          }),
      },
    );
  }
  for (const role of roles) if (await holdsRole(identity, caller.uid, role)) return true;
  return false;
}
