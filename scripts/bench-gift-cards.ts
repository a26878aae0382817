/**
 * npm run bench (part): checkouts paid by gift card, on an API of its own (PGlite, or a database of
 * its own on the Postgres server BENCH_DATABASE_URL names). 300 ready customers, each with a gift
 * card the office issued, hold a seat of one class paying with their card (each hold locks the card's
 * row and writes its ledger row beside the seats), then book it with Book now (the spend written and
 * the booking's messages with it). Both at 100 a second, open loop: request i is due at start + i /
 * rate, and its latency runs from when it was due (budget: p99 under 50 ms, as the card path). Once on a
 * fresh database, once on one with a season's use in it (10,000 bookings, their gift cards and ledgers).
 * Run alone: `node scripts/bench-gift-cards.ts` inside the Auth emulator, as `npm run bench` runs it.
 */
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { denverDay, denverDayPlus } from '../shared/rules/dates.ts';
import { asOperator, customerMaker, headersOf, type Customer } from './bench-customers.ts';
import { ms, percentile } from './bench-waitlist.ts';
import { benchStack, type BenchOptions } from './bench-stack.ts';
import { prefillSeason } from './bench-season.ts';

const CHECKOUTS = 300;
const RATE = 100;
const WARM = 20;
/** Class dates the checkouts are spread over. */
const DATES = 4;

export interface GiftCardBench {
  database: 'PGlite' | 'Postgres';
  /** On a database with a season's use in it (bench-season.ts), else a fresh one. */
  seasoned: boolean;
  holds: number[];
  bookings: number[];
  refused: number;
}

export const GIFT_CARD_BENCH_HEADER = '| row | runs | p50 ms | p99 ms | max ms | refused | budget |\n|---|---:|---:|---:|---:|---:|---|';

export function giftCardBenchRows(bench: GiftCardBench): string {
  const row = (name: string, values: number[]) =>
    `| ${name} (${bench.database}${bench.seasoned ? ", a season's use in it" : ', fresh'}) | ${values.length} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 99))} | ${ms(Math.max(...values))} | ${bench.refused} | p99 under 50 ms |`;
  return [
    row(`POST /stripe/create-payment-intent paid by a gift card @${RATE}/s`, bench.holds),
    row(`POST /bookings/{id}/gift-card-payment (Book now) @${RATE}/s`, bench.bookings),
  ].join('\n');
}

/** Sends `count` requests at `RATE` a second, open loop; each latency runs from when its request was due. */
async function paced(count: number, send: (index: number) => Promise<boolean>): Promise<{ latencies: number[]; refused: number }> {
  const start = performance.now() + 50;
  let refused = 0;
  const latencies = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const due = start + (index * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      if (!(await send(index))) refused += 1;
      return performance.now() - due;
    }),
  );
  return { latencies, refused };
}

export async function giftCardBench(options: BenchOptions, { seasoned = false } = {}): Promise<GiftCardBench> {
  const stack = await benchStack(seasoned ? { ...options, prefill: prefillSeason } : options, 'gift-cards');
  const { base } = stack;
  try {
    const signIn = customerMaker(base, options.emulator);
    const operator = await asOperator(options, await signIn('gift-office'));
    const call = async <T>(method: string, path: string, body: unknown, by: Customer): Promise<{ status: number; body: T }> => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: headersOf(by),
        body: body === undefined ? null : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    };
    const must = async <T>(method: string, path: string, body: unknown, by: Customer): Promise<T> => {
      const answer = await call<T>(method, path, body, by);
      if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };

    // Classes some seven weeks ahead with a seat for every checkout (a date holds at most 100).
    const kinds = await must<{ key: string; calendar: string }[]>('GET', '/ops/date-kinds', undefined, operator);
    const kind = kinds.find((candidate) => candidate.calendar === 'winter-classes')?.key;
    if (!kind) throw new Error('no kind of class date');
    const dateIds: string[] = [];
    for (let day = 0; day < DATES; day += 1) {
      const firstDay = denverDayPlus(denverDay(new Date()), 49 + day);
      const added = await must<{ added: string[] }>(
        'POST',
        '/ops/dates',
        { kind, firstDay, time: '08:00', capacity: Math.ceil((CHECKOUTS + WARM) / DATES), reason: 'Benchmark' },
        operator,
      );
      dateIds.push(added.added[0] ?? '');
    }
    const classes = (await (await fetch(`${base}/calendar/winter-classes`)).json()) as { id: string; stripeId?: string }[];
    const priceId = classes.find((candidate) => candidate.id === dateIds[0])?.stripeId;
    if (!priceId) throw new Error('the added classes are not on the calendar');

    const buyers: { customer: Customer; code: string }[] = [];
    for (let start = 0; start < CHECKOUTS + WARM; start += 10) {
      const customers = await Promise.all(Array.from({ length: 10 }, (_, index) => signIn(`gift${start + index}`)));
      for (const customer of customers) {
        const card = await must<{ code: string }>(
          'POST',
          '/ops/gift-cards',
          { dollars: 1000, recipientName: 'Bench Rider', reason: 'Benchmark' },
          operator,
        );
        buyers.push({ customer, code: card.code });
      }
    }
    const holdFor = ({ customer, code }: (typeof buyers)[number], index: number) =>
      call<{ bookingId: string; amount: number }>(
        'POST',
        '/stripe/create-payment-intent',
        {
          priceId,
          quantity: 1,
          giftCodes: [code],
          metadata: {
            userId: customer.uid,
            dateId: dateIds[index % DATES],
            partySize: 1,
            calendar: 'winter-classes',
            email: customer.email,
          },
        },
        customer,
      );
    const bookNow = (customer: Customer, bookingId: string) =>
      call('POST', `/bookings/${bookingId}/gift-card-payment`, undefined, customer);

    // Warm-up, not measured: the first holds and bookings (compiling the path, each connection's first statements).
    for (const [index, buyer] of buyers.slice(0, WARM).entries()) {
      const held = await holdFor(buyer, index);
      if (held.status !== 200 || held.body.amount !== 0) throw new Error(`warm-up hold: ${held.status} ${JSON.stringify(held.body)}`);
      if ((await bookNow(buyer.customer, held.body.bookingId)).status !== 200) throw new Error('warm-up booking refused');
    }
    await sleep(2000);

    const measured = buyers.slice(WARM);
    const bookingIds: string[] = [];
    const holds = await paced(measured.length, async (index) => {
      const held = await holdFor(measured[index] as (typeof measured)[number], index);
      if (held.status !== 200 || held.body.amount !== 0) return false;
      bookingIds[index] = held.body.bookingId;
      return true;
    });
    await sleep(2000);
    const bookings = await paced(measured.length, async (index) => {
      const bookingId = bookingIds[index];
      if (!bookingId) return false;
      return (await bookNow((measured[index] as (typeof measured)[number]).customer, bookingId)).status === 200;
    });
    return {
      database: stack.database,
      seasoned,
      holds: holds.latencies,
      bookings: bookings.latencies,
      refused: holds.refused + bookings.refused,
    };
  } finally {
    await stack.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const emulator = process.env['BENCH_AUTH_EMULATOR'] || process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  if (!emulator) throw new Error('run inside the Auth emulator (`firebase emulators:exec`), or name it in BENCH_AUTH_EMULATOR');
  const options = {
    emulator,
    projectId: process.env['GCLOUD_PROJECT'] ?? 'demo-kamas-test',
    databaseUrl: process.env['BENCH_DATABASE_URL'] || undefined,
  };
  const fresh = await giftCardBench(options);
  const seasoned = await giftCardBench(options, { seasoned: true });
  console.log(`\n${GIFT_CARD_BENCH_HEADER}\n${giftCardBenchRows(fresh)}\n${giftCardBenchRows(seasoned)}`);
}
