/**
 * GET /waiver/current: the waiver in force, its version, fingerprint and words. Signing pages show
 * this text even when the site was built with an older one, so a signature binds what was shown.
 */
import { Hono } from 'hono';
import type { PublishedWaiver } from '../../shared/rules/waiver-record.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { PUBLIC_ROUTES } from '../../shared/contract/routes/public.ts';
import { declarer } from './declare.ts';

/** A new text reaches pages within a minute of the API that publishes it. */
const WAIVER_CACHE = 'public, max-age=60';

export function waiverRoutes({ waiver }: AppDeps) {
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/waiver');
  const published: PublishedWaiver = { version: waiver.version, sha256: waiver.sha256, document: waiver.document };
  declare(PUBLIC_ROUTES.waiverInForce, (c) => {
    c.header('Cache-Control', WAIVER_CACHE);
    return c.json(published);
  });
  return group;
}
