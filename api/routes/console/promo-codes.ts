/** The console's promo codes, under /ops/promo-codes: GET (the codes with their uses), PUT /{code} (create, change or pause one). */
import { Hono } from 'hono';
import { opsPromoCodeSchema, opsPromoSchema } from '../../../shared/contract/ops-requests.ts';
import { safeParam } from '../../auth.ts';
import { listPromos, savePromo } from '../../console/promo-codes.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { jsonBody, paramAs } from '../../validation.ts';

export function consolePromoCodeRoutes({ db }: AppDeps) {
  const group = new Hono<AppEnv>();

  group.get('/', async (c) => c.json(await listPromos(db)));

  group.put('/:code', jsonBody(opsPromoSchema), async (c) => {
    const code = paramAs(safeParam(c, 'code'), opsPromoCodeSchema);
    await savePromo(db, c.get('caller'), code, c.req.valid('json'));
    return c.json(await listPromos(db));
  });

  return group;
}
