/** The console's blackout days, under /ops/blackout-days: GET (the days ahead), POST (mark one), POST /{day}/lift. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { isCalendarDay } from '../../../shared/rules/dates.ts';
import { committed } from '../../after-commit.ts';
import { safeParam } from '../../auth.ts';
import { liftBlackout, listBlackouts, markBlackout } from '../../console/blackout-days.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { paramAs } from '../../validation.ts';
import { CONSOLE_ROUTES } from '../../../shared/contract/routes/console.ts';
import { declarer } from '../declare.ts';

const blackoutDaySchema = v.pipe(v.string(), v.check(isCalendarDay, 'The day must be a calendar day (YYYY-MM-DD).'));

export function consoleBlackoutDayRoutes(deps: AppDeps) {
  const { db } = deps;
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/ops/blackout-days');

  declare(CONSOLE_ROUTES.blackoutDays, async (c) => c.json(await listBlackouts(db)));

  declare(CONSOLE_ROUTES.markBlackout, async (c, body) => {
    await committed(deps, markBlackout(db, c.get('caller'), body));
    return c.json(await listBlackouts(db));
  });

  declare(CONSOLE_ROUTES.liftBlackout, async (c, body) => {
    const day = paramAs(safeParam(c, 'day'), blackoutDaySchema);
    await committed(deps, liftBlackout(db, c.get('caller'), day, body.reason));
    return c.json(await listBlackouts(db));
  });

  return group;
}
