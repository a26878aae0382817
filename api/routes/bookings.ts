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
import { callOffChoiceSchema, cancellationSchema, dateChangeSchema } from '../../shared/contract/requests.ts';
import { dateChangeOptions, keepDate, startDateChange } from '../bookings/date-change.ts';
import { TOO_MANY } from '../bookings/holds.ts';
import { rateLimit } from '../limits/rate-limit.ts';
import { callOffChoice, chooseAfterCallOff } from '../bookings/call-off.ts';
import { safeParam } from '../auth.ts';
import { cancelBooking, leaveParty, QUOTE_CHANGED, quoteCancellation } from '../bookings/cancellation.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { errorBody } from '../http.ts';
import { carryOut } from '../payment-outbox/worker.ts';
import { jsonBody } from '../validation.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { signedInCustomer } from './guards.ts';

export function bookingRoutes({ db, identity, payments, cache, mailer, bookingCutoffHours, holdSeconds, limits }: AppDeps) {
  const group = new Hono<AppEnv>();
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));
  const signedIn = signedInCustomer(db, identity);

  group.get('/:bookingId/cancellation', signedIn, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await quoteCancellation(db, c.get('caller').uid, safeParam(c, 'bookingId')));
  });

  group.post('/:bookingId/cancellation', signedIn, jsonBody(cancellationSchema), async (c) => {
    const result = await cancelBooking(db, c.get('caller').uid, safeParam(c, 'bookingId'), c.req.valid('json').quoteId);
    if (result.outcome === 'stale') return c.json({ ...errorBody(QUOTE_CHANGED), quote: result.quote }, 409);
    await carryOut(db, payments, result.actions);
    cache.clear();
    mailer?.kick();
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
    const started = await startDateChange(db, payments, c.get('caller'), safeParam(c, 'bookingId'), c.req.valid('json'), {
      cutoffHours: bookingCutoffHours,
      holdSeconds,
    });
    if (started.outcome === 'stale') return c.json({ ...errorBody(QUOTE_CHANGED), quote: started.quote }, 409);
    cache.clear();
    return c.json(started.hold);
  });

  group.delete('/:bookingId/date-change', signedIn, async (c) => {
    const { released, actions } = await keepDate(db, c.get('caller').uid, safeParam(c, 'bookingId'));
    await carryOut(db, payments, actions);
    if (released > 0) cache.clear();
    return c.json({ released });
  });

  group.get('/:bookingId/call-off', signedIn, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await callOffChoice(db, c.get('caller').uid, safeParam(c, 'bookingId'), bookingCutoffHours));
  });

  group.post('/:bookingId/call-off', signedIn, jsonBody(callOffChoiceSchema), async (c) => {
    const bookingId = safeParam(c, 'bookingId');
    const result = await chooseAfterCallOff(db, c.get('caller').uid, bookingId, c.req.valid('json'), bookingCutoffHours);
    await carryOut(db, payments, result.actions);
    cache.clear();
    mailer?.kick();
    return c.json(await callOffChoice(db, c.get('caller').uid, bookingId, bookingCutoffHours));
  });

  group.post('/:bookingId/leave', signedIn, async (c) => {
    const result = await leaveParty(db, c.get('caller').uid, safeParam(c, 'bookingId'));
    if (result.left) cache.clear();
    return c.json(result);
  });

  return group;
}
