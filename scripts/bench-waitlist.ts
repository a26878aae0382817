/**
 * npm run bench (part): the waitlist and the trip day, on an API of its own (PGlite, or a database of
 * its own on the Postgres server BENCH_DATABASE_URL names).
 * - A cancellation by the office on a full date with at least 50 parties waiting: the request frees
 *   the seat and offers it to the first in line before it answers. 100 cancellations one after
 *   another (so that the 99th percentile is one, not the slowest of a few), 150 waiting at the first
 *   and 51 at the last, once the setup's messages have gone out (budget: p99 under 50 ms).
 * - A guide's phone sending a batch of 200 events (arrivals, gear checks, no-shows) for a trip
 *   starting in some 14 hours: 5 batches one after another (budget: each under 500 ms).
 * Run alone: `node scripts/bench-waitlist.ts` inside the Auth emulator, as `npm run bench` runs it.
 */
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { asOperator, customerMaker, headersOf, type Customer } from './bench-customers.ts';
import { benchStack, type BenchOptions } from './bench-stack.ts';
import { denverClock, denverDay, denverDayPlus } from '../shared/rules/dates.ts';

const CANCELS = 100;
const STILL_WAITING = 50;
const BATCHES = 5;
const EVENTS_PER_BATCH = 200;

export interface WaitlistBench {
  database: 'PGlite' | 'Postgres';
  cancels: number[];
  batches: number[];
}

export const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
export const ms = (value: number) => Math.round(value * 10) / 10;

export const WAITLIST_BENCH_HEADER = '| row | runs | p50 ms | p99 ms | max ms | budget |\n|---|---:|---:|---:|---:|---|';

export function waitlistBenchRows(bench: WaitlistBench): string {
  const row = (name: string, values: number[], budget: string) =>
    `| ${name} (${bench.database}) | ${values.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 99))} | ${ms(Math.max(...values))} | ${budget} |`;
  return [
    row(
      `an office cancellation on a full date with ${STILL_WAITING} to ${STILL_WAITING + CANCELS} parties waiting, the seat offered`,
      bench.cancels,
      'p99 under 50 ms',
    ),
    row(`a guide's batch of ${EVENTS_PER_BATCH} trip events`, bench.batches, 'each under 500 ms'),
  ].join('\n');
}

export async function waitlistBench(options: BenchOptions): Promise<WaitlistBench> {
  const stack = await benchStack(options, 'waitlist');
  const { base, mailServer } = stack;
  try {
    const signIn = customerMaker(base, options.emulator);
    const operator = await asOperator(options, await signIn('office'));
    const call = async <T>(method: string, path: string, body: unknown, by: Customer = operator): Promise<{ status: number; body: T }> => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: headersOf(by),
        body: body === undefined ? null : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return { status: response.status, body: JSON.parse(text) as T };
    };
    const kinds = (await call<{ key: string; calendar: string }[]>('GET', '/ops/date-kinds', undefined)).body;
    const kindOf = (calendar: string) => {
      const kind = kinds.find((candidate) => candidate.calendar === calendar);
      if (!kind) throw new Error(`no kind of date on ${calendar}`);
      return kind.key;
    };
    const addDate = async (calendar: string, firstDay: string, time: string, capacity: number) => {
      const added = await call<{ added: string[] }>('POST', '/ops/dates', {
        kind: kindOf(calendar),
        firstDay,
        time,
        capacity,
        reason: 'Benchmark',
      });
      const id = added.body.added[0];
      if (!id) throw new Error(`no date added on ${firstDay} at ${time}`);
      return id;
    };
    let requests = 0;
    const bookByOffice = async (dateId: string, partySize: number, label: string, priceId?: string) => {
      requests += 1;
      const booked = await call<{ id: string }>('POST', '/ops/bookings', {
        email: `bench-${label}-${Date.now()}@example.com`,
        name: `Bench ${label}`,
        dateId,
        partySize,
        ...(priceId ? { priceId } : {}),
        paidBy: 'cash',
        reason: 'Benchmark',
        requestId: `bench-request-${requests}-${Date.now()}`,
      });
      return booked.body.id;
    };

    // A class some six weeks ahead, full with 100 parties of one, and 150 ready customers waiting for it.
    const classId = await addDate('winter-classes', denverDayPlus(denverDay(new Date()), 42), '08:00', CANCELS);
    const priceId = ((await (await fetch(`${base}/calendar/winter-classes`)).json()) as { id: string; stripeId?: string }[]).find(
      (entry) => entry.id === classId,
    )?.stripeId;
    if (!priceId) throw new Error('the added class is not on the calendar');
    const bookings: string[] = [];
    for (let index = 0; index < CANCELS; index += 1) bookings.push(await bookByOffice(classId, 1, `party${index}`));
    for (let start = 0; start < STILL_WAITING + CANCELS; start += 10) {
      const waiting = await Promise.all(Array.from({ length: 10 }, (_, index) => signIn(`waiting${start + index}`)));
      for (const customer of waiting) await call('POST', '/waitlist', { dateId: classId, priceId, partySize: 1 }, customer);
    }
    // The setup's own messages (a confirmation per booking, a word per party joining the line) go out
    // first: the row measures cancellations, not the API sending a hundred messages beside them.
    const setupMessages = CANCELS + STILL_WAITING + CANCELS;
    for (let waited = 0; mailServer.messages.length < setupMessages; waited += 100) {
      if (waited > 60_000) throw new Error(`${mailServer.messages.length} of the setup's ${setupMessages} messages arrived in a minute`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cancels: number[] = [];
    for (const bookingId of bookings) {
      const started = performance.now();
      await call('POST', `/ops/bookings/${bookingId}/cancel`, { reason: 'Benchmark', refund: 0 });
      cancels.push(performance.now() - started);
    }
    const line = (await call<{ waitlist: { status: string }[] }>('GET', `/ops/dates/${classId}/waitlist`, undefined)).body.waitlist;
    const offered = line.filter((entry) => entry.status === 'offered').length;
    if (offered !== CANCELS) throw new Error(`${offered} parties were offered a seat by ${CANCELS} cancellations`);

    // A day tour starting in some 14 hours, where a party of four is checked in, 200 events a batch.
    const startsAt = new Date(Date.now() + 14 * 3_600_000);
    const tourId = await addDate('winter-day-tours', denverDay(startsAt), denverClock(startsAt), 4);
    const tourBooking = await bookByOffice(tourId, 4, 'trip', 'price_tour_ski');
    const sheet = (
      await call<{ parties: { bookingId: string; members: { uid: string }[] }[] }>('GET', `/guide/dates/${tourId}/trip-sheet`, undefined)
    ).body;
    const member = sheet.parties.find((party) => party.bookingId === tourBooking)?.members[0];
    if (!member) throw new Error('the trip sheet has no member of the party');
    const batches: number[] = [];
    for (let batch = 0; batch < BATCHES; batch += 1) {
      const at = new Date().toISOString();
      const events = Array.from({ length: EVENTS_PER_BATCH }, (_, index) => {
        const base = { id: `bench-${batch}-${index}-${Date.now()}`, bookingId: tourBooking, uid: member.uid, at };
        if (index % 3 === 1) return { ...base, kind: 'gear', beacon: true, shovel: true, probe: index % 2 === 0 };
        return { ...base, kind: index % 10 === 9 ? 'no-show' : 'here' };
      });
      const started = performance.now();
      const answer = await call<{ outcomes: { refused: string | null }[] }>('POST', `/guide/dates/${tourId}/trip-events`, { events });
      batches.push(performance.now() - started);
      const refused = answer.body.outcomes.find((outcome) => outcome.refused !== null);
      if (refused) throw new Error(`a trip event was refused: ${refused.refused}`);
    }
    return { database: stack.database, cancels, batches };
  } finally {
    await stack.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const emulator = process.env['BENCH_AUTH_EMULATOR'] || process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  if (!emulator) throw new Error('run inside the Auth emulator (`firebase emulators:exec`), or name it in BENCH_AUTH_EMULATOR');
  const bench = await waitlistBench({
    emulator,
    projectId: process.env['GCLOUD_PROJECT'] ?? 'demo-kamas-test',
    databaseUrl: process.env['BENCH_DATABASE_URL'] || undefined,
  });
  console.log(`\n${WAITLIST_BENCH_HEADER}\n${waitlistBenchRows(bench)}`);
}
