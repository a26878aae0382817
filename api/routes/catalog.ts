/** Public catalog answers: GET /stripe/products and GET /calendar/{winter-classes|winter-day-tours|winter-mentorship}. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CALENDARS } from '../../src/lib/schemas.ts';
import { optionalCaller } from '../auth.ts';
import { listCalendar, partiesOf } from '../catalog/calendars.ts';
import { listProducts } from '../catalog/products.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';

const PUBLIC_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400';
const CALENDAR_CACHE = 'public, max-age=15, s-maxage=15, stale-while-revalidate=60';

export function catalogRoutes({ db, identity, cache, bookingCutoffHours }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/stripe/products', async (c) => {
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.json(await cache.get('products', () => listProducts(db)));
  });

  app.get('/calendar/:name', async (c) => {
    const parsed = v.safeParse(v.picklist(CALENDARS), c.req.param('name'));
    if (!parsed.success) throw new HttpError(404, 'Not found');
    const name = parsed.output;
    c.header('Vary', 'Authorization');
    const entries = await cache.get(`calendar:${name}`, () => listCalendar(db, name, bookingCutoffHours));
    const caller = await optionalCaller(identity, c);
    if (!caller) {
      c.header('Cache-Control', CALENDAR_CACHE);
      return c.json(entries);
    }
    c.header('Cache-Control', 'private, no-store');
    // The caller's own bookings carry their invite code and the party's unclaimed seats.
    const parties = await partiesOf(db, caller.uid);
    return c.json(entries.map((entry) => ({ ...entry, ...parties.get(entry.id) })));
  });

  return app;
}
