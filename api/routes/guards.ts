/** Checks a route makes before it reads a body, so that they answer first. */
import type { MiddlewareHandler } from 'hono';
import { ownUid, requireCaller, SIGNED_OUT_EVERYWHERE } from '../auth.ts';
import { ownerSession } from '../bookings/address-owner.ts';
import type { AppEnv } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { HttpError } from '../http.ts';
import type { Identity, VerifyOptions } from '../identity.ts';

/**
 * A customer's call about their account and bookings: a valid ID token (401 otherwise, see
 * `requireCaller`), from a session that may act for the account. A session begun before the owner
 * of the account's address took over the bookings the office made for it is refused (401) as a
 * session signed out everywhere is (bookings/address-owner.ts).
 */
export function signedInCustomer(db: Queryable, identity: Identity, options: VerifyOptions = {}): MiddlewareHandler<AppEnv> {
  const verify = requireCaller(identity, options);
  return (c, next) =>
    verify(c, async () => {
      if (!(await ownerSession(db, identity, c.get('caller')))) throw new HttpError(401, SIGNED_OUT_EVERYWHERE);
      await next();
    });
}

/** The uid in the path must be the caller's own (403), and safe text (400). */
export const ownAccount: MiddlewareHandler<AppEnv> = async (c, next) => {
  ownUid(c);
  await next();
};

/** A route this deployment does not offer answers 404, as a path the API does not have. */
export function offeredOnlyIf(offered: boolean): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    if (!offered) throw new HttpError(404, 'Not found');
    await next();
  };
}
