/** POST /payments/local/confirm: the local provider's card payment, offered only when that provider runs. */
import { Hono } from 'hono';
import { localConfirmSchema } from '../../shared/contract/requests.ts';
import { requireCaller } from '../auth.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { confirmLocalPayment } from '../payments/local-confirm.ts';
import { jsonBody } from '../validation.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { offeredOnlyIf } from './guards.ts';

export function paymentRoutes(deps: AppDeps) {
  const group = new Hono<AppEnv>();
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));

  const localCards = offeredOnlyIf(deps.payments.name === 'local');
  group.post('/local/confirm', requireCaller(deps.identity), localCards, jsonBody(localConfirmSchema), async (c) =>
    c.json(await confirmLocalPayment(deps, c.get('caller'), c.req.valid('json'), (uid) => deps.identity.isOperator(uid))),
  );

  return group;
}
