/**
 * npm run bench (first half): the API's speed on the local stack (PGlite, or the Postgres database named by
 * BENCH_DATABASE_URL, which must be empty or hold only this project's tables), measured with autocannon.
 * Budgets (reported, not enforced): reads at least 2,000 req/s with p99 under 25 ms at 50
 * connections; payment intents at 200 req/s with p99 under 25 ms. Also the API's peak memory.
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

const signUp = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'bench-password', returnSecureToken: true }),
});
const { localId: uid, idToken } = (await signUp.json()) as { localId: string; idToken: string };
const classes = (await (await fetch(`${base}/calendar/winter-classes`)).json()) as {
  id: string;
  stripeId: string;
  date: { _seconds: number };
}[];
const date = classes.find((entry) => entry.date._seconds > Date.now() / 1000 + 86_400);
if (!date) throw new Error('no upcoming class date to book');
const intent = JSON.stringify({
  priceId: date.stripeId,
  quantity: 1,
  metadata: { userId: uid, dateId: date.id, partySize: 1, calendar: 'winter-classes' },
});

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
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
    errors: result.errors,
  };
}

const rows: Row[] = [];
rows.push(await measure('GET /calendar/winter-classes', { url: `${base}/calendar/winter-classes` }));
rows.push(await measure('GET /stripe/products', { url: `${base}/stripe/products` }));
rows.push(
  await measure('POST /stripe/create-payment-intent @200/s', {
    url: `${base}/stripe/create-payment-intent`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: intent,
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
for (const row of rows) console.log(`| ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.non2xx} | ${row.errors} |`);
console.log(`\nAPI peak resident memory: ${(peakKb / 1024).toFixed(0)} MiB`);
process.exit(0);
