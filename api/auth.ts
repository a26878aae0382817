/**
 * Bearer ID tokens: `requireCaller` for protected routes, `optionalCaller` for public ones that say
 * more to members, and `requireRole` for the staff's routes.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './http.ts';
import { TokenRejected, type Caller, type Identity, type RejectionReason, type StaffRole, type VerifyOptions } from './identity.ts';
import type { AppEnv } from './context.ts';
import type { Db } from './db/client.ts';
import { claimInvitations } from './staff/invitations.ts';
import { isSafeText } from '../shared/rules/safe-text.ts';

/** A session the account's owner ended (signed out everywhere, a new password): its caller must sign in again. */
export const SIGNED_OUT_EVERYWHERE = 'You were signed out of this account everywhere. Please sign in again.';

const rejectionMessages: Record<RejectionReason, string> = {
  invalid: 'Your session has expired. Please sign in again.',
  revoked: SIGNED_OUT_EVERYWHERE,
  disabled: 'This account has been disabled.',
};

function bearer(c: Context): string | null {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export async function optionalCaller(identity: Identity, c: Context): Promise<Caller | null> {
  const token = bearer(c);
  if (!token) return null;
  try {
    return await identity.verifyIdToken(token);
  } catch {
    return null;
  }
}

/**
 * Protected routes: 401 without a valid token. With `checkRevoked`, a token the customer revoked
 * by signing out everywhere (or of a disabled account) is refused too, however fresh it is.
 */
export function requireCaller(identity: Identity, options: VerifyOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearer(c);
    if (!token) throw new HttpError(401, 'No authenticated user found');
    let caller: Caller;
    try {
      caller = await identity.verifyIdToken(token, options);
    } catch (error) {
      throw new HttpError(401, rejectionMessages[error instanceof TokenRejected ? error.reason : 'invalid']);
    }
    c.set('caller', caller);
    await next();
  };
}

/**
 * Staff routes, after `requireCaller`: the caller must hold one of `roles` now. Roles are the identity
 * service's answer of this call (given with the revocation check) or asked of it, never read from the
 * token's claims: a role revoked (from the console or by `npm run staff:revoke`) stops counting at once,
 * although the token still carries the claim for up to an hour. Someone invited to one of `roles`
 * takes it up here, the first time they call on it having proved their address (staff/invitations.ts).
 * What staff routes answer is kept from caches.
 */
export function requireRole(
  { db, identity }: { db: Db; identity: Identity },
  roles: readonly StaffRole[],
  refusal: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = c.get('caller');
    const holds = (role: StaffRole) =>
      caller.staffRoles
        ? caller.staffRoles.includes(role)
        : role === 'guide'
          ? identity.isGuide(caller.uid)
          : identity.isOperator(caller.uid);
    let allowed = false;
    for (const role of roles) if (!allowed) allowed = await holds(role);
    if (!allowed && !(await claimInvitations(db, identity, caller, roles))) throw new HttpError(403, refusal);
    c.header('Cache-Control', 'private, no-store');
    return next();
  };
}

/** A path parameter holding a control character or a broken Unicode character is refused (400). */
export function safeParam(c: Context<AppEnv>, name: string): string {
  const value = c.req.param(name);
  if (value === undefined || !isSafeText(value)) throw new HttpError(400, 'The address contains a character that is not allowed.');
  return value;
}

/** The uid in the path must be the caller's own. */
export function ownUid(c: Context<AppEnv>): string {
  const uid = safeParam(c, 'uid');
  if (!uid || uid !== c.get('caller').uid) throw new HttpError(403, 'You may only access your own account.');
  return uid;
}
