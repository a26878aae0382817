/**
 * The waitlist, for a signed-in customer: POST /waitlist (join a full date's line), DELETE
 * /waitlist/{id} (leave it, declining an offer standing) and GET /waitlist/offers/{id} (the offer
 * checkout opens on). The caller's waits are listed under /users/user/{uid}/waits.
 */
import { Hono } from 'hono';
import { waitlistJoinSchema } from '../../shared/contract/requests.ts';
import { committed } from '../after-commit.ts';
import { requireCaller, safeParam } from '../auth.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { jsonBody } from '../validation.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { joinWaitlist, leaveWaitlist, offerForCheckout } from '../waitlist/entries.ts';

export function waitlistRoutes(deps: AppDeps) {
  const { db, identity, bookingCutoffHours } = deps;
  const group = new Hono<AppEnv>();
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));

  group.post('/', requireCaller(identity), jsonBody(waitlistJoinSchema), async (c) =>
    c.json(await joinWaitlist(db, c.get('caller'), c.req.valid('json'), bookingCutoffHours)),
  );

  group.delete('/:entryId', requireCaller(identity), async (c) => {
    const { left } = await committed(deps, leaveWaitlist(db, c.get('caller'), safeParam(c, 'entryId')));
    return c.json({ left });
  });

  group.get('/offers/:offerId', requireCaller(identity), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await offerForCheckout(db, c.get('caller').uid, safeParam(c, 'offerId')));
  });

  return group;
}
