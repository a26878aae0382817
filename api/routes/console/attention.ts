/**
 * What needs a person, first on the console, under /ops/attention: GET / (flags to resolve, refunds
 * still failing, payers yet to choose after a call-off, offers standing, messages that failed) and
 * POST /flags/{id}/resolve (a flag dealt with: what was given back and how, recorded), which answers
 * with how the flag stands and the list as it is after.
 */
import { Hono } from 'hono';
import { safeParam } from '../../auth.ts';
import { needsAttention } from '../../console/attention.ts';
import { resolveFromConsole } from '../../console/flag-resolution.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { CONSOLE_ROUTES } from '../../../shared/contract/routes/console.ts';
import { declarer } from '../declare.ts';
import { clockNow } from '../../clock.ts';

export function consoleAttentionRoutes(deps: AppDeps) {
  const { db } = deps;
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/ops/attention');

  declare(CONSOLE_ROUTES.attention, async (c) => c.json(await needsAttention(db, clockNow())));

  declare(CONSOLE_ROUTES.resolveFlag, async (c, body) => {
    const outcome = await resolveFromConsole(db, c.get('caller'), safeParam(c, 'flagId'), body);
    return c.json({ ...outcome, attention: await needsAttention(db, clockNow()) });
  });

  return group;
}
