/**
 * Promo codes, payment intents (seat holds), payment outcomes and invites:
 * POST /promo/apply = /stripe/applyPromoCode, /stripe/create-payment-intent, /stripe/webhook,
 * /payments/local/confirm, /calendar/invite.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { applyPromoSchema, inviteSchema, localConfirmSchema, paymentIntentSchema } from '../../src/lib/schemas.ts';
import { orderTotal } from '../../src/lib/pricing.ts';
import { optionalCaller, requireCaller } from '../auth.ts';
import { createHold, promoTryKeys, SESSION_ENDED, TOO_MANY_PROMO } from '../bookings/holds.ts';
import { joinByInvite } from '../bookings/invites.ts';
import { recordPaymentEvent, type Outcome } from '../bookings/outcomes.ts';
import { promoDiscount } from '../bookings/promo.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { errorBody, HttpError, parseBody } from '../http.ts';
import { clientIp } from '../limits/client-ip.ts';
import { rateLimit } from '../limits/rate-limit.ts';
import { carryOut } from '../outbox/worker.ts';
import { localCardOutcome } from '../payments/local.ts';
import type { WebhookProvider } from '../payments/provider.ts';
import { tooLarge, WEBHOOK_BODY_LIMIT } from './limits.ts';

/** What the local confirm call says when a payment is refunded instead of booked. */
const REFUND_MESSAGES: Record<Extract<Outcome, { result: 'refunded' }>['reason'], string> = {
  'seats taken after the hold lapsed': 'Your hold on these spots ran out and they were booked by someone else. You have not been charged.',
  'bookings closed before the late payment':
    'Your hold on these spots ran out and bookings for this date have since closed. You have not been charged.',
  'price changed after the hold lapsed': 'Your hold on these spots ran out and the price has changed since. You have not been charged.',
  'date started or withdrawn': 'This date is no longer available. You have not been charged.',
  'promo code no longer valid': 'Your hold ran out and the promo code can no longer be used. You have not been charged.',
  'payment did not match the booking': 'This payment did not match your order. You have not been charged.',
  'replaced by a newer hold': SESSION_ENDED,
  'hold ended before its payment was ready': SESSION_ENDED,
  'hold lapsed': SESSION_ENDED,
  'account closed while holding seats': SESSION_ENDED,
  'refunded at the provider': 'This payment was refunded.',
};

export function paymentRoutes(deps: AppDeps) {
  const { db, identity, payments, cache, limits } = deps;
  const app = new Hono<AppEnv>();
  const signedIn = requireCaller(identity);
  const ip = (c: Context) => clientIp(c, deps.clientIp);
  /** Counts a try per client address and, for a signed-in caller, per customer. */
  const promoTries: MiddlewareHandler<AppEnv> = async (c, next) => {
    const caller = await optionalCaller(identity, c);
    return rateLimit<AppEnv>(db, limits.promoTries, TOO_MANY_PROMO, () => promoTryKeys(ip(c), caller?.uid ?? null))(c, next);
  };
  const inviteTries = rateLimit<AppEnv>(db, limits.inviteTries, 'Too many invite code attempts.', (c) => [
    `invite:ip:${ip(c)}`,
    `invite:uid:${c.get('caller').uid}`,
  ]);

  /** Records an outcome, then carries out the refunds it decided while the caller waits. */
  const settle = async (event: Parameters<typeof recordPaymentEvent>[1]) => {
    const outcome = await recordPaymentEvent(db, event, { cutoffHours: deps.bookingCutoffHours });
    await carryOut(db, payments, outcome.actions);
    if (outcome.result !== 'duplicate' && outcome.result !== 'unknown') cache.clear();
    return outcome;
  };

  const applyPromo = async (c: Context<AppEnv>) => {
    const body = await parseBody(c, applyPromoSchema);
    const [price] = await db.query<{ unit_amount: number }>(`select unit_amount from prices where id = $1 and active`, [
      body.selectedPriceId,
    ]);
    if (!price) throw new HttpError(404, 'Product not found');
    const discount = await promoDiscount(db, body.promoCode, body.selectedPriceId);
    const quantity = body.quantity ?? 1;
    return c.json({
      promoCode: body.promoCode,
      discount,
      finalPrice: orderTotal(price.unit_amount, 1, discount),
      finalTotal: orderTotal(price.unit_amount, quantity, discount),
      quantity,
    });
  };
  app.post('/promo/apply', promoTries, applyPromo);
  app.post('/stripe/applyPromoCode', promoTries, applyPromo);

  app.post('/stripe/create-payment-intent', signedIn, async (c) => {
    const request = await parseBody(c, paymentIntentSchema);
    const hold = await createHold(db, payments, c.get('caller'), request, {
      holdSeconds: deps.holdSeconds,
      currency: deps.currency,
      cutoffHours: deps.bookingCutoffHours,
      intentLimit: limits.paymentIntents,
      clientKey: ip(c),
      addressLimit: limits.holdsPerAddress,
      promoLimit: limits.promoTries,
      waiverVersion: deps.waiver.version,
    });
    // Seats changed only when this call took them; a repeated request leaves the public calendars as they are.
    if (hold.fresh) cache.clear();
    return c.json({
      clientSecret: hold.clientSecret,
      bookingId: hold.bookingId,
      amount: hold.amount,
      currency: hold.currency,
      expiresAt: hold.expiresAt,
      provider: payments.name,
    });
  });

  // Real Stripe events run past the API's usual 16 KiB body limit.
  app.post('/stripe/webhook', bodyLimit({ maxSize: WEBHOOK_BODY_LIMIT, onError: tooLarge }), async (c) => {
    if (!('parseWebhook' in payments)) throw new HttpError(404, 'Not found');
    const signature = c.req.header('stripe-signature');
    const raw = await c.req.text();
    let event;
    try {
      if (!signature) throw new Error('missing signature');
      event = (payments as WebhookProvider).parseWebhook(raw, signature);
    } catch {
      return c.json(errorBody('Webhook signature verification failed'), 400);
    }
    if (event) await settle(event);
    return c.json({ received: true });
  });

  app.post('/payments/local/confirm', signedIn, async (c) => {
    if (payments.name !== 'local') throw new HttpError(404, 'Not found');
    const body = await parseBody(c, localConfirmSchema);
    const caller = c.get('caller');
    const [booking] = await db.query<{
      id: string;
      payment_intent_id: string;
      user_id: string;
      status: string;
      amount: number;
      currency: string;
    }>(`select id, payment_intent_id, user_id, status, amount, currency from bookings where client_secret = $1`, [body.clientSecret]);
    if (!booking) throw new HttpError(404, 'Payment session not found. Please start checkout again.');
    if (booking.user_id !== caller.uid) throw new HttpError(403, 'This payment belongs to another account.');
    // A released hold's intent was cancelled (a newer hold replaced it): it cannot be paid.
    if (booking.status === 'released') throw new HttpError(409, SESSION_ENDED);
    const card = localCardOutcome(body.cardNumber, body.expiry);
    // A declined card keeps the hold until it expires, so the customer may try another card.
    if (!card.ok) return c.json(errorBody(card.message), 402);
    const intentId = booking.payment_intent_id;
    const outcome = await settle({
      eventId: `local:${intentId}:succeeded`,
      type: 'succeeded',
      intentId,
      amount: booking.amount,
      currency: booking.currency,
      bookingId: booking.id,
    });
    if (outcome.result === 'refunded') throw new HttpError(409, REFUND_MESSAGES[outcome.reason]);
    const [state] = await db.query<{ status: string; date_id: string }>(
      `select status, date_id from bookings where payment_intent_id = $1`,
      [intentId],
    );
    if (state?.status !== 'paid') throw new HttpError(409, SESSION_ENDED);
    return c.json({ status: 'succeeded', dateId: state.date_id });
  });

  app.post('/calendar/invite', signedIn, inviteTries, async (c) => {
    const { inviteCode } = await parseBody(c, inviteSchema);
    const result = await joinByInvite(db, c.get('caller'), inviteCode);
    cache.clear();
    return c.json({ success: true, ...result });
  });

  return app;
}
