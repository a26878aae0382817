/**
 * The guides' roster and the trip day, under /guide: GET /guide/dates and GET /guide/dates/{dateId}/roster
 * for guides; GET /guide/dates/{dateId}/trip-sheet and POST /guide/dates/{dateId}/trip-events for
 * guides and operators (an operator may run the trailhead too).
 */
import { Hono } from 'hono';
import { requireCaller, requireRole, safeParam } from '../auth.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';
import { clientAddress } from '../limits/client-ip.ts';
import { readRoster, upcomingDates } from '../roster/roster.ts';
import { recordTripEvents } from '../trailhead/trip-events.ts';
import { readTripSheet } from '../trailhead/trip-sheet.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { SIGNATURE_MAX_CHARS } from '../../shared/contract/requests.ts';
import { SIGNATURES_PER_BATCH } from '../../shared/contract/trailhead.ts';
import { GUIDE_ROUTES } from '../../shared/contract/routes/guide.ts';
import { declarer } from './declare.ts';

export const NOT_A_GUIDE = 'Only guides can see the roster.';
export const NOT_STAFF = 'Only guides and operators can open a trip sheet.';

/** A batch of events with its signatures, and room for the rest. */
const TRIP_EVENTS_BODY_LIMIT = SIGNATURES_PER_BATCH * SIGNATURE_MAX_CHARS + 64 * 1024;

export function guideRoutes({ db, identity, waiver, clientIp }: AppDeps) {
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/guide');
  // Medical data: a token revoked by signing out everywhere, or of a disabled account, is refused too.
  const caller = requireCaller(identity, { checkRevoked: true });
  const guidesOnly = [caller, requireRole({ db, identity }, ['guide'], NOT_A_GUIDE)] as const;
  const staff = [caller, requireRole({ db, identity }, ['guide', 'operator'], NOT_STAFF)] as const;

  // Declared before the group's default limit: a batch carries signature images.
  declare(GUIDE_ROUTES.sendTripEvents, limitBody(TRIP_EVENTS_BODY_LIMIT), ...staff, async (c, { events }) => {
    const request = { ipAddress: clientAddress(c, clientIp), userAgent: c.req.header('user-agent') ?? '' };
    return c.json(await recordTripEvents(db, safeParam(c, 'dateId'), events, c.get('caller'), { waiver, request }));
  });

  group.use('*', limitBody(DEFAULT_BODY_LIMIT));

  declare(GUIDE_ROUTES.guideDates, ...guidesOnly, async (c) => c.json(await upcomingDates(db)));

  declare(GUIDE_ROUTES.roster, ...guidesOnly, async (c) => {
    const roster = await readRoster(db, safeParam(c, 'dateId'), c.get('caller'), waiver.version);
    if (!roster) throw new HttpError(404, 'Date not found');
    return c.json(roster);
  });

  declare(GUIDE_ROUTES.tripSheet, ...staff, async (c) => {
    const sheet = await readTripSheet(db, safeParam(c, 'dateId'), c.get('caller'), waiver);
    if (!sheet) throw new HttpError(404, 'Date not found');
    return c.json(sheet);
  });

  return group;
}
