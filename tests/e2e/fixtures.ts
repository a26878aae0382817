/**
 * Shared browser-test setup: every test fails on a console error, an uncaught page error or a CSP
 * violation, and the outside world (forecast images, map tiles) is answered by local test doubles.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page, type Request, type Route } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';

/** A 1 x 1 PNG, standing in for the daily forecast images the real sites publish. */
export const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * The settings of a booking API of a test's own: its database a PGlite folder in `dataDir`, serving
 * this run's site, signing in through this run's Auth emulator and mailing this run's catcher (add
 * API_PORT and the rest).
 */
export function ownApiSettings(dataDir: string) {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    SITE_ORIGINS: E2E.site,
    FIREBASE_PROJECT_ID: E2E.projectId,
    FIREBASE_AUTH_EMULATOR_HOST: E2E.authEmulator,
    SMTP_URL: `smtp://127.0.0.1:${E2E.mailSmtpPort}`,
  };
}

export interface Problems {
  errors: string[];
  /** Messages this test expects, such as a deliberately failed image. */
  allow: (pattern: RegExp) => void;
}

/** The requests of a page that have started and not yet finished or failed, each with when it started. */
const inFlight = new WeakMap<Page, { pending: Map<Request, number>; lastChange: number }>();

function trackRequests(page: Page): void {
  const state = { pending: new Map<Request, number>(), lastChange: Date.now() };
  page.on('request', (request) => {
    state.pending.set(request, Date.now());
    state.lastChange = Date.now();
  });
  const done = (request: Request) => {
    state.pending.delete(request);
    state.lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  inFlight.set(page, state);
}

/**
 * Waits until the page has fetched nothing for half a second, as `waitForLoadState('networkidle')`
 * means to, counted from the page's own request events: Playwright's network idle is kept by its
 * lifecycle bookkeeping, which on a busy machine can miss a request's end and then never comes. A
 * request still open after `stuckMs` no longer counts, so one that never ends cannot hold a test.
 */
export async function networkQuiet(page: Page, { stuckMs = 10_000, timeout = 30_000 } = {}): Promise<void> {
  const state = inFlight.get(page);
  if (!state) throw new Error('networkQuiet needs the test fixture’s page, whose requests it follows');
  await expect
    .poll(
      () => {
        const now = Date.now();
        const open = [...state.pending.values()].filter((started) => now - started < stuckMs);
        return open.length === 0 && now - state.lastChange >= 500;
      },
      { timeout, intervals: [100] },
    )
    .toBe(true);
}

export const test = base.extend<{ problems: Problems }>({
  page: async ({ page }, use) => {
    trackRequests(page);
    await use(page);
  },
  problems: async ({ page }, use) => {
    const errors: string[] = [];
    const allowed: RegExp[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    await page.route(/^https:\/\//, (route) =>
      route.request().resourceType() === 'script'
        ? // The maps script arrives but draws nothing: the trailhead list stays in place.
          route.fulfill({ status: 200, contentType: 'text/javascript', body: '' })
        : route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
    );
    await use({ errors, allow: (pattern) => allowed.push(pattern) });
    expect(errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))).toEqual([]);
  },
});

export { expect };

/** A new account made through the Auth emulator's REST API. */
export async function emulatorUser(page: Page, password = 'powder-day-1') {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const response = await page.request.post(`http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    data: { email, password, returnSecureToken: true },
  });
  expect(response.ok()).toBe(true);
  return { email, password };
}

/** A customer of the booking API: an Auth emulator account with its database user, and its ID token. */
export interface ApiCustomer {
  uid: string;
  email: string;
  idToken: string;
}

/**
 * A new Auth emulator account and an ID token for it. The token comes from a sign-in after the
 * sign-up: the emulator dates a sign-up's token from the start of the request but the account's
 * "valid since" from a moment later, so when a second ticks over in between, the API rightly reads
 * the sign-up's own token as revoked.
 */
export async function newEmulatorAccount(request: APIRequestContext, email: string, password = 'powder-day-1') {
  const emulator = `http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1`;
  const signUp = await request.post(`${emulator}/accounts:signUp?key=demo-key`, { data: { email, password, returnSecureToken: true } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const signIn = await request.post(`${emulator}/accounts:signInWithPassword?key=demo-key`, {
    data: { email, password, returnSecureToken: true },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const { localId: uid, idToken } = (await signIn.json()) as { localId: string; idToken: string };
  return { uid, idToken };
}

/** Signs a new customer up through the Auth emulator's REST API and creates their database user, as the site does at sign-up. */
export async function apiCustomer(request: APIRequestContext): Promise<ApiCustomer> {
  const email = `e2e-customer-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const { uid, idToken } = await newEmulatorAccount(request, email);
  const user = await request.post(`${E2E.api}/users/user/${uid}`, {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { uid, email },
  });
  expect(user.ok(), await user.text()).toBe(true);
  return { uid, email, idToken };
}

/** Holds seats on a date for a customer, as their checkout does: the seats count as taken on the public calendar. */
export async function holdSeats(
  request: APIRequestContext,
  customer: ApiCustomer,
  hold: { dateId: string; priceId: string; calendar: 'winter-day-tours' | 'winter-classes' | 'winter-mentorship'; partySize: number },
) {
  const response = await request.post(`${E2E.api}/stripe/create-payment-intent`, {
    headers: { Authorization: `Bearer ${customer.idToken}` },
    data: {
      priceId: hold.priceId,
      quantity: hold.partySize,
      metadata: {
        userId: customer.uid,
        dateId: hold.dateId,
        partySize: hold.partySize,
        calendar: hold.calendar,
        stripeId: hold.priceId,
        email: customer.email,
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * What axe finds on the page as a person sees it once it has settled: running animations that end (a
 * toast fading in) are let finish first, since a half-transparent frame is not what anyone reads.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Animations that end do so within a second here; two seconds at most are waited for them.
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((animation) => Number(animation.effect?.getComputedTiming().endTime) !== Infinity);
    const settled = Promise.allSettled(ending.map((animation) => animation.finished));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Scrolls through the page as a reader would, so every section that fades in has done so. */
export async function readToTheEnd(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 300) await page.evaluate((top) => window.scrollTo(0, top), y);
  // A section scrolled past between two frames (a busy machine draws fewer) was never in sight: stop at each.
  for (const section of await page.locator('.reveal.pending').all()) await section.scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.reveal.pending')].every((section) => section.classList.contains('revealed')),
  );
  // The sections fade in: the reader's eye waits for each fade (any animation that ends) to end.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/** Waits until the page's React islands have hydrated, so a click reaches them. */
export async function islandsReady(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/**
 * Holds back the site's scripts, as a slow phone would before they arrive; the page shows its
 * server-rendered HTML only. Resolves to a function that lets them through.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/_astro\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    // A held request of a page the visitor already left has nowhere to go.
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
  };
}

/**
 * Holds back the identity service (the Auth emulator) and the site's Firebase code, as a slow phone
 * waits for them. `asked` lists every request for either, `askedBy` those made from one page; `release` lets them through.
 */
export async function holdFirebase(
  page: Page,
): Promise<{ asked: string[]; askedBy: (path: string) => string[]; release: () => Promise<void> }> {
  const asked: string[] = [];
  /** The page each request came from, as the browser was on it when asking. */
  const pages: string[] = [];
  const held: Route[] = [];
  let released = false;
  const hold = (route: Route) => {
    asked.push(route.request().url());
    pages.push(new URL(route.request().frame().url()).pathname);
    if (released) return route.continue();
    held.push(route);
    return undefined;
  };
  await page.route(`http://${E2E.authEmulator}/**`, hold);
  await page.route(/\/_astro\/(firebase|index\.esm)[^/]*\.js$/, hold);
  return {
    asked,
    askedBy: (path) => asked.filter((_, index) => pages[index] === path),
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}

/** The viewport of a phone, with touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

/** Declares the tests `body` declares twice, at a phone's width (390 px) and a desktop's (1280 px): `${label} 390 px`. */
export function atPhoneAndDesktop(label: string, body: () => void) {
  for (const [width, options] of [
    ['390 px', PHONE],
    ['1280 px', DESKTOP],
  ] as const) {
    test.describe(`${label} ${width}`, () => {
      test.use(options);
      body();
    });
  }
}

/** Types into the sign-in form and tries every way to send it natively; the address must never carry what was typed. */
export async function tryToSendSignInNatively(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await page.getByRole('button', { name: 'Login', exact: true }).click({ force: true });
  await page.waitForTimeout(300);
  expect(page.url()).not.toContain(password);
  expect(page.url()).not.toContain(encodeURIComponent(email));
  expect(new URL(page.url()).search).toBe('');
}

/**
 * Holds back the requests that match until `release` is called, so a state that lasts only as long as
 * the request (Saving..., Processing..., Sending invite code...) can be seen.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen = 0;
  await page.route(url, async (route) => {
    seen += 1;
    await released;
    await route.continue();
  });
  return { release: () => release(), seen: () => seen };
}
