/**
 * Gift cards: POST /gift-cards (a signed-in customer starts buying one), POST /gift-cards/balance
 * (anyone with a code sees what is left, counted against guessing like promo codes), POST
 * /gift-cards/reminders/stop (anyone with a code stops its reminders before a season, counted alike), and
 * /gift-cards/mine (the cards a customer keeps on their account: GET lists them, POST keeps one by its code), and
 * /gift-cards/given (the gifts a customer bought: GET lists them, PUT …/{id}/delivery changes where or when one not sent yet goes).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { CUSTOMER_ROUTES } from '../../shared/contract/routes/customer.ts';
import { PUBLIC_ROUTES } from '../../shared/contract/routes/public.ts';
import { optionalCaller, requireCaller, safeParam } from '../auth.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { cardBalance, giftCodeTryKeys, keepCard, keptCards, TOO_MANY_GIFT_CODES } from '../gift-cards/cards.ts';
import { startGiftPurchase } from '../gift-cards/purchase.ts';
import { changeDelivery, givenCards } from '../gift-cards/given.ts';
import { stopReminders } from '../gift-cards/reminders.ts';
import { clientIp } from '../limits/client-ip.ts';
import { newHoldsKey, rateLimit } from '../limits/rate-limit.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { declarer, READ_BODY } from './declare.ts';

export const TOO_MANY_GIFT_PURCHASES = 'Too many payments started.';

export function giftCardRoutes(deps: AppDeps) {
  const { db, identity, limits } = deps;
  const group = new Hono<AppEnv>();
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));
  const declare = declarer(group, '/gift-cards');

  // Every payment started counts with the customer's holds: a card's payment is one more.
  const purchases = rateLimit<AppEnv>(db, limits.paymentIntents, TOO_MANY_GIFT_PURCHASES, (c) => [newHoldsKey(c.get('caller').uid)]);
  // The answer names the provider, as a hold's does: the site shows that provider's card form.
  declare(CUSTOMER_ROUTES.buyGiftCard, requireCaller(identity), READ_BODY, purchases, async (c, purchase) =>
    c.json({ ...(await startGiftPurchase(deps, c.get('caller'), purchase)), provider: deps.payments.name }),
  );

  // A try counts per client address and, signed in, per customer, whether the code is found or not.
  const codeTries: MiddlewareHandler<AppEnv> = async (c, next) => {
    const caller = await optionalCaller(identity, c);
    c.set('signedIn', caller);
    const keys = () => giftCodeTryKeys(clientIp(c, deps.clientIp), caller?.uid ?? null);
    return rateLimit<AppEnv>(db, limits.giftCodeTries, TOO_MANY_GIFT_CODES, keys)(c, next);
  };
  declare(PUBLIC_ROUTES.giftCardBalance, codeTries, async (c, { code }) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await cardBalance(db, code, c.get('signedIn')?.uid ?? null));
  });

  declare(PUBLIC_ROUTES.stopGiftCardReminders, codeTries, async (c, { code }) => c.json(await stopReminders(db, code)));

  declare(CUSTOMER_ROUTES.givenGiftCards, requireCaller(identity), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await givenCards(db, c.get('caller').uid));
  });
  declare(CUSTOMER_ROUTES.changeGiftDelivery, requireCaller(identity), async (c, change) => {
    const changed = await changeDelivery(db, c.get('caller'), safeParam(c, 'giftCardId'), change);
    deps.mailer?.kick();
    return c.json(changed);
  });

  declare(CUSTOMER_ROUTES.keptGiftCards, requireCaller(identity), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await keptCards(db, c.get('caller').uid));
  });
  declare(CUSTOMER_ROUTES.keepGiftCard, requireCaller(identity), codeTries, async (c, { code }) =>
    c.json(await keepCard(db, c.get('caller'), code)),
  );

  return group;
}
