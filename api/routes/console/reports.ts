/**
 * The console's reports, under /ops/reports: GET /actual-use?season= (the Forest Service's actual use
 * report of a season, against its copy filed), POST /actual-use/filed (file it as it is now), GET
 * /permit?season= and PUT /permit (the permit's settings it is counted by); GET /money?from=&to=&view=
 * (the accountant's movements of money); GET /season?season= (a season's figures so far, against the season before).
 */
import { Hono } from 'hono';
import { MONEY_DAYS_MESSAGE, moneyQuery, seasonLabel } from '../../../shared/contract/reports.ts';
import { denverDay, denverDayPlus, denverInstant } from '../../../shared/rules/dates.ts';
import { HttpError } from '../../http.ts';
import { accountedMovements } from '../../reports/money-movements.ts';
import { CONSOLE_ROUTES } from '../../../shared/contract/routes/console.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { fileActualUse, reportWithFiled } from '../../reports/filed-reports.ts';
import { changePermitSettings, permitSettings } from '../../reports/permit-settings.ts';
import { seasonFigures } from '../../reports/season-figures.ts';
import { paramAs } from '../../validation.ts';
import { declarer } from '../declare.ts';
import { clockNow } from '../../clock.ts';

export function consoleReportRoutes({ db }: AppDeps) {
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/ops/reports');

  declare(CONSOLE_ROUTES.actualUse, async (c) => c.json(await reportWithFiled(db, paramAs(c.req.query('season'), seasonLabel))));
  declare(CONSOLE_ROUTES.fileActualUse, async (c, { season }) => c.json(await fileActualUse(db, c.get('caller'), season)));
  declare(CONSOLE_ROUTES.money, async (c) => {
    const [from, to] = [paramAs(c.req.query('from'), moneyQuery.entries.from), paramAs(c.req.query('to'), moneyQuery.entries.to)];
    const view = paramAs(c.req.query('view'), moneyQuery.entries.view);
    if (to < from || to > denverDayPlus(from, 731)) throw new HttpError(400, MONEY_DAYS_MESSAGE);
    return c.json(await accountedMovements(db, view, denverInstant(from), denverInstant(denverDayPlus(to, 1))));
  });
  declare(CONSOLE_ROUTES.seasonFigures, async (c) =>
    c.json(await seasonFigures(db, paramAs(c.req.query('season'), seasonLabel), denverDay(clockNow()))),
  );
  declare(CONSOLE_ROUTES.permitSettings, async (c) => c.json(await permitSettings(db, paramAs(c.req.query('season'), seasonLabel))));
  declare(CONSOLE_ROUTES.changePermitSettings, async (c, body) => c.json(await changePermitSettings(db, c.get('caller'), body)));
  return group;
}
