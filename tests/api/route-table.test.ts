/**
 * The API answers exactly the routes of the shared table (shared/contract/routes), and each route lets
 * in only who the table says may call it. (The payment provider's events, taken by signature alone, are
 * tested in stripe-webhook.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/contract/routes/index.ts';
import { fillPath, type Route } from '../../shared/contract/routes/route.ts';
import { harness, newUser, type Harness, type TestUser } from './harness.ts';

let h: Harness;
let customer: TestUser;

beforeAll(async () => {
  h = await harness();
  customer = await newUser();
});

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
/** The reference page and its script are HTML and JavaScript, not calls of the API. */
const REFERENCE_PAGE = /^\/reference/;

/** A route's path with every parameter filled: the caller's own uid where the route is of an account. */
const pathOf = (route: Route, uid = 'someone-else') =>
  fillPath(
    route.path,
    Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => [name, name === 'uid' ? uid : 'x1'])),
  );

const routes = Object.entries(ROUTES) as [string, Route][];

describe('the route table', () => {
  it('is what the API answers: every route it declares, and no other', () => {
    const answered = new Set(
      h.app.routes
        .filter((route) => METHODS.has(route.method) && !REFERENCE_PAGE.test(route.path))
        .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    expect([...answered].sort()).toEqual(routes.map(([, route]) => `${route.method} ${route.path}`).sort());
  });

  it.each(routes.filter(([, route]) => route.who !== 'anyone' && route.who !== 'payment provider'))(
    '%s refuses a call without a token',
    async (_name, route) => {
      expect((await h.call(route.method, pathOf(route), route.body ? { body: {} } : {})).status).toBe(401);
    },
  );

  it.each(routes.filter(([, route]) => route.who === 'anyone'))('%s needs no token', async (_name, route) => {
    expect([401, 403]).not.toContain((await h.call(route.method, pathOf(route), route.body ? { body: {} } : {})).status);
  });

  it.each(routes.filter(([, route]) => ['guide', 'staff', 'operator', 'account owner'].includes(route.who)))(
    '%s refuses a customer who is not who it names',
    async (_name, route) => {
      const answer = await h.call(route.method, pathOf(route), { token: customer.token, ...(route.body ? { body: {} } : {}) });
      expect(answer.status).toBe(403);
    },
  );

  it('is served as its OpenAPI document, with a readable reference page whose script the API serves itself', async () => {
    const document = await h.json<{ openapi: string; paths: Record<string, unknown> }>('GET', '/openapi.json');
    expect(document).toMatchObject({ status: 200, body: { openapi: '3.1.0' } });
    expect(Object.keys(document.body.paths)).toContain('/bookings/{bookingId}/cancellation');
    const page = await h.call('GET', '/reference');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<rapi-doc spec-url="/openapi.json"');
    expect(html).toContain('src="/reference/rapidoc-min.js"');
    const script = await h.call('GET', '/reference/rapidoc-min.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });
});
