/**
 * npm run bench (first half): the API's speed on the local stack (PGlite, or the Postgres database named by
 * BENCH_DATABASE_URL, which must be empty or hold only this project's tables).
 * Budgets (reported, not enforced): reads at least 2,000 req/s with p99 under 25 ms at 50
 * connections (autocannon, closed loop); payment intents at 200 req/s with p99 under 50 ms, each
 * request a new hold and intent from one of some 280 signed-in customers across the season's dates
 * (and, for comparison, one customer's identical request repeated); then each customer pays for the
 * hold that stands at 100 req/s (each payment books the seats and writes the booking's messages;
 * budget p99 under 50 ms), the confirmations going to a mail server in this process. Also the
 * API's peak memory, and last the mail rush (bench-mail.ts): 300 confirmations written over a minute
 * reaching a mail server that answers each in 200 ms, every one within 60 s; and the waitlist and
 * the trip day (bench-waitlist.ts): an office cancellation offering the seat on a date with 50 and
 * more waiting, and a guide's batch of 200 trip events; and checkouts paid by gift card
 * (bench-gift-cards.ts): holds and Book now at 100 a second (budget p99 under 50 ms).
 *
 * The rows at a fixed rate are open loop: request i is due at start + i / rate, whether or not
 * earlier answers came back, and its latency runs from when it was due (so a stalled server or a
 * lagging client counts against it, and nothing is left out while the server catches up). Every
 * customer signs up and signs in (see signIn) before the clock starts, and a few rounds of holds by
 * other customers warm the write path up first (it is measured as it runs, not as it starts).
 *
 * Settings (environment): BENCH_DATABASE_URL; BENCH_AUTH_EMULATOR (host:port, defaults to the
 * FIREBASE_AUTH_EMULATOR_HOST that `firebase emulators:exec` sets); BENCH_API_PORT (0, a free port,
 * by default); BENCH_RATE (200) and BENCH_WRITE_SECONDS (12) for the write row; BENCH_TRACE, a
 * file to write every paced request to (see trace).
 */
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { customerMaker, headersOf, type Customer } from './bench-customers.ts';
import { MAIL_RUSH_HEADER, mailRush, mailRushRow, type MailRush } from './bench-mail.ts';
import { startApiProcess } from './processes.ts';
import { waitlistBench, waitlistBenchRows, WAITLIST_BENCH_HEADER } from './bench-waitlist.ts';
import { giftCardBench, giftCardBenchRows, GIFT_CARD_BENCH_HEADER } from './bench-gift-cards.ts';
import { reportBench, reportBenchRow, REPORT_BENCH_HEADER } from './bench-reports.ts';
import { smtpCatcher } from '../tests/support/smtp-catcher.ts';

const emulator = process.env['BENCH_AUTH_EMULATOR'] || process.env['FIREBASE_AUTH_EMULATOR_HOST'];
const projectId = process.env['GCLOUD_PROJECT'] ?? 'demo-kamas-test';
if (!emulator) throw new Error('run through `npm run bench`, which starts the Auth emulator (or name it in BENCH_AUTH_EMULATOR)');
const RATE = Number(process.env['BENCH_RATE'] ?? 200);
const WRITE_SECONDS = Number(process.env['BENCH_WRITE_SECONDS'] ?? 12);
/** The API's limit on new holds per customer per hour (api/server.ts): no writer may go past it. */
const INTENT_LIMIT = 10;
/** Warm-up rounds before the write row, each a new hold for every warm-up customer. */
const WARM_ROUNDS = 6;
/** Payments of the holds that stand, per second. */
const PAY_RATE = Number(process.env['BENCH_PAY_RATE'] ?? 100);

const dataDir = mkdtempSync(join(tmpdir(), 'kamas-bench-'));
// The API's messages go to a mail server in this process, as they would to a provider's.
const mailServer = await smtpCatcher();
const { base, child: api } = await startApiProcess({
  SMTP_URL: mailServer.url,
  DATA_DIR: dataDir,
  DATABASE_URL: process.env['BENCH_DATABASE_URL'] ?? '',
  NODE_ENV: 'test',
  FIREBASE_PROJECT_ID: projectId,
  FIREBASE_AUTH_EMULATOR_HOST: emulator,
  API_PORT: process.env['BENCH_API_PORT'] ?? '0',
  // Customers arrive from addresses of their own, as through the proxy in front of the API in production.
  CLIENT_IP_HEADER: 'x-forwarded-for',
  TRUSTED_PROXIES: '127.0.0.1, ::1',
});

/** Customers of the benchmark, each signed in and ready to book (bench-customers.ts). */
const signIn = customerMaker(base, emulator);

interface BenchDate {
  id: string;
  calendar: string;
  priceId: string;
  /** How many one-person holds the date takes at once: a day tour is private, so one. */
  room: number;
}

const upcoming = Date.now() / 1000 + 86_400;
const calendar = async (name: string) =>
  (
    (await (await fetch(`${base}/calendar/${name}`)).json()) as {
      id: string;
      stripeId?: string;
      partySize: number;
      date: { _seconds: number };
    }[]
  )
    .filter((entry) => entry.date._seconds > upcoming)
    .map((entry) => ({
      id: entry.id,
      calendar: name,
      priceId: entry.stripeId ?? 'price_tour_ski',
      room: name === 'winter-day-tours' ? 1 : entry.partySize,
    }));
const classes = await calendar('winter-classes');
// Kept apart for the repeated request, so it never competes with the writers for a seat.
const repeatDate = classes.pop();
if (!repeatDate) throw new Error('no upcoming class date to book');
const shared: BenchDate[] = [...classes, ...(await calendar('winter-mentorship'))];
const tours = await calendar('winter-day-tours');

/** One order a writer may place: a date, its price, and maybe the demo's unlimited promo code. */
interface Order {
  date: BenchDate;
  priceId: string;
  promoCode?: string;
}

/**
 * A lane is the orders its writers cycle through, each request changing the writer's one hold to
 * the next order: a real new hold and payment intent each time. Classes and mentorship days go in
 * pairs of dates (every other one with a promo code), and a lane takes as many writers as both its
 * dates have room for at once. A private day tour takes one writer, who switches between two tours
 * of the same day.
 */
const lanes: { orders: Order[]; writers: number }[] = [];
for (let index = 0; index < shared.length; index += 2) {
  const first = shared[index] as BenchDate;
  const second = shared[index + 1] ?? first;
  lanes.push({
    orders: [
      { date: first, priceId: first.priceId },
      { date: second, priceId: second.priceId, promoCode: 'WELCOME10' },
    ],
    writers: Math.min(first.room, second.room),
  });
}
for (const tour of tours) {
  lanes.push({
    orders: [
      { date: tour, priceId: 'price_tour_ski' },
      { date: tour, priceId: 'price_tour_snowmobile' },
    ],
    writers: 1,
  });
}
const WRITERS = lanes.reduce((sum, lane) => sum + lane.writers, 0);
const WRITES = Math.round(RATE * WRITE_SECONDS);
if (WRITERS < 200) throw new Error(`only room for ${WRITERS} writers in the upcoming season, 200 needed`);
if (Math.ceil(WRITES / WRITERS) > INTENT_LIMIT) {
  throw new Error(`${WRITES} writes over ${WRITERS} customers would pass the limit of ${INTENT_LIMIT} new holds each`);
}

const writers: (Customer & { orders: Order[]; offset: number })[] = [];
const seats = lanes.flatMap((lane) => Array.from({ length: lane.writers }, (_, offset) => ({ orders: lane.orders, offset })));
for (let start = 0; start < WRITERS; start += 20) {
  const batch = await Promise.all(Array.from({ length: Math.min(20, WRITERS - start) }, (_, index) => signIn(`w${start + index}`)));
  batch.forEach((user, index) => writers.push({ ...user, ...(seats[start + index] as (typeof seats)[number]) }));
}
const distinctDates = new Set(writers.flatMap((writer) => writer.orders.map((order) => order.date.id))).size;

const intentFor = (uid: string, order: Order) =>
  JSON.stringify({
    priceId: order.priceId,
    quantity: 1,
    ...(order.promoCode ? { promoCode: order.promoCode } : {}),
    metadata: { userId: uid, dateId: order.date.id, partySize: 1, calendar: order.date.calendar },
  });

// The repeated request: one customer, one class date, served from the hold it already has.
const repeater = await signIn('repeat');
// Customers for the warm-up before the write row, on the repeated request's date, which has room
// for them beside the repeater. Signed in now, with everyone else, so the Auth emulator has long
// been idle when the writes begin (its process collects its garbage a few seconds after a burst of
// work, and a collection takes both cores for up to 100 ms).
const warmers = await Promise.all(Array.from({ length: repeatDate.room - 1 }, (_, index) => signIn(`warm${index}`)));
const repeatedIntent = intentFor(repeater.uid, { date: repeatDate, priceId: repeatDate.priceId });

interface Row {
  name: string;
  rps: number;
  p50: number;
  p95: number | null;
  p99: number;
  non2xx: number;
  /** The non-2xx answers by status, e.g. "409 x 3". */
  statuses: string;
  errors: number;
}

const statusText = (counts: Iterable<[string, number]>) =>
  [...counts]
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${code} x ${count}`)
    .join(', ');

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: 50, duration: 10, ...options });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: null,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses: statusText(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0])),
    errors: result.errors,
  };
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

// Enough sockets that a request never waits for one at the client.
const agent = new Agent({ keepAlive: true, maxSockets: 2048 });

function send(call: Call): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { ...call.headers, ...(call.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(call.body)) }) };
    const request = httpRequest(`${base}${call.path}`, { method: call.method, agent, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(call.body);
  });
}

/** The processor time the API has used so far, user and system, in ms (from /proc: ticks of 10 ms). */
function apiCpuMs(): number {
  const fields = readFileSync(`/proc/${api.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** With BENCH_TRACE set to a file, every paced request goes there as a CSV line: row, index, due ms, latency ms, status. */
const trace: string[] = [];
const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
const ms = (value: number) => Math.round(value * 10) / 10;

/** Open loop at `rate` per second for `count` requests; latency counted from each request's due time. */
async function paced(
  name: string,
  rate: number,
  count: number,
  callFor: (index: number) => Call,
  onResponse?: (status: number, body: string, index: number) => void,
): Promise<Row> {
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  let errors = 0;
  let lastEnd = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 20;
  for (let index = 0; index < count; index += 1) {
    const due = start + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const call = callFor(index);
    inFlight.push(
      send(call).then(
        ({ status, body }) => {
          lastEnd = performance.now();
          latencies.push(lastEnd - due);
          trace.push(`${JSON.stringify(name)},${index},${Math.round(due - start)},${Math.round(lastEnd - due)},${status}`);
          statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
          onResponse?.(status, body, index);
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const ok = [...statuses].filter(([code]) => code.startsWith('2')).reduce((sum, [, n]) => sum + n, 0);
  return {
    name,
    rps: Math.round((latencies.length / (lastEnd - start)) * 1000),
    p50: ms(percentile(latencies, 50)),
    p95: ms(percentile(latencies, 95)),
    p99: ms(percentile(latencies, 99)),
    non2xx: latencies.length - ok,
    statuses: statusText(statuses),
    errors,
  };
}

const reads = [
  await measure('GET /calendar/winter-classes', { url: `${base}/calendar/winter-classes` }),
  await measure('GET /stripe/products', { url: `${base}/stripe/products` }),
];

const repeated: Call = {
  method: 'POST',
  path: '/stripe/create-payment-intent',
  headers: headersOf(repeater),
  body: repeatedIntent,
};
const repeats = await paced(`POST /stripe/create-payment-intent, the same request repeated @${RATE}/s`, RATE, RATE * 10, () => repeated);

// Reference: the same open loop against a route that does no work, to show what the load generator costs alone.
const reference = await paced(`GET /health @${RATE}/s (reference)`, RATE, RATE * 10, () => ({ method: 'GET', path: '/health' }));

// The write row comes last, some 40 s after the sign-ups: the Auth emulator's process collects the
// garbage of that burst some 25 s after it, taking most of a core for half a second, which would
// otherwise show in the writes' p99 (it is the test setup's cost, not the API's).

// Warm-up, not measured: the write path's first runs (compiling its code, each database
// connection's first statements) by the warm-up customers. Rounds of requests at once, so every
// connection works.
for (let round = 0; round < WARM_ROUNDS; round += 1) {
  const answers = await Promise.all(
    warmers.map((warmer) =>
      send({
        method: 'POST',
        path: '/stripe/create-payment-intent',
        headers: headersOf(warmer),
        body: intentFor(warmer.uid, {
          date: repeatDate,
          priceId: repeatDate.priceId,
          ...(round % 2 === 1 ? { promoCode: 'WELCOME10' } : {}),
        }),
      }),
    ),
  );
  const refused = answers.find((answer) => answer.status !== 200);
  if (refused) throw new Error(`warm-up hold refused: ${refused.status} ${refused.body}`);
}

// Writes: request k goes to writer k mod WRITERS, onto that writer's next order.
const holds = new Set<string>();
/**
 * Each writer's hold that stands: the one answered last. The server answers a hold after its
 * transaction commits, and a customer's holds are made one after another, so the last answer is the
 * hold every earlier one gave way to. (Not the last sent: a writer's requests may be in flight
 * together when the server is behind, and be taken in either order.)
 */
const latestHold = new Map<number, string>();
const writes = await paced(
  `POST /stripe/create-payment-intent, a new hold each @${RATE}/s for ${WRITE_SECONDS} s (${WRITERS} customers, ${distinctDates} dates)`,
  RATE,
  WRITES,
  (index) => {
    const writer = writers[index % WRITERS];
    if (!writer) throw new Error('no writer');
    const step = Math.floor(index / WRITERS);
    return {
      method: 'POST',
      path: '/stripe/create-payment-intent',
      headers: headersOf(writer),
      body: intentFor(writer.uid, writer.orders[(step + writer.offset) % writer.orders.length] as Order),
    };
  },
  (status, body, index) => {
    if (status !== 200) return;
    const answer = JSON.parse(body) as { bookingId: string; clientSecret: string };
    holds.add(answer.bookingId);
    latestHold.set(index % WRITERS, answer.clientSecret);
  },
);
const newHolds = holds.size;

// Payments: each customer pays for the hold that stands with the local card; each payment books
// the seats and writes the booking's messages (the confirmation, the reminders, the briefing) in
// its transaction, and the API sends the confirmation to the mail server after answering.
const allStanding = [...latestHold].map(([writer, clientSecret]) => ({ writer: writers[writer] as Customer, clientSecret }));
const payFor = ({ writer, clientSecret }: (typeof allStanding)[number]): Call => ({
  method: 'POST',
  path: '/payments/local/confirm',
  headers: headersOf(writer),
  body: JSON.stringify({ clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }),
});
// Warm-up, not measured: the first payments and the first messages written and sent (the mail
// templates' first renders, the mail server's first connection), as the holds were warmed up.
const PAY_WARM = 20;
for (const hold of allStanding.slice(0, PAY_WARM)) {
  const paid = await send(payFor(hold));
  if (paid.status !== 200) throw new Error(`warm-up payment refused: ${paid.status} ${paid.body}`);
}
await sleep(3000);
const standing = allStanding.slice(PAY_WARM);
const mailBefore = mailServer.messages.length;
const cpuBefore = apiCpuMs();
const payments = await paced(
  `POST /payments/local/confirm, a hold paid each @${PAY_RATE}/s (${standing.length} bookings, mail outbox written)`,
  PAY_RATE,
  standing.length,
  (index) => payFor(standing[index] as (typeof standing)[number]),
);
const payCpuMs = apiCpuMs() - cpuBefore;
await sleep(3000);
const confirmationsSent = mailServer.messages.length - mailBefore;
const rows: Row[] = [...reads, writes, payments, repeats, reference];

const status = readFileSync(`/proc/${api.pid}/status`, 'utf8');
const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
agent.destroy();
if (process.env['BENCH_TRACE']) writeFileSync(process.env['BENCH_TRACE'], `${trace.join('\n')}\n`);
api.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
await mailServer.close();

// The mail rush runs last, with an API and a mail server of its own (bench-mail.ts).
const rush: MailRush = await mailRush({ emulator, projectId, databaseUrl: process.env['BENCH_DATABASE_URL'] || undefined });
// Then the waitlist and the trip day, with an API of their own too (bench-waitlist.ts).
const waits = await waitlistBench({ emulator, projectId, databaseUrl: process.env['BENCH_DATABASE_URL'] || undefined });
// And checkouts paid by gift card, on an API of their own as well (bench-gift-cards.ts), fresh and with a season's use in it.
const giftOptions = { emulator, projectId, databaseUrl: process.env['BENCH_DATABASE_URL'] || undefined };
const gifts = await giftCardBench(giftOptions);
const seasonedGifts = await giftCardBench(giftOptions, { seasoned: true });
// And the actual use report of a season of 10,000 bookings (bench-reports.ts).
const report = await reportBench(process.env['BENCH_DATABASE_URL'] || undefined);

console.log(`\nAPI on ${process.env['BENCH_DATABASE_URL'] ? 'Postgres' : 'PGlite'}`);
console.log('\n| call | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors |\n|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const non2xx = row.statuses ? `${row.non2xx} (${row.statuses})` : String(row.non2xx);
  console.log(`| ${row.name} | ${row.rps} | ${row.p50} | ${row.p95 ?? '-'} | ${row.p99} | ${non2xx} | ${row.errors} |`);
}
console.log(`\nNew holds created by the write row: ${newHolds} of ${WRITES} requests (each a new payment intent).`);
console.log(`Booking confirmations the mail server received within 3 s of the payments: ${confirmationsSent} of ${standing.length}.`);
console.log(
  `API processor time per payment: ${(payCpuMs / standing.length).toFixed(1)} ms (user and system, the messages sent meanwhile included).`,
);
console.log(`API peak resident memory: ${(peakKb / 1024).toFixed(0)} MiB`);
console.log(`\n${MAIL_RUSH_HEADER}\n${mailRushRow(rush)}`);
console.log(`\n${WAITLIST_BENCH_HEADER}\n${waitlistBenchRows(waits)}`);
console.log(`\n${GIFT_CARD_BENCH_HEADER}\n${giftCardBenchRows(gifts)}\n${giftCardBenchRows(seasonedGifts)}`);
console.log(`\n${REPORT_BENCH_HEADER}\n${reportBenchRow(report)}`);
process.exit(0);
