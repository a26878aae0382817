/** POST /promo/apply: what a promo code makes of a price. Also answered at POST /stripe/applyPromoCode. */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { optionalCaller } from '../auth.ts';
import { promoTryKeys, TOO_MANY_PROMO } from '../bookings/holds.ts';
import { quotePromo } from '../bookings/promo-quote.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { clientIp } from '../limits/client-ip.ts';
import { rateLimit } from '../limits/rate-limit.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { PUBLIC_ROUTES } from '../../shared/contract/routes/public.ts';
import { declarer, type BodyOf } from './declare.ts';

/** The quote's limit and handler, for every address that answers it. */
export function promoQuote({ db, identity, limits, clientIp: ipSettings }: AppDeps) {
  /** Counts a try per client address and, for a signed-in caller, per customer. */
  const promoTries: MiddlewareHandler<AppEnv> = async (c, next) => {
    const caller = await optionalCaller(identity, c);
    const keys = () => promoTryKeys(clientIp(c, ipSettings), caller?.uid ?? null);
    return rateLimit<AppEnv>(db, limits.promoTries, TOO_MANY_PROMO, keys)(c, next);
  };
  const quote = async (c: Context<AppEnv>, body: BodyOf<typeof PUBLIC_ROUTES.applyPromo>) => c.json(await quotePromo(db, body));
  return [promoTries, quote] as const;
}

export function promoRoutes(deps: AppDeps) {
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/promo');
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));
  declare(PUBLIC_ROUTES.applyPromo, ...promoQuote(deps));
  return group;
}
