/**
 * The calendars: GET /calendar/{winter-classes|winter-day-tours|winter-mentorship}, public and
 * saying more to members; GET /calendar/invite/{code}, what an invite link is for; POST
 * /calendar/invite/joining, a signed-in friend who followed the link and is on their way; and POST
 * /calendar/invite, joining a party by its invite code. The invite calls count against the same
 * limit per address, so codes cannot be guessed through any of them.
 */
import { Hono } from 'hono';
import { committed } from '../after-commit.ts';
import * as v from 'valibot';
import { CALENDARS, inviteSchema } from '../../shared/contract/requests.ts';
import { optionalCaller } from '../auth.ts';
import { ownerSession } from '../bookings/address-owner.ts';
import { invitation, INVITE_NOT_FOUND, joinByInvite, startJoining } from '../bookings/invites.ts';
import { listCalendar, partiesOf } from '../catalog/calendars.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';
import { clientIp } from '../limits/client-ip.ts';
import { rateLimit } from '../limits/rate-limit.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { signedInCustomer } from './guards.ts';
import { CUSTOMER_ROUTES } from '../../shared/contract/routes/customer.ts';
import { PUBLIC_ROUTES } from '../../shared/contract/routes/public.ts';
import { declarer } from './declare.ts';

const CALENDAR_CACHE = 'public, max-age=15, s-maxage=15, stale-while-revalidate=60';

export function calendarRoutes(deps: AppDeps) {
  const { db, identity, cache, limits, bookingCutoffHours, clientIp: ipSettings } = deps;
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/calendar');
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));

  declare(PUBLIC_ROUTES.calendar, async (c) => {
    const parsed = v.safeParse(v.picklist(CALENDARS), c.req.param('name'));
    if (!parsed.success) throw new HttpError(404, 'Not found');
    const name = parsed.output;
    c.header('Vary', 'Authorization');
    const entries = await cache.get(`calendar:${name}`, () => listCalendar(db, name, bookingCutoffHours));
    const signedIn = await optionalCaller(identity, c);
    // A session its account's owner has ended sees the calendars as anyone does.
    const caller = signedIn && (await ownerSession(db, identity, signedIn)) ? signedIn : null;
    if (!caller) {
      c.header('Cache-Control', CALENDAR_CACHE);
      return c.json(entries);
    }
    c.header('Cache-Control', 'private, no-store');
    // The caller's own bookings carry their invite code and the party's unclaimed seats.
    const parties = await partiesOf(db, caller.uid);
    return c.json(entries.map((entry) => ({ ...entry, ...parties.get(entry.id) })));
  });

  const inviteLookups = rateLimit<AppEnv>(db, limits.inviteTries, 'Too many invite code attempts.', (c) => [
    `invite:ip:${clientIp(c, ipSettings)}`,
  ]);
  declare(PUBLIC_ROUTES.invitation, inviteLookups, async (c) => {
    const code = v.safeParse(inviteSchema.entries.inviteCode, c.req.param('code'));
    if (!code.success) throw new HttpError(404, INVITE_NOT_FOUND);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await invitation(db, code.output));
  });

  const inviteTries = rateLimit<AppEnv>(db, limits.inviteTries, 'Too many invite code attempts.', (c) => [
    `invite:ip:${clientIp(c, ipSettings)}`,
    `invite:uid:${c.get('caller').uid}`,
  ]);
  declare(CUSTOMER_ROUTES.startJoining, signedInCustomer(db, identity), inviteTries, async (c, body) => {
    await startJoining(db, c.get('caller'), body.inviteCode);
    return c.json({ success: true });
  });

  declare(CUSTOMER_ROUTES.joinParty, signedInCustomer(db, identity), inviteTries, async (c, body) => {
    const { bookingId, dateId, joined } = await committed(deps, joinByInvite(db, c.get('caller'), body.inviteCode));
    return c.json({ success: true, bookingId, dateId, joined });
  });

  return group;
}
