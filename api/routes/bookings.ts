/**
 * A customer's own booking: GET /bookings/{id}/cancellation (what cancelling gives back now),
 * POST /bookings/{id}/cancellation (cancel on the terms of a quote; 409 with the new quote when it no
 * longer holds), GET/POST /bookings/{id}/date-change (the fee and the dates; a hold on the new date
 * whose paid fee moves the booking), DELETE /bookings/{id}/date-change (the payer keeps the date: that
 * hold ends at once), POST /bookings/{id}/leave (a member leaves the party), and GET/POST
 * /bookings/{id}/call-off (after the company called off the date: the payer's choice of a full
 * refund or another date at no charge), and POST /bookings/{id}/gift-card-payment (Book now: a hold
 * gift cards pay all of).
 */
import { Hono } from 'hono';
import { committed } from '../after-commit.ts';
import { dateChangeOptions, keepDate, startDateChange } from '../bookings/date-change.ts';
import { TOO_MANY } from '../bookings/holds.ts';
import { bookOnGiftCards } from '../bookings/gift-card-payment.ts';
import { enforce, rateLimit } from '../limits/rate-limit.ts';
import { clientIp } from '../limits/client-ip.ts';
import { giftCodeTryKeys, TOO_MANY_GIFT_CODES } from '../gift-cards/cards.ts';
import { callOffChoice, chooseAfterCallOff } from '../bookings/call-off.ts';
import { DEFAULT_CREDIT_TERMS } from '../../shared/rules/gift-card-credit.ts';
import { safeParam } from '../auth.ts';
import { cancelBooking, leaveParty, QUOTE_CHANGED, quoteCancellation } from '../bookings/cancellation.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { errorBody } from '../http.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { signedInCustomer } from './guards.ts';
import { CUSTOMER_ROUTES } from '../../shared/contract/routes/customer.ts';
import { declarer } from './declare.ts';
import { clockNow } from '../clock.ts';

export function bookingRoutes(deps: AppDeps) {
  const { db, identity, payments, bookingCutoffHours, holdSeconds, limits } = deps;
  const choiceSettings = { cutoffHours: bookingCutoffHours, creditTerms: deps.creditTerms ?? DEFAULT_CREDIT_TERMS };
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/bookings');
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));
  const signedIn = signedInCustomer(db, identity);

  declare(CUSTOMER_ROUTES.cancellationQuote, signedIn, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await quoteCancellation(db, c.get('caller').uid, safeParam(c, 'bookingId'), clockNow(), choiceSettings.creditTerms));
  });

  declare(CUSTOMER_ROUTES.cancelBooking, signedIn, async (c, body) => {
    const credit = body.asCredit ? { terms: choiceSettings.creditTerms } : undefined;
    const payer = { payer: c.get('caller').uid, quoteId: body.quoteId, ...(credit ? { credit } : {}) };
    const result = await committed(deps, cancelBooking(db, safeParam(c, 'bookingId'), payer));
    if (result.outcome === 'stale') return c.json({ ...errorBody(QUOTE_CHANGED), quote: result.quote }, 409);
    const { bookingId, dateId, refund, credit: onCard, currency } = result;
    return c.json({ status: 'cancelled', bookingId, dateId, refund, currency, ...(onCard > 0 ? { credit: onCard } : {}) });
  });

  declare(CUSTOMER_ROUTES.bookOnGiftCards, signedIn, async (c) => {
    const booked = await committed(deps, bookOnGiftCards(db, c.get('caller'), safeParam(c, 'bookingId'), bookingCutoffHours));
    return c.json({ status: 'succeeded', dateId: booked.dateId });
  });

  declare(CUSTOMER_ROUTES.dateChangeOptions, signedIn, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await dateChangeOptions(db, c.get('caller').uid, safeParam(c, 'bookingId'), bookingCutoffHours));
  });

  // Each fee hold makes a payment intent: limited per customer, as checkout's holds are.
  const intents = rateLimit<AppEnv>(db, limits.paymentIntents, TOO_MANY, (c) => [`date-change-intents:${c.get('caller').uid}`]);
  declare(CUSTOMER_ROUTES.startDateChange, signedIn, intents, async (c, body) => {
    // Gift card codes named count against guessing, as at checkout and on the balance page.
    if (body.giftCodes?.length) {
      await enforce(db, giftCodeTryKeys(clientIp(c, deps.clientIp), c.get('caller').uid), limits.giftCodeTries, TOO_MANY_GIFT_CODES);
    }
    const settings = { cutoffHours: bookingCutoffHours, holdSeconds };
    const change = startDateChange(db, payments, c.get('caller'), safeParam(c, 'bookingId'), body, settings);
    const started = await committed(deps, change);
    if (started.outcome === 'stale') return c.json({ ...errorBody(QUOTE_CHANGED), quote: started.quote }, 409);
    return c.json(started.hold);
  });

  declare(CUSTOMER_ROUTES.keepDate, signedIn, async (c) => {
    const { released } = await committed(deps, keepDate(db, c.get('caller').uid, safeParam(c, 'bookingId')));
    return c.json({ released });
  });

  declare(CUSTOMER_ROUTES.callOffChoice, signedIn, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await callOffChoice(db, c.get('caller').uid, safeParam(c, 'bookingId'), choiceSettings));
  });

  declare(CUSTOMER_ROUTES.chooseAfterCallOff, signedIn, async (c, body) => {
    const bookingId = safeParam(c, 'bookingId');
    await committed(deps, chooseAfterCallOff(db, c.get('caller').uid, bookingId, body, choiceSettings));
    return c.json(await callOffChoice(db, c.get('caller').uid, bookingId, choiceSettings));
  });

  declare(CUSTOMER_ROUTES.leaveParty, signedIn, async (c) => {
    const { bookingId, dateId, left } = await committed(deps, leaveParty(db, c.get('caller').uid, safeParam(c, 'bookingId')));
    return c.json({ bookingId, dateId, left });
  });

  return group;
}
