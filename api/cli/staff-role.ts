/**
 * Staff roles: a `guide` or an `operator` custom claim on the person's Firebase account, set or
 * cleared with `npm run staff:grant -- EMAIL ROLE --by OPERATOR --reason WHY` / `npm run staff:revoke -- ...`
 * (`guide:grant` / `guide:revoke` for the guide role). Other claims the account holds are kept. The
 * roster and the operators' console ask Firebase for the claim on every call (Identity.isGuide,
 * Identity.isOperator), so a revocation counts at once, without waiting for the person's token to expire.
 * Each change is in the record of operator actions, with the operator who made it and why.
 */
import type { Auth } from 'firebase-admin/auth';
import type { Db } from '../db/client.ts';
import { STAFF_ROLES, type Caller, type StaffRole } from '../identity.ts';
import { recordAction } from '../record/operator-actions.ts';

export { STAFF_ROLES, type StaffRole };

export class UnknownEmail extends Error {
  constructor(email: string) {
    super(`No account signs in with ${email}. The person must sign up on the site first.`);
  }
}

/** A role goes only to an address its owner has proved, or anyone could sign up with a guide's e-mail and be granted it. */
export class UnverifiedEmail extends Error {
  constructor(email: string, account: string) {
    super(
      `${email} has not been verified (${account}). The person must follow the verification link the site sent them before the role can be granted.`,
    );
  }
}

export interface RoleChange {
  uid: string;
  email: string;
  /** How the account signs in (password, google.com, ...), so the operator sees whom they changed. */
  providers: string[];
  /** False when the account already held (or already did not hold) the role: running a command twice is harmless. */
  changed: boolean;
}

/** "uid abc123, signs in with password, google.com" */
export function describeAccount(change: Pick<RoleChange, 'uid' | 'providers'>): string {
  return `uid ${change.uid}, signs in with ${change.providers.length > 0 ? change.providers.join(', ') : 'no provider'}`;
}

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export async function setStaffRole(auth: Auth, email: string, role: StaffRole, holds: boolean): Promise<RoleChange> {
  let user;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') throw new UnknownEmail(email);
    throw error;
  }
  const account = { uid: user.uid, email, providers: user.providerData.map((provider) => provider.providerId) };
  const { [role]: current, ...others } = user.customClaims ?? {};
  const held = current === true;
  if (held === holds) return { ...account, changed: false };
  // Taking a role away needs no proof; granting one does.
  if (holds && !user.emailVerified) throw new UnverifiedEmail(email, describeAccount(account));
  await auth.setCustomUserClaims(user.uid, holds ? { ...others, [role]: true } : others);
  return { ...account, changed: true };
}

/** Gives an account the role, or takes it away, as it was before a change that could not be recorded. */
async function putBack(auth: Auth, uid: string, role: StaffRole, holds: boolean): Promise<void> {
  const claims: Record<string, unknown> = { ...(await auth.getUser(uid)).customClaims };
  if (holds) claims[role] = true;
  else delete claims[role];
  await auth.setCustomUserClaims(uid, claims);
}

/**
 * Gives or takes the role for `operator`, recording it with `reason`: the record's transaction
 * commits only once the role has changed, and a change whose record could not be written is undone.
 * A change that changes nothing (the role already held, or already not held) records nothing.
 */
export async function changeStaffRole(
  db: Db,
  auth: Auth,
  operator: Caller,
  change: { email: string; role: StaffRole; holds: boolean; reason: string },
): Promise<RoleChange> {
  const { email, role, holds, reason } = change;
  const applied: RoleChange[] = [];
  try {
    return await db.transaction(async (tx) => {
      const made = await setStaffRole(auth, email, role, holds);
      if (made.changed) {
        applied.push(made);
        await recordAction(tx, operator, {
          action: holds ? 'grant role' : 'revoke role',
          subject: `account ${email} (uid ${made.uid})`,
          reason,
          before: { [role]: !holds },
          after: { [role]: holds },
        });
      }
      return made;
    });
  } catch (error) {
    for (const made of applied) await putBack(auth, made.uid, role, !holds);
    throw error;
  }
}
