/**
 * A seat hold and its payment intent: POST /stripe/create-payment-intent (under the address named
 * after Stripe, whichever provider runs). A repeated request answers the hold the customer already has.
 */
import { Hono } from 'hono';
import { paymentIntentSchema } from '../../shared/contract/requests.ts';
import { committed } from '../after-commit.ts';
import { requireCaller } from '../auth.ts';
import { createHold } from '../bookings/holds.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { clientIp } from '../limits/client-ip.ts';
import { jsonBody } from '../validation.ts';

export function holdRoutes(deps: AppDeps) {
  const { db, identity, payments, limits } = deps;
  const group = new Hono<AppEnv>();

  group.post('/create-payment-intent', requireCaller(identity), jsonBody(paymentIntentSchema), async (c) => {
    const settings = {
      holdSeconds: deps.holdSeconds,
      currency: deps.currency,
      cutoffHours: deps.bookingCutoffHours,
      intentLimit: limits.paymentIntents,
      clientKey: clientIp(c, deps.clientIp),
      addressLimit: limits.holdsPerAddress,
      promoLimit: limits.promoTries,
      waiverVersion: deps.waiver.version,
    };
    const hold = await committed(deps, createHold(db, payments, c.get('caller'), c.req.valid('json'), settings));
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
