/**
 * The operators' console: GET /ops/days (today and the days ahead, with parties and readiness),
 * GET /ops/bookings?q= (find a booking), POST /ops/bookings (book for a customer), GET /ops/bookings/{id},
 * GET .../move-targets, and POST .../cancel, .../move, .../notes and
 * .../resend on it; GET /ops/dates/{id} (its seats and who is on it) and POST .../call-off;
 * GET /ops/date-kinds, POST /ops/dates (one date or a weekly pattern), PUT /ops/dates/{id}/capacity,
 * POST /ops/dates/{id}/withdraw; GET /ops/blackout-days, POST /ops/blackout-days, POST /ops/blackout-days/{day}/lift;
 * GET /ops/promo-codes, PUT /ops/promo-codes/{code} (create, change or pause); GET /ops/activity (the record of operator actions). Operators only; every change is recorded in
 * its own transaction.
 */
import { NOT_AN_OPERATOR } from '../../shared/contract/messages.ts';
import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { requireCaller, safeParam } from '../auth.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';
import type { Identity } from '../identity.ts';
import { carryOut } from '../payment-outbox/worker.ts';
import { jsonBody } from '../validation.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import {
  opsAddDatesSchema,
  opsBlackoutSchema,
  opsBookSchema,
  opsCancelSchema,
  opsCapacitySchema,
  opsMoveSchema,
  opsPromoSchema,
  opsPromoCodeSchema,
  opsNoteSchema,
  opsReasonSchema,
  opsResendSchema,
  searchSchema,
} from '../../shared/contract/ops-requests.ts';
import { addDates, changeCapacity, dateKinds, withdrawDate } from '../console/dates.ts';
import { addNote, resendConfirmation } from '../console/booking-actions.ts';
import { bookForCustomer, holdForCard } from '../console/book-for-customer.ts';
import { moveForCustomer, operatorMoveTargets } from '../console/move-for-customer.ts';
import { callOffByOperator, dateOverview } from '../console/date-overview.ts';
import { cancelForCustomer } from '../console/cancel-booking.ts';
import { DAYS_AHEAD, daysAhead, MAX_DAYS_AHEAD } from '../console/days-ahead.ts';
import { findBookings, opsBooking } from '../console/lookup.ts';
import { listActions } from '../console/record.ts';
import { listPromos, savePromo } from '../console/promo-codes.ts';
import { liftBlackout, listBlackouts, markBlackout } from '../console/blackout-days.ts';
import { BOOKING_NOT_FOUND } from '../../shared/contract/messages.ts';
import { isCalendarDay } from '../../shared/rules/dates.ts';

const ACTIVITY_SHOWN = 200;

/** The role is asked of the identity service on every call, so a revoked operator is refused at once (as the roster does for guides). */
function requireOperator(identity: Identity): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await identity.isOperator(c.get('caller').uid))) throw new HttpError(403, NOT_AN_OPERATOR);
    c.header('Cache-Control', 'private, no-store');
    await next();
  };
}

/** A query parameter as `schema` reads it, or a 400 with its message. */
function queryParam<S extends v.GenericSchema>(value: string | undefined, schema: S): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) throw new HttpError(400, parsed.issues[0].message);
  return parsed.output;
}

const DAYS_MESSAGE = `Days ahead must be a whole number from 0 to ${MAX_DAYS_AHEAD}.`;
const daysSchema = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,3}$/, DAYS_MESSAGE), v.transform(Number), v.maxValue(MAX_DAYS_AHEAD, DAYS_MESSAGE)),
  String(DAYS_AHEAD),
);
const FROM_MESSAGE = 'The first day must be a calendar day (YYYY-MM-DD).';
const fromSchema = v.optional(v.pipe(v.string(), v.check(isCalendarDay, FROM_MESSAGE)));
const blackoutDaySchema = v.pipe(v.string(), v.check(isCalendarDay, 'The day must be a calendar day (YYYY-MM-DD).'));

export function opsRoutes({ db, identity, payments, cache, mailer, waiver, holdSeconds }: AppDeps) {
  const group = new Hono<AppEnv>();
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));
  // Customers' contacts and money: a revoked token or a disabled account is refused too.
  group.use('*', requireCaller(identity, { checkRevoked: true }), requireOperator(identity));

  group.get('/days', async (c) => {
    const days = queryParam(c.req.query('days'), daysSchema);
    const fromDay = queryParam(c.req.query('from'), fromSchema);
    return c.json(await daysAhead(db, { fromDay, days }, waiver.version));
  });

  group.get('/bookings', async (c) => c.json(await findBookings(db, queryParam(c.req.query('q'), searchSchema))));

  group.post('/bookings', jsonBody(opsBookSchema), async (c) => {
    const request = c.req.valid('json');
    const { paidBy } = request;
    // By card: the seats are held while the operator takes the customer's card in the card form.
    if (paidBy === 'card') return c.json(await holdForCard(db, identity, payments, c.get('caller'), request, holdSeconds), 202);
    const result = await bookForCustomer(db, identity, c.get('caller'), { ...request, paidBy });
    if (result.booked) {
      cache.clear();
      mailer?.kick();
    }
    return c.json(await opsBooking(db, result.bookingId, waiver.version), result.booked ? 201 : 200);
  });

  group.get('/bookings/:bookingId', async (c) => {
    const booking = await opsBooking(db, safeParam(c, 'bookingId'), waiver.version);
    if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
    return c.json(booking);
  });

  group.post('/bookings/:bookingId/cancel', jsonBody(opsCancelSchema), async (c) => {
    const bookingId = safeParam(c, 'bookingId');
    const result = await cancelForCustomer(db, c.get('caller'), bookingId, c.req.valid('json'));
    await carryOut(db, payments, result.actions);
    if (result.changed) {
      cache.clear();
      mailer?.kick();
    }
    return c.json(await opsBooking(db, bookingId, waiver.version));
  });

  group.get('/bookings/:bookingId/move-targets', async (c) => c.json(await operatorMoveTargets(db, safeParam(c, 'bookingId'))));

  group.post('/bookings/:bookingId/move', jsonBody(opsMoveSchema), async (c) => {
    const bookingId = safeParam(c, 'bookingId');
    if ((await moveForCustomer(db, c.get('caller'), bookingId, c.req.valid('json'))).moved) {
      cache.clear();
      mailer?.kick();
    }
    return c.json(await opsBooking(db, bookingId, waiver.version));
  });

  group.post('/bookings/:bookingId/notes', jsonBody(opsNoteSchema), async (c) => {
    const bookingId = safeParam(c, 'bookingId');
    await addNote(db, c.get('caller'), bookingId, c.req.valid('json').note);
    return c.json(await opsBooking(db, bookingId, waiver.version));
  });

  group.post('/bookings/:bookingId/resend', jsonBody(opsResendSchema), async (c) => {
    const bookingId = safeParam(c, 'bookingId');
    if (await resendConfirmation(db, c.get('caller'), bookingId, c.req.valid('json'))) mailer?.kick();
    return c.json(await opsBooking(db, bookingId, waiver.version));
  });

  group.get('/dates/:dateId', async (c) => c.json(await dateOverview(db, safeParam(c, 'dateId'), waiver.version)));

  group.post('/dates/:dateId/call-off', jsonBody(opsReasonSchema), async (c) => {
    const dateId = safeParam(c, 'dateId');
    const result = await callOffByOperator(db, c.get('caller'), dateId, c.req.valid('json').reason);
    if (result.calledOff) {
      await carryOut(db, payments, result.actions);
      cache.clear();
      mailer?.kick();
    }
    return c.json({ ...(await dateOverview(db, dateId, waiver.version)), asked: result.bookings });
  });

  group.get('/date-kinds', async (c) => c.json(await dateKinds(db)));

  group.post('/dates', jsonBody(opsAddDatesSchema), async (c) => {
    const result = await addDates(db, c.get('caller'), c.req.valid('json'));
    if (result.added.length > 0) cache.clear();
    return c.json(result);
  });

  group.put('/dates/:dateId/capacity', jsonBody(opsCapacitySchema), async (c) => {
    const result = await changeCapacity(db, c.get('caller'), safeParam(c, 'dateId'), c.req.valid('json'));
    if (result.changed) cache.clear();
    return c.json(result);
  });

  group.post('/dates/:dateId/withdraw', jsonBody(opsReasonSchema), async (c) => {
    const result = await withdrawDate(db, c.get('caller'), safeParam(c, 'dateId'), c.req.valid('json').reason);
    if (result.changed) cache.clear();
    return c.json(result);
  });

  group.get('/blackout-days', async (c) => c.json(await listBlackouts(db)));

  group.post('/blackout-days', jsonBody(opsBlackoutSchema), async (c) => {
    if ((await markBlackout(db, c.get('caller'), c.req.valid('json'))).changed) cache.clear();
    return c.json(await listBlackouts(db));
  });

  group.post('/blackout-days/:day/lift', jsonBody(opsReasonSchema), async (c) => {
    const day = queryParam(safeParam(c, 'day'), blackoutDaySchema);
    if ((await liftBlackout(db, c.get('caller'), day, c.req.valid('json').reason)).changed) cache.clear();
    return c.json(await listBlackouts(db));
  });

  group.get('/promo-codes', async (c) => c.json(await listPromos(db)));

  group.put('/promo-codes/:code', jsonBody(opsPromoSchema), async (c) => {
    const code = queryParam(safeParam(c, 'code'), opsPromoCodeSchema);
    await savePromo(db, c.get('caller'), code, c.req.valid('json'));
    return c.json(await listPromos(db));
  });

  group.get('/activity', async (c) => c.json(await listActions(db, { limit: ACTIVITY_SHOWN })));

  return group;
}
