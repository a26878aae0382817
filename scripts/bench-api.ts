/**
 * npm run bench (first half): the API's speed on the local stack (PGlite, or the Postgres database named by
 * BENCH_DATABASE_URL, which must be empty or hold only this project's tables), measured with autocannon.
 * Budgets (reported, not enforced): reads at least 2,000 req/s with p99 under 25 ms at 50
 * connections; payment intents at 200 req/s with p99 under 25 ms, each request a new hold and
 * intent from one of 200 customers across the season's dates (and, for comparison, one customer's
 * identical request repeated). Also the API's peak memory.
 */
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiProcess } from './processes.ts';

const emulator = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
const projectId = process.env['GCLOUD_PROJECT'] ?? 'demo-kamas-test';
if (!emulator) throw new Error('run through `npm run bench`, which starts the Auth emulator');

const dataDir = mkdtempSync(join(tmpdir(), 'kamas-bench-'));
const { base, child: api } = await startApiProcess({
  DATA_DIR: dataDir,
  DATABASE_URL: process.env['BENCH_DATABASE_URL'] ?? '',
  NODE_ENV: 'test',
  FIREBASE_PROJECT_ID: projectId,
});

/** Customers for the write benchmark, each creating only a few holds (well under the per-customer intent limit). */
const WRITERS = 200;
const HOLDS_PER_WRITER = 5;

async function signUp(label: string): Promise<{ uid: string; token: string }> {
  const response = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${label}-${Date.now()}@example.com`, password: 'bench-password', returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId: string; idToken: string };
  if (!response.ok) throw new Error(`emulator sign-up failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, token: body.idToken };
}

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
const dates: BenchDate[] = [...classes, ...(await calendar('winter-mentorship')), ...(await calendar('winter-day-tours'))];

/**
 * Each writer alternates between the two dates of its lane, so every request moves its one hold to
 * the other date: a real new hold and payment intent each time. A lane takes as many writers as
 * both its dates have room for at once.
 */
const lanes: { pair: [BenchDate, BenchDate]; writers: number }[] = [];
for (let index = 0; index + 1 < dates.length; index += 2) {
  const pair: [BenchDate, BenchDate] = [dates[index] as BenchDate, dates[index + 1] as BenchDate];
  lanes.push({ pair, writers: Math.min(pair[0].room, pair[1].room) });
}
const room = lanes.reduce((sum, lane) => sum + lane.writers, 0);
if (room < WRITERS) throw new Error(`only room for ${room} writers in the upcoming season, ${WRITERS} needed`);

const writers: { uid: string; token: string; pair: [BenchDate, BenchDate] }[] = [];
for (let start = 0; start < WRITERS; start += 20) {
  const batch = await Promise.all(Array.from({ length: Math.min(20, WRITERS - start) }, (_, index) => signUp(`w${start + index}`)));
  for (const user of batch) {
    const lane = lanes.find((candidate) => candidate.writers > 0);
    if (!lane) throw new Error('no lane left');
    lane.writers -= 1;
    writers.push({ ...user, pair: lane.pair });
  }
}
const distinctDates = new Set(writers.flatMap((writer) => writer.pair.map((date) => date.id))).size;

const intentFor = (uid: string, date: BenchDate) =>
  JSON.stringify({
    priceId: date.priceId,
    quantity: 1,
    metadata: { userId: uid, dateId: date.id, partySize: 1, calendar: date.calendar },
  });

// The repeated request: one customer, one class date, served from the hold it already has.
const repeater = await signUp('repeat');
const repeatedIntent = intentFor(repeater.uid, repeatDate);

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** The non-2xx answers by status, e.g. "409 x 3". */
  statuses: string;
  errors: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: 50, duration: 10, ...options });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stats]) => `${code} x ${stats.count ?? 0}`)
      .join(', '),
    errors: result.errors,
  };
}

const rows: Row[] = [];
rows.push(await measure('GET /calendar/winter-classes', { url: `${base}/calendar/winter-classes` }));
rows.push(await measure('GET /stripe/products', { url: `${base}/stripe/products` }));
// Writes: request k goes to writer k mod WRITERS, onto the other date of its lane.
let sent = 0;
const holds = new Set<string>();
rows.push(
  await measure(`POST /stripe/create-payment-intent, a new hold each @200/s (${WRITERS} customers, ${distinctDates} dates)`, {
    url: base,
    amount: WRITERS * HOLDS_PER_WRITER,
    overallRate: 200,
    requests: [
      {
        method: 'POST',
        path: '/stripe/create-payment-intent',
        setupRequest: (request) => {
          const writer = writers[sent % WRITERS];
          const step = Math.floor(sent / WRITERS);
          sent += 1;
          if (!writer) throw new Error('no writer');
          return {
            ...request,
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${writer.token}` },
            body: intentFor(writer.uid, writer.pair[step % 2 === 0 ? 0 : 1]),
          };
        },
        onResponse: (status, body) => {
          if (status === 200) holds.add((JSON.parse(body) as { bookingId: string }).bookingId);
        },
      },
    ],
  }),
);
const newHolds = holds.size;

rows.push(
  await measure('POST /stripe/create-payment-intent, the same request repeated @200/s', {
    url: `${base}/stripe/create-payment-intent`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${repeater.token}` },
    body: repeatedIntent,
    overallRate: 200,
  }),
);

// Reference: the same rate pattern against a route that does no work, to show what the load generator's bursts cost alone.
rows.push(await measure('GET /health @200/s (reference)', { url: `${base}/health`, overallRate: 200 }));

const status = readFileSync(`/proc/${api.pid}/status`, 'utf8');
const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
api.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });

console.log(`\nAPI on ${process.env['BENCH_DATABASE_URL'] ? 'Postgres' : 'PGlite'}`);
console.log('\n| call | req/s | p50 ms | p99 ms | non-2xx | errors |\n|---|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const non2xx = row.statuses ? `${row.non2xx} (${row.statuses})` : String(row.non2xx);
  console.log(`| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${non2xx} | ${row.errors} |`);
}
console.log(`\nNew holds created by the write row: ${newHolds} of ${WRITERS * HOLDS_PER_WRITER} requests (each a new payment intent).`);
console.log(`API peak resident memory: ${(peakKb / 1024).toFixed(0)} MiB`);
process.exit(0);
