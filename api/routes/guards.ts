/** Checks a route makes before it reads a body, so that they answer first. */
import type { MiddlewareHandler } from 'hono';
import { ownUid } from '../auth.ts';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';

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
