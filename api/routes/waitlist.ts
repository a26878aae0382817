/**
 * The waitlist, for a signed-in customer: POST /waitlist (join a full date's line), DELETE
 * /waitlist/{id} (leave it, declining an offer standing) and GET /waitlist/offers/{id} (the offer
 * checkout opens on). The caller's waits are listed under /users/user/{uid}/waits.
 */
import { Hono } from 'hono';
import { CUSTOMER_ROUTES } from '../../shared/contract/routes/customer.ts';
import { committed } from '../after-commit.ts';
import { requireCaller, safeParam } from '../auth.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { clientIp } from '../limits/client-ip.ts';
import { rateLimit } from '../limits/rate-limit.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { joinWaitlist, leaveWaitlist, offerForCheckout } from '../waitlist/entries.ts';
import { declarer, READ_BODY } from './declare.ts';

export const TOO_MANY_JOINS = 'You have joined waitlists too many times. Please try again later.';
export const TOO_MANY_JOINS_HERE = 'Too many waitlists have been joined from this network. Please try again later.';

export function waitlistRoutes(deps: AppDeps) {
  const { db, identity, bookingCutoffHours, limits, waiver } = deps;
  const group = new Hono<AppEnv>();
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));

  // Each join is counted, by customer and by address, before the date is looked at.
  const joinsOfCustomer = rateLimit<AppEnv>(db, limits.waitlistJoins, TOO_MANY_JOINS, (c) => [`waitlist:uid:${c.get('caller').uid}`]);
  const joinsOfAddress = rateLimit<AppEnv>(db, limits.holdsPerAddress, TOO_MANY_JOINS_HERE, (c) => [
    `waitlist:ip:${clientIp(c, deps.clientIp)}`,
  ]);
  const declare = declarer(group, '/waitlist');
  declare(CUSTOMER_ROUTES.joinWaitlist, requireCaller(identity), READ_BODY, joinsOfCustomer, joinsOfAddress, async (c, join) => {
    const settings = { cutoffHours: bookingCutoffHours, waiverVersion: waiver.version };
    const { entryId } = await committed(deps, joinWaitlist(db, c.get('caller'), join, settings));
    return c.json({ entryId });
  });

  declare(CUSTOMER_ROUTES.leaveWaitlist, requireCaller(identity), async (c) => {
    const { left } = await committed(deps, leaveWaitlist(db, c.get('caller'), safeParam(c, 'entryId')));
    return c.json({ left });
  });

  declare(CUSTOMER_ROUTES.offer, requireCaller(identity), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await offerForCheckout(db, c.get('caller').uid, safeParam(c, 'offerId')));
  });

  return group;
}
