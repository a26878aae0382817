/**
 * The addresses named after Stripe, whichever provider runs: GET /stripe/products, and POST
 * /stripe/applyPromoCode, /stripe/create-payment-intent (a seat hold and its payment intent) and
 * /stripe/webhook (the provider's signed events).
 */
import { Hono } from 'hono';
import { paymentIntentSchema } from '../../shared/contract/requests.ts';
import { requireCaller } from '../auth.ts';
import { createHold } from '../bookings/holds.ts';
import { listProducts } from '../catalog/products.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { clientIp } from '../limits/client-ip.ts';
import { receiveWebhook } from '../payments/webhook.ts';
import { jsonBody } from '../validation.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { promoQuote } from './promo.ts';

/** Stripe's signed events: real ones pass 16 KiB (expanded charges, long metadata). */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;

const PRODUCTS_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400';

export function stripeRoutes(deps: AppDeps) {
  const { db, identity, payments, cache, limits } = deps;
  const group = new Hono<AppEnv>();

  // Declared before the group's default limit, which therefore never reaches it: a route's answer ends the chain.
  group.post('/webhook', limitBody(WEBHOOK_BODY_LIMIT), async (c) => {
    await receiveWebhook(deps, await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true });
  });

  group.use('*', limitBody(DEFAULT_BODY_LIMIT));

  group.get('/products', async (c) => {
    c.header('Cache-Control', PRODUCTS_CACHE);
    return c.json(await cache.get('products', () => listProducts(db)));
  });

  group.post('/applyPromoCode', ...promoQuote(deps));

  group.post('/create-payment-intent', requireCaller(identity), jsonBody(paymentIntentSchema), async (c) => {
    const hold = await createHold(db, payments, c.get('caller'), c.req.valid('json'), {
      holdSeconds: deps.holdSeconds,
      currency: deps.currency,
      cutoffHours: deps.bookingCutoffHours,
      intentLimit: limits.paymentIntents,
      clientKey: clientIp(c, deps.clientIp),
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

  return group;
}
