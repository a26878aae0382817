/** POST /payments/local/confirm: the local provider's card payment, offered only when that provider runs. */
import { Hono } from 'hono';
import { requireCaller } from '../auth.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { confirmLocalPayment } from '../payments/local-confirm.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { offeredOnlyIf } from './guards.ts';
import { CUSTOMER_ROUTES } from '../../shared/contract/routes/customer.ts';
import { declarer } from './declare.ts';

export function paymentRoutes(deps: AppDeps) {
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/payments');
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));

  const localCards = offeredOnlyIf(deps.payments.name === 'local');
  declare(CUSTOMER_ROUTES.confirmLocalPayment, requireCaller(deps.identity), localCards, async (c, body) =>
    c.json(await confirmLocalPayment(deps, c.get('caller'), body, (uid) => deps.identity.isOperator(uid))),
  );

  return group;
}
