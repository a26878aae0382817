/** The console's promo codes, under /ops/promo-codes: GET (the codes with their uses), PUT /{code} (create, change or pause one). */
import { Hono } from 'hono';
import { opsPromoCodeSchema } from '../../../shared/contract/ops-requests.ts';
import { safeParam } from '../../auth.ts';
import { listPromos, savePromo } from '../../console/promo-codes.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { paramAs } from '../../validation.ts';
import { CONSOLE_ROUTES } from '../../../shared/contract/routes/console.ts';
import { declarer } from '../declare.ts';

export function consolePromoCodeRoutes({ db }: AppDeps) {
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/ops/promo-codes');

  declare(CONSOLE_ROUTES.promoCodes, async (c) => c.json(await listPromos(db)));

  declare(CONSOLE_ROUTES.savePromo, async (c, body) => {
    const code = paramAs(safeParam(c, 'code'), opsPromoCodeSchema);
    await savePromo(db, c.get('caller'), code, body);
    return c.json(await listPromos(db));
  });

  return group;
}
