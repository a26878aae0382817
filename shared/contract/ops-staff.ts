/**
 * The console's staff page (`/ops/staff`) as the API answers it: who holds a staff role, and the
 * invitations not yet taken up. Each answer is a valibot schema the console checks it with, and the
 * type the API's functions return.
 */
import * as v from 'valibot';
import { instant, optionalText, text } from './answers.ts';
import { STAFF_ROLES } from './ops-requests.ts';

const role = v.picklist(STAFF_ROLES);

/** Someone holding a staff role: named as their account names them. */
export const opsStaffMember = v.looseObject({ uid: text, name: text, email: optionalText, roles: v.array(role) });
export type OpsStaffMember = v.InferOutput<typeof opsStaffMember>;

/** An invitation waiting for its address's owner to sign in having proved the address. */
export const opsStaffInvitation = v.looseObject({ id: text, email: text, role, invitedBy: text, invitedAt: instant });
export type OpsStaffInvitation = v.InferOutput<typeof opsStaffInvitation>;

/** GET /ops/staff */
export const opsStaffAnswer = v.looseObject({ members: v.array(opsStaffMember), invitations: v.array(opsStaffInvitation) });
export type OpsStaff = v.InferOutput<typeof opsStaffAnswer>;

/**
 * POST /ops/staff/invitations: the staff page after it, and what became of the invitation: sent,
 * already waiting (nothing sent again), or not needed (the account already holds the role).
 */
export const opsInvitedAnswer = v.looseObject({
  ...opsStaffAnswer.entries,
  invited: v.looseObject({ email: text, role, outcome: v.picklist(['invited', 'already-invited', 'holds']) }),
});
export type OpsInvited = v.InferOutput<typeof opsInvitedAnswer>;
