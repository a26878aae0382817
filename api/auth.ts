/** Bearer ID tokens: `requireCaller` for protected routes, `optionalCaller` for public ones that say more to members. */
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './http.ts';
import type { Caller, Identity } from './identity.ts';
import type { AppEnv } from './context.ts';

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

export function requireCaller(identity: Identity): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearer(c);
    if (!token) throw new HttpError(401, 'No authenticated user found');
    let caller: Caller;
    try {
      caller = await identity.verifyIdToken(token);
    } catch {
      throw new HttpError(401, 'Your session has expired. Please sign in again.');
    }
    c.set('caller', caller);
    await next();
  };
}

/** The uid in the path must be the caller's own. */
export function ownUid(c: Context<AppEnv>): string {
  const uid = c.req.param('uid');
  if (!uid || uid !== c.get('caller').uid) throw new HttpError(403, 'You may only access your own account.');
  return uid;
}
