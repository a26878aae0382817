/**
 * Promo codes, payment intents (seat holds), payment outcomes and invites:
 * POST /promo/apply = /stripe/applyPromoCode, /stripe/create-payment-intent, /stripe/webhook,
 * /payments/local/confirm, /calendar/invite.
 */
import { Hono, type Context } from 'hono';
import { applyPromoSchema, inviteSchema, localConfirmSchema, paymentIntentSchema } from '../../src/lib/schemas.ts';
import { orderTotal } from '../../src/lib/pricing.ts';
import { requireCaller } from '../auth.ts';
import { createHold } from '../bookings/holds.ts';
import { joinByInvite } from '../bookings/invites.ts';
import { recordPaymentEvent } from '../bookings/outcomes.ts';
import { promoDiscount } from '../bookings/promo.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { errorBody, HttpError, parseBody } from '../http.ts';
import { localCardOutcome } from '../payments/local.ts';
import type { WebhookProvider } from '../payments/provider.ts';

export function paymentRoutes(deps: AppDeps) {
  const { db, identity, payments, cache } = deps;
  const app = new Hono<AppEnv>();
  const signedIn = requireCaller(identity);

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
  app.post('/promo/apply', applyPromo);
  app.post('/stripe/applyPromoCode', applyPromo);

  app.post('/stripe/create-payment-intent', signedIn, async (c) => {
    const request = await parseBody(c, paymentIntentSchema);
    const hold = await createHold(db, payments, c.get('caller'), request, { holdSeconds: deps.holdSeconds, currency: deps.currency });
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

  app.post('/stripe/webhook', async (c) => {
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
    if (event) {
      await recordPaymentEvent(db, payments, event);
      cache.clear();
    }
    return c.json({ received: true });
  });

  app.post('/payments/local/confirm', signedIn, async (c) => {
    if (payments.name !== 'local') throw new HttpError(404, 'Not found');
    const body = await parseBody(c, localConfirmSchema);
    const caller = c.get('caller');
    const [booking] = await db.query<{ payment_intent_id: string; user_id: string }>(
      `select payment_intent_id, user_id from bookings where client_secret = $1`,
      [body.clientSecret],
    );
    if (!booking) throw new HttpError(404, 'Payment session not found. Please start checkout again.');
    if (booking.user_id !== caller.uid) throw new HttpError(403, 'This payment belongs to another account.');
    const card = localCardOutcome(body.cardNumber, body.expiry);
    const intentId = booking.payment_intent_id;
    const outcome = await recordPaymentEvent(db, payments, {
      eventId: `local:${intentId}:${card.ok ? 'succeeded' : 'failed'}`,
      type: card.ok ? 'succeeded' : 'failed',
      intentId,
    });
    cache.clear();
    if (!card.ok) return c.json(errorBody(card.message), 402);
    if (outcome.result === 'refunded') {
      throw new HttpError(409, 'Your hold on these spots ran out and they were booked by someone else. You have not been charged.');
    }
    const [state] = await db.query<{ status: string; date_id: string }>(
      `select status, date_id from bookings where payment_intent_id = $1`,
      [intentId],
    );
    if (state?.status !== 'paid') throw new HttpError(409, 'This payment session has ended. Please start checkout again.');
    return c.json({ status: 'succeeded', dateId: state.date_id });
  });

  app.post('/calendar/invite', signedIn, async (c) => {
    const { inviteCode } = await parseBody(c, inviteSchema);
    const result = await joinByInvite(db, c.get('caller'), inviteCode);
    cache.clear();
    return c.json({ success: true, ...result });
  });

  return app;
}
