/** The console's blackout days, under /ops/blackout-days: GET (the days ahead), POST (mark one), POST /{day}/lift. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { opsBlackoutSchema, opsReasonSchema } from '../../../shared/contract/ops-requests.ts';
import { isCalendarDay } from '../../../shared/rules/dates.ts';
import { committed } from '../../after-commit.ts';
import { safeParam } from '../../auth.ts';
import { liftBlackout, listBlackouts, markBlackout } from '../../console/blackout-days.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { jsonBody, paramAs } from '../../validation.ts';

const blackoutDaySchema = v.pipe(v.string(), v.check(isCalendarDay, 'The day must be a calendar day (YYYY-MM-DD).'));

export function consoleBlackoutDayRoutes(deps: AppDeps) {
  const { db } = deps;
  const group = new Hono<AppEnv>();

  group.get('/', async (c) => c.json(await listBlackouts(db)));

  group.post('/', jsonBody(opsBlackoutSchema), async (c) => {
    await committed(deps, markBlackout(db, c.get('caller'), c.req.valid('json')));
    return c.json(await listBlackouts(db));
  });

  group.post('/:day/lift', jsonBody(opsReasonSchema), async (c) => {
    const day = paramAs(safeParam(c, 'day'), blackoutDaySchema);
    await committed(deps, liftBlackout(db, c.get('caller'), day, c.req.valid('json').reason));
    return c.json(await listBlackouts(db));
  });

  return group;
}
