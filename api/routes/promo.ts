/** POST /promo/apply: what a promo code makes of a price. Also answered at POST /stripe/applyPromoCode. */
import { Hono, type MiddlewareHandler } from 'hono';
import { createFactory } from 'hono/factory';
import { applyPromoSchema } from '../../shared/contract/requests.ts';
import { optionalCaller } from '../auth.ts';
import { promoTryKeys, TOO_MANY_PROMO } from '../bookings/holds.ts';
import { quotePromo } from '../bookings/promo-quote.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { clientIp } from '../limits/client-ip.ts';
import { rateLimit } from '../limits/rate-limit.ts';
import { jsonBody } from '../validation.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';

/** The quote's middleware and handler, for every address that answers it. */
export function promoQuote({ db, identity, limits, clientIp: ipSettings }: AppDeps) {
  /** Counts a try per client address and, for a signed-in caller, per customer. */
  const promoTries: MiddlewareHandler<AppEnv> = async (c, next) => {
    const caller = await optionalCaller(identity, c);
    const keys = () => promoTryKeys(clientIp(c, ipSettings), caller?.uid ?? null);
    return rateLimit<AppEnv>(db, limits.promoTries, TOO_MANY_PROMO, keys)(c, next);
  };
  return createFactory<AppEnv>().createHandlers(promoTries, jsonBody(applyPromoSchema), async (c) =>
    c.json(await quotePromo(db, c.req.valid('json'))),
  );
}

export function promoRoutes(deps: AppDeps) {
  const group = new Hono<AppEnv>();
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));
  group.post('/apply', ...promoQuote(deps));
  return group;
}
