/**
 * The mail rush, a row of `npm run bench`: 300 bookings paid over one minute (5 a second), each
 * writing its confirmation in the payment's transaction, sent by the API to a mail server that takes
 * 200 ms to answer each message, as a busy provider's does. For each confirmation it reports the time
 * from its payment request (a moment before the confirmation is written) to its arrival at the mail
 * server. Budget (reported, not enforced): every confirmation there within 60 s.
 *
 * The API runs on a fresh PGlite folder of its own, or, with BENCH_DATABASE_URL, on a fresh database
 * of its own on that Postgres server. `node scripts/bench-mail.ts` (inside the Auth emulator, as
 * `npm run bench` runs it) measures just this row. Settings (environment): BENCH_AUTH_EMULATOR,
 * BENCH_MAIL_COUNT (300), BENCH_MAIL_SECONDS (60), BENCH_MAIL_ANSWER_MS (200).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { throwAwayDatabase } from './throwaway-database.ts';
import { customerMaker, headersOf, type Customer } from './bench-customers.ts';
import { startApiProcess, stopProcess } from './processes.ts';
import { smtpCatcher } from '../tests/support/smtp-catcher.ts';

export interface MailRush {
  /** Confirmations written (bookings paid) and those the mail server received. */
  written: number;
  received: number;
  /** Milliseconds from a payment request to its confirmation's arrival. */
  p50: number;
  p95: number;
  max: number;
  /** The setting of the rush, for its row's name. */
  seconds: number;
  answerMs: number;
  database: 'PGlite' | 'Postgres';
}

interface RushOptions {
  emulator: string;
  projectId: string;
  /** A Postgres server to make the rush's database on; PGlite without one. */
  databaseUrl?: string | undefined;
  count?: number | undefined;
  seconds?: number | undefined;
  answerMs?: number | undefined;
}

/** A database of the rush's own: its settings for the API, and how to remove it afterwards. */
async function rushDatabase(serverUrl: string | undefined): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (!serverUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'kamas-bench-mail-'));
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const { url, drop } = await throwAwayDatabase(serverUrl, 'bench_mail');
  return { env: { DATABASE_URL: url }, drop };
}

interface Seat {
  dateId: string;
  calendar: string;
  priceId: string;
}

/** One-person seats on the season's upcoming dates, as many as asked (a day tour is private: one party each). */
async function openSeats(base: string, wanted: number): Promise<Seat[]> {
  const seats: Seat[] = [];
  const soon = Date.now() + 86_400_000;
  for (const calendar of ['winter-classes', 'winter-mentorship', 'winter-day-tours']) {
    const entries = (await (await fetch(`${base}/calendar/${calendar}`)).json()) as {
      id: string;
      stripeId?: string;
      partySize: number;
      users: string[];
      date: { _seconds: number };
    }[];
    for (const entry of entries) {
      if (entry.date._seconds * 1000 < soon) continue;
      const room = calendar === 'winter-day-tours' ? (entry.users.length === 0 ? 1 : 0) : entry.partySize - entry.users.length;
      for (let seat = 0; seat < room; seat += 1) seats.push({ dateId: entry.id, calendar, priceId: entry.stripeId ?? 'price_tour_ski' });
    }
  }
  if (seats.length < wanted) throw new Error(`only ${seats.length} seats in the upcoming season, ${wanted} needed`);
  return seats.slice(0, wanted);
}

async function call(base: string, customer: Customer, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: headersOf(customer), body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Runs `work` on each item, twenty at a time. */
async function inBatches<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += 20) {
    results.push(...(await Promise.all(items.slice(start, start + 20).map((item, offset) => work(item, start + offset)))));
  }
  return results;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);

export async function mailRush(options: RushOptions): Promise<MailRush> {
  const count = options.count ?? 300;
  const seconds = options.seconds ?? 60;
  const answerMs = options.answerMs ?? 200;
  const server = await smtpCatcher({ answerAfterMs: answerMs });
  const database = await rushDatabase(options.databaseUrl);
  let child: ChildProcess | null = null;
  try {
    const started = await startApiProcess(
      {
        ...database.env,
        SMTP_URL: server.url,
        NODE_ENV: 'test',
        FIREBASE_PROJECT_ID: options.projectId,
        FIREBASE_AUTH_EMULATOR_HOST: options.emulator,
        CLIENT_IP_HEADER: 'x-forwarded-for',
        TRUSTED_PROXIES: '127.0.0.1, ::1',
      },
      60_000,
    );
    child = started.child;
    const { base } = started;
    // Before the clock: the customers, each ready to book and holding a seat.
    const seats = await openSeats(base, count);
    const signIn = customerMaker(base, options.emulator);
    const customers = await inBatches(seats, (_seat, index) => signIn(`rush${index}`));
    const holds = await inBatches(seats, async (seat, index) => {
      const customer = customers[index] as Customer;
      const metadata = { userId: customer.uid, dateId: seat.dateId, partySize: 1, calendar: seat.calendar };
      const hold = await call(base, customer, '/stripe/create-payment-intent', { priceId: seat.priceId, quantity: 1, metadata });
      return String(hold['clientSecret']);
    });

    // The rush: payment i is sent at start + i * interval, whether or not earlier ones were answered.
    const paidAt = new Map<string, number>();
    const interval = (seconds * 1000) / count;
    const start = performance.now() + 20;
    const payments: Promise<unknown>[] = [];
    for (let index = 0; index < count; index += 1) {
      const due = start + index * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const customer = customers[index] as Customer;
      paidAt.set(customer.email.toLowerCase(), due);
      const card = { clientSecret: holds[index], cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
      payments.push(call(base, customer, '/payments/local/confirm', card));
    }
    await Promise.all(payments);

    // The confirmations still on their way get a generous while to arrive; the budget is judged on the latencies.
    const confirmations = () => server.messages.filter((message) => message.subject?.startsWith('Booked:')).length;
    const giveUpAt = performance.now() + 120_000;
    while (confirmations() < count && performance.now() < giveUpAt) await sleep(100);

    const latencies: number[] = [];
    server.messages.forEach((message, index) => {
      if (!message.subject?.startsWith('Booked:')) return;
      const to = message.to && !Array.isArray(message.to) ? message.to.value[0]?.address?.toLowerCase() : undefined;
      const due = to ? paidAt.get(to) : undefined;
      if (due !== undefined) latencies.push((server.arrivedAt[index] ?? due) - due);
    });
    latencies.sort((a, b) => a - b);
    return {
      written: count,
      received: latencies.length,
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      max: Math.round(latencies.at(-1) ?? 0),
      seconds,
      answerMs,
      database: options.databaseUrl ? 'Postgres' : 'PGlite',
    };
  } finally {
    await stopProcess(child);
    await server.close();
    await database.drop();
  }
}

/** The row as `npm run bench` prints it. */
export function mailRushRow(rush: MailRush): string {
  return (
    `| mail rush: ${rush.written} confirmations over ${rush.seconds} s, mail server answering in ${rush.answerMs} ms (${rush.database}) ` +
    `| ${rush.received} of ${rush.written} received | ${rush.p50} | ${rush.p95} | ${rush.max} |`
  );
}

export const MAIL_RUSH_HEADER =
  '| row | received | p50 ms to the mail server | p95 ms | max ms (budget 60000) |\n|---|---:|---:|---:|---:|';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const emulator = process.env['BENCH_AUTH_EMULATOR'] || process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  if (!emulator) throw new Error('run inside the Auth emulator, as `npm run bench` does (or name it in BENCH_AUTH_EMULATOR)');
  const number = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const rush = await mailRush({
    emulator,
    projectId: process.env['GCLOUD_PROJECT'] ?? 'demo-kamas-test',
    databaseUrl: process.env['BENCH_DATABASE_URL'] || undefined,
    count: number('BENCH_MAIL_COUNT'),
    seconds: number('BENCH_MAIL_SECONDS'),
    answerMs: number('BENCH_MAIL_ANSWER_MS'),
  });
  console.log(`\n${MAIL_RUSH_HEADER}\n${mailRushRow(rush)}`);
  process.exit(0);
}
