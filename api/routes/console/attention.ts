/**
 * What needs a person, first on the console, under /ops/attention: GET / (flags to resolve, refunds
 * still failing, payers yet to choose after a call-off, offers standing, messages that failed) and
 * POST /flags/{id}/resolve (a flag dealt with: what was given back and how, recorded), which answers
 * with how the flag stands and the list as it is after.
 */
import { Hono } from 'hono';
import { opsResolveFlagSchema } from '../../../shared/contract/ops-requests.ts';
import { safeParam } from '../../auth.ts';
import { needsAttention } from '../../console/attention.ts';
import { resolveFromConsole } from '../../console/flag-resolution.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { jsonBody } from '../../validation.ts';

export function consoleAttentionRoutes(deps: AppDeps) {
  const { db } = deps;
  const group = new Hono<AppEnv>();

  group.get('/', async (c) => c.json(await needsAttention(db, new Date())));

  group.post('/flags/:flagId/resolve', jsonBody(opsResolveFlagSchema), async (c) => {
    const outcome = await resolveFromConsole(db, c.get('caller'), safeParam(c, 'flagId'), c.req.valid('json'));
    return c.json({ ...outcome, attention: await needsAttention(db, new Date()) });
  });

  return group;
}
