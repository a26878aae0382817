/**
 * A seat hold and its payment intent: POST /stripe/create-payment-intent (under the address named
 * after Stripe, whichever provider runs). A repeated request answers the hold the customer already has.
 */
import { Hono } from 'hono';
import { committed } from '../after-commit.ts';
import { requireCaller } from '../auth.ts';
import { createHold } from '../bookings/holds.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { clientIp } from '../limits/client-ip.ts';
import { CUSTOMER_ROUTES } from '../../shared/contract/routes/customer.ts';
import { declarer } from './declare.ts';

export function holdRoutes(deps: AppDeps) {
  const { db, identity, payments, limits } = deps;
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/stripe');

  declare(CUSTOMER_ROUTES.createPaymentIntent, requireCaller(identity), async (c, body) => {
    const settings = {
      holdSeconds: deps.holdSeconds,
      currency: deps.currency,
      cutoffHours: deps.bookingCutoffHours,
      intentLimit: limits.paymentIntents,
      clientKey: clientIp(c, deps.clientIp),
      addressLimit: limits.holdsPerAddress,
      promoLimit: limits.promoTries,
      giftCodeLimit: limits.giftCodeTries,
      waiverVersion: deps.waiver.version,
    };
    const hold = await committed(deps, createHold(db, payments, c.get('caller'), body, settings));
    return c.json({
      clientSecret: hold.clientSecret,
      bookingId: hold.bookingId,
      amount: hold.amount,
      total: hold.total,
      giftCards: hold.giftCards,
      currency: hold.currency,
      expiresAt: hold.expiresAt,
      provider: payments.name,
    });
  });

  return group;
}
