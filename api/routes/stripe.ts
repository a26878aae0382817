/**
 * The addresses named after Stripe, whichever provider runs: GET /stripe/products, and POST
 * /stripe/applyPromoCode, /stripe/create-payment-intent (a seat hold and its payment intent, in
 * ./holds.ts) and /stripe/webhook (the provider's signed events).
 */
import { Hono } from 'hono';
import { listProducts } from '../catalog/products.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { receiveWebhook } from '../payments/webhook.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { holdRoutes } from './holds.ts';
import { promoQuote } from './promo.ts';
import { PUBLIC_ROUTES } from '../../shared/contract/routes/public.ts';
import { declarer } from './declare.ts';

/** Stripe's signed events: real ones pass 16 KiB (expanded charges, long metadata). */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;

const PRODUCTS_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400';

export function stripeRoutes(deps: AppDeps) {
  const { db, cache } = deps;
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/stripe');

  // Declared before the group's default limit, which therefore never reaches it: a route's answer ends the chain.
  declare(PUBLIC_ROUTES.paymentEvent, limitBody(WEBHOOK_BODY_LIMIT), async (c) => {
    await receiveWebhook(deps, await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true });
  });

  group.use('*', limitBody(DEFAULT_BODY_LIMIT));

  declare(PUBLIC_ROUTES.products, async (c) => {
    c.header('Cache-Control', PRODUCTS_CACHE);
    return c.json(await cache.get('products', () => listProducts(db)));
  });

  declare(PUBLIC_ROUTES.applyPromoCode, ...promoQuote(deps));

  group.route('/', holdRoutes(deps));

  return group;
}
