/**
 * A customer's own booking: GET /bookings/{id}/cancellation (what cancelling gives back now),
 * POST /bookings/{id}/cancellation (cancel on the terms of a quote; 409 with the new quote when it no
 * longer holds), GET/POST /bookings/{id}/date-change (the fee and the dates; a hold on the new date
 * whose paid fee moves the booking), DELETE /bookings/{id}/date-change (the payer keeps the date: that
 * hold ends at once), POST /bookings/{id}/leave (a member leaves the party), and GET/POST
 * /bookings/{id}/call-off (after the company called off the date: the payer's choice of a full
 * refund or another date at no charge).
 */
import { Hono } from 'hono';
import { committed } from '../after-commit.ts';
import { callOffChoiceSchema, cancellationSchema, dateChangeSchema } from '../../shared/contract/requests.ts';
import { dateChangeOptions, keepDate, startDateChange } from '../bookings/date-change.ts';
import { TOO_MANY } from '../bookings/holds.ts';
import { rateLimit } from '../limits/rate-limit.ts';
import { callOffChoice, chooseAfterCallOff } from '../bookings/call-off.ts';
import { safeParam } from '../auth.ts';
import { cancelBooking, leaveParty, QUOTE_CHANGED, quoteCancellation } from '../bookings/cancellation.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { errorBody } from '../http.ts';
import { jsonBody } from '../validation.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { signedInCustomer } from './guards.ts';

export function bookingRoutes(deps: AppDeps) {
  const { db, identity, payments, bookingCutoffHours, holdSeconds, limits } = deps;
  const group = new Hono<AppEnv>();
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));
  const signedIn = signedInCustomer(db, identity);

  group.get('/:bookingId/cancellation', signedIn, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await quoteCancellation(db, c.get('caller').uid, safeParam(c, 'bookingId')));
  });

  group.post('/:bookingId/cancellation', signedIn, jsonBody(cancellationSchema), async (c) => {
    const payer = { payer: c.get('caller').uid, quoteId: c.req.valid('json').quoteId };
    const result = await committed(deps, cancelBooking(db, safeParam(c, 'bookingId'), payer));
    if (result.outcome === 'stale') return c.json({ ...errorBody(QUOTE_CHANGED), quote: result.quote }, 409);
    const { bookingId, dateId, refund, currency } = result;
    return c.json({ status: 'cancelled', bookingId, dateId, refund, currency });
  });

  group.get('/:bookingId/date-change', signedIn, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await dateChangeOptions(db, c.get('caller').uid, safeParam(c, 'bookingId'), bookingCutoffHours));
  });

  // Each fee hold makes a payment intent: limited per customer, as checkout's holds are.
  const intents = rateLimit<AppEnv>(db, limits.paymentIntents, TOO_MANY, (c) => [`date-change-intents:${c.get('caller').uid}`]);
  group.post('/:bookingId/date-change', signedIn, intents, jsonBody(dateChangeSchema), async (c) => {
    const settings = { cutoffHours: bookingCutoffHours, holdSeconds };
    const change = startDateChange(db, payments, c.get('caller'), safeParam(c, 'bookingId'), c.req.valid('json'), settings);
    const started = await committed(deps, change);
    if (started.outcome === 'stale') return c.json({ ...errorBody(QUOTE_CHANGED), quote: started.quote }, 409);
    return c.json(started.hold);
  });

  group.delete('/:bookingId/date-change', signedIn, async (c) => {
    const { released } = await committed(deps, keepDate(db, c.get('caller').uid, safeParam(c, 'bookingId')));
    return c.json({ released });
  });

  group.get('/:bookingId/call-off', signedIn, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await callOffChoice(db, c.get('caller').uid, safeParam(c, 'bookingId'), bookingCutoffHours));
  });

  group.post('/:bookingId/call-off', signedIn, jsonBody(callOffChoiceSchema), async (c) => {
    const bookingId = safeParam(c, 'bookingId');
    await committed(deps, chooseAfterCallOff(db, c.get('caller').uid, bookingId, c.req.valid('json'), bookingCutoffHours));
    return c.json(await callOffChoice(db, c.get('caller').uid, bookingId, bookingCutoffHours));
  });

  group.post('/:bookingId/leave', signedIn, async (c) => {
    const { bookingId, dateId, left } = await committed(deps, leaveParty(db, c.get('caller').uid, safeParam(c, 'bookingId')));
    return c.json({ bookingId, dateId, left });
  });

  return group;
}
