/**
 * The pages under Lighthouse (mobile, default simulated throttling, Debian's Chromium, median score
 * of 3 runs, each in a Chromium launched for it with a profile of its own, as a visitor's first visit
 * finds the site: nothing cached or compiled by an earlier run):
 * performance score, LCP, TBT, CLS, time to interactive, render-blocking requests, and JavaScript
 * bytes (gzip) fetched before the load event and by the time the page is idle; then the JavaScript
 * each React island brings (its chunk and everything it imports, gzip), and what islands load only when
 * opened (a card payment, the reports page's charts). Budgets (reported, not enforced):
 * static pages: score 100, LCP <= 1.2 s, TBT <= 50 ms, CLS <= 0.01, no render-blocking script, no Firebase code;
 * booking pages: score >= 95, TBT <= 150 ms, CLS <= 0.02, TTI <= 2.5 s, JavaScript before interaction <= 100 KB, no Firebase code;
 * the sign-in page: score >= 95, TBT <= 150 ms, CLS <= 0.02, JavaScript by the time it is idle <= 110 KB (the sign-in code loads when the visitor reaches for the form);
 * checkout and payment success: score >= 95, TBT <= 150 ms, CLS <= 0.02 (they load the sign-in code by design);
 * the account pages (profile, waiver, a signed copy of the waiver, checkout as a returning customer) and
 * the guides' pages (the upcoming dates, a date's roster) and the operators' console (the days ahead,
 * a date's manifest), measured signed in as a customer with a booking, a saved profile, survey and
 * waiver, who is also a guide and an operator (the Auth emulator on 9099, which `npm run bench`
 * starts): score >= 95, TBT <= 150 ms, CLS <= 0.02.
 * Then what the service worker precaches (budget 1.5 MB), and the time to open a saved trip sheet of
 * ten parties with no network (scripts/bench-trailhead.ts).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import type { LaunchedChrome } from 'chrome-launcher';
import { chromium, type Page } from '@playwright/test';
import { denverDay, formatDenverDateTime } from '../shared/rules/dates.ts';
import { CHROMIUM_ARGS, requireBrowser } from './browser.ts';
import { getManifest } from 'workbox-build';
import { precacheOptions, PRECACHE_BUDGET_BYTES } from './service-worker.ts';
import { timeSavedSheetOffline, type SavedSheetTiming } from './bench-trailhead.ts';
import { startApiProcess, startChrome } from './processes.ts';
import { verifyEmail } from '../tests/support/emulator-links.ts';
import { SURVEY_ANSWERS, TINY_SIGNATURE } from '../tests/support/customer-answers.ts';

const PAGES = [
  '/',
  '/services',
  '/about',
  '/contact',
  '/resources',
  '/jobs',
  '/cancellation-policy',
  '/booking/faq',
  '/booking/backcountry-tour',
  '/booking/avalanche-class',
  '/booking/mentorship',
  '/sign-in',
  '/checkout',
  '/payment-success',
];
const SITE = 'http://127.0.0.1:4340';
const AUTH_EMULATOR = 'http://127.0.0.1:9099';
const RUNS = 3;
const API = 'http://127.0.0.1:8789';

const buildEnv = { ...process.env, PUBLIC_API_URL: API, PUBLIC_SITE_URL: 'http://127.0.0.1:4340' };
if (spawnSync('astro', ['build'], { env: buildEnv, stdio: 'ignore', shell: true }).status !== 0) throw new Error('astro build failed');

const dataDir = mkdtempSync(join(tmpdir(), 'kamas-bench-site-'));
// The site is built for the default demo project and its Auth emulator; the API names them both.
const api = await startApiProcess({
  API_PORT: '8789',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  NODE_ENV: 'test',
  SITE_ORIGINS: SITE,
  FIREBASE_PROJECT_ID: 'demo-kamas',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
});
const children: ChildProcess[] = [
  api.child,
  spawn(process.execPath, ['scripts/serve-static.ts'], {
    env: { ...process.env, SITE_PORT: '4340', PUBLIC_API_URL: API },
    stdio: 'ignore',
  }),
];
async function waitFor(url: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}
await waitFor(SITE);

/** The bench customer: a returning customer with a booked class and a signed waiver, and a guide too. */
interface BenchCustomer {
  email: string;
  password: string;
  name: string;
  /** The class date they booked, and when it starts. */
  dateId: string;
  startsAt: number;
  /** The record of their waiver signature. */
  waiverId: string;
}

/**
 * An Auth emulator account with its database user, profile, safety survey and waiver saved through
 * the API, a paid class booking, and the guide role given by the operator command.
 */
async function benchCustomer(): Promise<BenchCustomer> {
  const email = `bench-${Date.now()}@example.com`;
  const name = 'Bench Rider';
  const password = 'powder-day-1';
  const signUp = await fetch(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!signUp.ok) throw new Error(`the Auth emulator (${AUTH_EMULATOR}) refused a sign-up: is it running? ${await signUp.text()}`);
  // The token comes from a sign-in: the emulator can date a sign-up's own token a second before the
  // account's "valid since", and the API then reads it as revoked.
  const signIn = await fetch(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!signIn.ok) throw new Error(`the Auth emulator refused a sign-in: ${await signIn.text()}`);
  const { localId: uid, idToken } = (await signIn.json()) as { localId: string; idToken: string };
  const call = async (path: string, body: unknown, method = 'POST') => {
    const response = await fetch(`${API}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  await call(`/users/user/${uid}`, { uid, email });
  const phoneNumber = `+1435555${String(Date.now() % 10_000).padStart(4, '0')}`;
  await call(`/authUsers/authUser/${uid}`, { userData: { displayName: name, email, phoneNumber } }, 'PUT');
  await call(`/users/user/${uid}`, { survey: SURVEY_ANSWERS }, 'PUT');
  const signed = (await call(`/users/user/${uid}`, { signature: TINY_SIGNATURE, agreed: true }, 'PUT')) as { waiver?: { id: string } };
  if (!signed.waiver) throw new Error('the waiver signature was not recorded');

  type Entry = { id: string; date: { _seconds: number }; closesAt?: { _seconds: number }; stripeId?: string; users: string[] };
  const dates = (await (await fetch(`${API}/calendar/winter-classes`)).json()) as Entry[];
  const open = (entry: Entry) => (entry.closesAt ?? entry.date)._seconds * 1000 > Date.now();
  const date = dates.find((entry) => entry.users.length === 0 && entry.stripeId && open(entry));
  if (!date?.stripeId) throw new Error('no open class date to book');
  const metadata = { userId: uid, dateId: date.id, partySize: 1, calendar: 'winter-classes', stripeId: date.stripeId, email };
  const hold = await call('/stripe/create-payment-intent', { priceId: date.stripeId, quantity: 1, metadata });
  await call('/payments/local/confirm', {
    clientSecret: hold['clientSecret'],
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
  });
  await verifyEmail(new URL(AUTH_EMULATOR).host, 'demo-kamas', idToken, email);
  // The customer is made an operator directly in the Auth emulator (as a project's first operator is), then given the guide role by
  // `npm run staff:grant -- EMAIL guide --by EMAIL`, as an operator runs it, once the address is proved. The command's record goes
  // to a folder of its own (the bench's API holds its database).
  const operator = await fetch(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/projects/demo-kamas/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, customAttributes: JSON.stringify({ operator: true }) }),
  });
  if (!operator.ok) throw new Error(`the operator role was not given: ${operator.status} ${await operator.text()}`);
  const commandDataDir = mkdtempSync(join(tmpdir(), 'kamas-bench-commands-'));
  try {
    execFileSync(
      process.execPath,
      ['api/cli/staff-role-cli.ts', 'grant', email, 'guide', '--by', email, '--reason', 'The bench customer'],
      {
        env: {
          ...process.env,
          FIREBASE_AUTH_EMULATOR_HOST: new URL(AUTH_EMULATOR).host,
          FIREBASE_PROJECT_ID: 'demo-kamas',
          DATA_DIR: commandDataDir,
          DATABASE_URL: '',
        },
        stdio: 'ignore',
      },
    );
  } finally {
    rmSync(commandDataDir, { recursive: true, force: true });
  }
  return { email, password, name, dateId: date.id, startsAt: date.date._seconds * 1000, waiverId: signed.waiver.id };
}

/** A page measured signed in: Lighthouse keeps the browser's storage, where Firebase keeps the session. */
interface SignedInPage {
  /** The page's path: it names the page on the command line. */
  path: string;
  /** Its row in the table. */
  row: string;
  /** The address opened, with the bench customer's own ids. */
  url: (customer: BenchCustomer) => string;
  /** Text the page shows once it has the customer's data: measuring a sign-in page or an error would mean nothing. */
  shows?: (customer: BenchCustomer) => string;
}

const SIGNED_IN_PAGES: SignedInPage[] = [
  { path: '/profile', row: '/profile (signed in)', url: () => '/profile', shows: (c) => formatDenverDateTime(c.startsAt) },
  { path: '/waiver', row: '/waiver (signed in)', url: () => '/waiver' },
  {
    path: '/waiver/copy',
    row: '/waiver/copy?id=… (signed in)',
    url: (c) => `/waiver/copy?id=${encodeURIComponent(c.waiverId)}`,
    shows: (c) => c.waiverId,
  },
  { path: '/checkout', row: '/checkout (signed in)', url: () => '/checkout', shows: () => 'Your profile and safety survey' },
  { path: '/guide', row: '/guide (signed in as a guide)', url: () => '/guide', shows: (c) => formatDenverDateTime(c.startsAt) },
  {
    path: '/guide/roster',
    row: '/guide/roster?date=… (signed in as a guide)',
    url: (c) => `/guide/roster?date=${encodeURIComponent(c.dateId)}`,
    shows: (c) => c.name,
  },
  {
    path: '/ops',
    row: '/ops?from=… (signed in as an operator)',
    url: (c) => `/ops?from=${denverDay(c.startsAt)}`,
    shows: (c) => formatDenverDateTime(c.startsAt),
  },
  {
    path: '/ops/date',
    row: '/ops/date?id=… (signed in as an operator)',
    url: (c) => `/ops/date?id=${encodeURIComponent(c.dateId)}`,
    shows: (c) => c.name,
  },
];

/** A page of a run's own Chrome, which Lighthouse then measures with the storage it keeps, driven for a moment by Playwright. */
async function inChrome(port: number, use: (page: Page) => Promise<void>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error("the run's Chrome has no browser context");
  const page = await context.newPage();
  try {
    await use(page);
  } finally {
    await page.close();
    await browser.close();
  }
}

/**
 * Signs the customer in inside a run's own Chrome and opens the page once, failing unless it shows
 * the customer's data (measuring a sign-in page or an error would mean nothing); then empties the
 * browser's cache, so the run loads the page's code as a first visit does and keeps only the session.
 */
async function signInChrome(port: number, customer: BenchCustomer, url: string, text: string | undefined) {
  await inChrome(port, async (page) => {
    await page.goto(`${SITE}/sign-in`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((address) => address.pathname !== '/sign-in');
    if (text) {
      await page.goto(`${SITE}${url}`);
      try {
        await page.getByText(text).first().waitFor({ timeout: 20_000 });
      } catch {
        throw new Error(`${url} did not show "${text}": it would measure the wrong page`);
      }
    }
    const session = await page.context().newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.detach();
  });
}

interface Row {
  page: string;
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  tti: number;
  blocking: number;
  jsLoad: number;
  jsIdle: number;
  firebase: boolean;
}

/** Gzip bytes of scripts fetched by the load event, and by the time the network has been quiet for a while. */
async function scriptBytes(url: string): Promise<{ load: number; idle: number; firebase: boolean }> {
  const browser = await chromium.launch({ executablePath: requireBrowser(), args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  let loaded = false;
  let load = 0;
  let idle = 0;
  let firebase = false;
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    // A script counts for the load event by when it arrived, not by when its body has been read here.
    const beforeLoad = !loaded;
    const body = await (await request.response())?.body();
    const bytes = body ? gzipSync(body).length : 0;
    if (beforeLoad) load += bytes;
    idle += bytes;
    if (/firebase|index\.esm/.test(request.url())) firebase = true;
  });
  page.on('load', () => (loaded = true));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  await browser.close();
  return { load, idle, firebase };
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** With BENCH_DETAIL=1: each run's score, its long main-thread tasks and layout shifts, to see what a number is made of. */
function printDetail(url: string, lhr: Lhr) {
  const items = (id: string) => (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const where = (value: unknown) => (typeof value === 'string' ? value.replace(SITE, '') : JSON.stringify(value));
  const value = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const score = Math.round((lhr.categories['performance']?.score ?? 0) * 100);
  console.error(`-- ${url}: score ${score}, TBT ${value('total-blocking-time')} ms, LCP ${value('largest-contentful-paint')} ms`);
  for (const task of items('long-tasks')) {
    console.error(
      `   task at ${Math.round(Number(task['startTime']))} ms, ${Math.round(Number(task['duration']))} ms: ${where(task['url'])}`,
    );
  }
  for (const shift of items('layout-shifts')) {
    const node = shift['node'] as { selector?: string; snippet?: string } | undefined;
    console.error(`   shift ${Number(shift['score']).toFixed(3)}: ${node?.selector ?? ''} ${node?.snippet ?? ''}`);
  }
}

/** Ends a run's Chrome and waits for it to exit; chrome-launcher removes the profile it made for it. */
async function stopChrome(chrome: LaunchedChrome) {
  const exited = chrome.process.exitCode === null ? once(chrome.process, 'exit') : Promise.resolve();
  chrome.kill();
  await exited;
}

/** How a signed-in page's run starts: the customer signed in within that run's browser, and the text the page must show. */
interface SignIn {
  customer: BenchCustomer;
  shows: string | undefined;
}

/**
 * One page's row: the run with the median score of three, and its script bytes when signed out.
 * Each run has a Chromium of its own (a new profile, removed after): one browser kept across runs
 * would serve the later runs the scripts it had cached and compiled, which no first visit gets.
 */
async function measure(row: string, url: string, signIn: SignIn | null): Promise<Row> {
  const runs: Omit<Row, 'page' | 'jsLoad' | 'jsIdle' | 'firebase'>[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const chrome = await startChrome();
    let result: Awaited<ReturnType<typeof lighthouse>>;
    try {
      if (signIn) await signInChrome(chrome.port, signIn.customer, url, signIn.shows);
      result = await lighthouse(`${SITE}${url}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Signed in, the session lives in the browser's storage: Lighthouse keeps it (the cache was emptied after the sign-in).
        disableStorageReset: signIn !== null,
      });
    } finally {
      await stopChrome(chrome);
    }
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    // A signed-out visitor is sent on from an account page (or a query string lost): that would be measuring the wrong page.
    const shown = new URL(lhr.finalDisplayedUrl);
    if (shown.pathname + shown.search !== url) {
      throw new Error(`${url} ended on ${shown.pathname}${shown.search}: was the customer still signed in?`);
    }
    const audit = (id: string) => lhr.audits[id];
    const blockingItems = (audit('render-blocking-insight') ?? audit('render-blocking-resources'))?.details as
      { items?: { url?: string }[] } | undefined;
    if (process.env['BENCH_DETAIL']) printDetail(url, lhr);
    runs.push({
      score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
      tbt: audit('total-blocking-time')?.numericValue ?? NaN,
      cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
      tti: audit('interactive')?.numericValue ?? NaN,
      blocking: (blockingItems?.items ?? []).filter((item) => item.url?.endsWith('.js')).length,
    });
  }
  // Lighthouse varies from run to run: keep the run with the median score (of equal scores, the median blocking time).
  const median = runs.sort((a, b) => a.score - b.score || a.tbt - b.tbt)[Math.floor(RUNS / 2)];
  if (!median) throw new Error(`no Lighthouse runs for ${url}`);
  // Script bytes are counted in a fresh (signed-out) browser: for the signed-in pages they are left out.
  const bytes = signIn ? { load: NaN, idle: NaN, firebase: true } : await scriptBytes(`${SITE}${url}`);
  return { page: row, ...median, jsLoad: bytes.load, jsIdle: bytes.idle, firebase: bytes.firebase };
}

const rows: Row[] = [];
let savedSheet: SavedSheetTiming | null = null;
try {
  // `node scripts/bench-site.ts /checkout /guide/roster` measures just those pages, signed out and signed in.
  const only = process.argv.slice(2);
  const wanted = (path: string) => only.length === 0 || only.includes(path);
  for (const path of PAGES.filter(wanted)) rows.push(await measure(path, path, null));
  const signedInPages = SIGNED_IN_PAGES.filter((page) => wanted(page.path));
  if (signedInPages.length > 0) {
    const customer = await benchCustomer();
    for (const page of signedInPages) {
      rows.push(await measure(page.row, page.url(customer), { customer, shows: page.shows?.(customer) }));
    }
  }
  // The trip day: a saved sheet opened with no network, as the bench customer (a guide) saves it.
  if (wanted('/guide/trip')) savedSheet = await timeSavedSheetOffline(SITE, await benchCustomer());
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const kb = (bytes: number) => (Number.isNaN(bytes) ? '-' : (bytes / 1024).toFixed(1));
console.log('\n| page | score | LCP s | TBT ms | CLS | TTI s | blocking scripts | JS KB at load | JS KB at idle | Firebase fetched |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const row of rows) {
  console.log(
    `| ${row.page} | ${row.score} | ${(row.lcp / 1000).toFixed(2)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${(row.tti / 1000).toFixed(2)} | ${row.blocking} | ${kb(row.jsLoad)} | ${kb(row.jsIdle)} | ${row.firebase ? 'yes' : 'no'} |`,
  );
}

/** The chunks a built script loads before it runs: itself and its static imports, transitively (lazy imports left out). */
function staticClosure(chunk: string, seen = new Set<string>()): Set<string> {
  if (seen.has(chunk)) return seen;
  seen.add(chunk);
  const code = readFileSync(join('dist/_astro', chunk), 'utf8');
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) if (match[1]) staticClosure(match[1], seen);
  return seen;
}
const gzipOf = (chunks: Iterable<string>) =>
  [...chunks].reduce((sum, chunk) => sum + gzipSync(readFileSync(join('dist/_astro', chunk))).length, 0);

// Each island's own chunks, and with the React runtime (renderer) it hydrates with.
const islands = new Map<string, { component: string; renderer: string }>();
for (const file of readdirSync('dist', { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'))) {
  const html = readFileSync(join('dist', file), 'utf8');
  for (const match of html.matchAll(/<astro-island[^>]*component-url="\/_astro\/([^"]+)"[^>]*renderer-url="\/_astro\/([^"]+)"/g)) {
    const [, component = '', renderer = ''] = match;
    islands.set(component.replace(/\.[\w-]+\.js$/, ''), { component, renderer });
  }
}
console.log('\n| island | own JS KB | with React KB |');
console.log('|---|---:|---:|');
for (const [name, { component, renderer }] of [...islands].sort()) {
  const own = staticClosure(component);
  const runtime = staticClosure(renderer);
  const ownOnly = [...own].filter((chunk) => !runtime.has(chunk));
  console.log(`| ${name} | ${kb(gzipOf(ownOnly))} | ${kb(gzipOf(new Set([...own, ...runtime])))} |`);
}

// What an island loads only when it is opened: paying by card where the island has not loaded it yet.
const ON_DEMAND = [
  { part: 'DateChange', island: 'ProfilePage', what: "My Bookings' change of date, with its card payment" },
  { part: 'OfficeCardPayment', island: 'OpsBookingPage', what: "the console's booking paid by card" },
  { part: 'uPlot.esm', island: 'ReportsPage', what: "the reports page's charts (budget: the page's script 150 KB in all)" },
];
const chunkNamed = (name: string) => readdirSync('dist/_astro').find((file) => file.startsWith(`${name}.`) && file.endsWith('.js'));
console.log('\n| loaded when opened | island | more JS KB |');
console.log('|---|---|---:|');
for (const { part, island, what } of ON_DEMAND) {
  const [partChunk, islandChunk] = [chunkNamed(part), islands.get(island)?.component ?? chunkNamed(island)];
  if (!partChunk || !islandChunk) continue;
  const loaded = staticClosure(islandChunk);
  console.log(`| ${what} | ${island} | ${kb(gzipOf([...staticClosure(partChunk)].filter((chunk) => !loaded.has(chunk))))} |`);
}
// What the service worker keeps on the device: its precache, as stored (uncompressed) and as fetched (gzip).
const precache = await getManifest(precacheOptions('dist'));
const fetched = precache.manifestEntries?.reduce((sum, entry) => sum + gzipSync(readFileSync(join('dist', entry.url))).length, 0) ?? 0;
console.log('\n| service worker precache | files | KB stored | KB fetched (gzip) | budget KB |');
console.log('|---|---:|---:|---:|---:|');
console.log(`| pages, code, styles, images | ${precache.count} | ${kb(precache.size)} | ${kb(fetched)} | ${kb(PRECACHE_BUDGET_BYTES)} |`);
if (savedSheet) {
  console.log('\n| trip sheet opened with no network (390 px, CPU 4x slower) | parties | members | median ms | runs ms |');
  console.log('|---|---:|---:|---:|---|');
  console.log(
    `| /guide/trip?date=… | ${savedSheet.parties} | ${savedSheet.members} | ${savedSheet.median} | ${savedSheet.runs.join(', ')} |`,
  );
}
process.exit(0);
