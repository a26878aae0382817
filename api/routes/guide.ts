/** The guides' roster: GET /guide/dates and GET /guide/dates/{dateId}/roster, for guides only. */
import { Hono, type MiddlewareHandler } from 'hono';
import { requireCaller, safeParam } from '../auth.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';
import type { Identity } from '../identity.ts';
import { readRoster, upcomingDates } from '../roster/roster.ts';

export const NOT_A_GUIDE = 'Only guides can see the roster.';

/**
 * The guide role is asked of the identity service on every call rather than read from the token's
 * claims: a role the operator revoked (npm run guide:revoke) stops counting at once, although the
 * guide's ID token still carries the claim for up to an hour.
 */
function requireGuide(identity: Identity): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await identity.isGuide(c.get('caller').uid))) throw new HttpError(403, NOT_A_GUIDE);
    await next();
  };
}

export function guideRoutes({ db, identity, waiver }: AppDeps) {
  const group = new Hono<AppEnv>();
  // Medical data: a token revoked by signing out everywhere, or of a disabled account, is refused too.
  const guidesOnly = [requireCaller(identity, { checkRevoked: true }), requireGuide(identity)] as const;

  group.get('/dates', ...guidesOnly, async (c) => c.json(await upcomingDates(db)));

  group.get('/dates/:dateId/roster', ...guidesOnly, async (c) => {
    const roster = await readRoster(db, safeParam(c, 'dateId'), c.get('caller'), waiver.version);
    if (!roster) throw new HttpError(404, 'Date not found');
    return c.json(roster);
  });

  return group;
}
