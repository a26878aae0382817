/**
 * The demo's last season, so that the reports page and the actual use report have figures on a
 * fresh machine: customers fill in their profile, survey and waiver; they book and pay by the test
 * card (some with the welcome code), bring friends on their invite links, and cancel by the policy at
 * its several notices or through the office; a stormy day tour and a class are called off, their
 * payers choosing a refund or credit (or letting the deadline refund them); the guides check their
 * parties in, with a few no-shows. Every step goes through the same domain functions a real season
 * runs through, each at the instant it happens (the JavaScript and the database clocks both read it:
 * ../clock.ts), in the order it happened; nothing is inserted by hand. The season's messages were
 * never sent and are marked so; payments are the local provider's.
 */
import { afterCommit, committed } from '../after-commit.ts';
import { atTime, clockedDb } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { Caller } from '../identity.ts';
import { callOffDate, chooseAfterCallOff, refundUnchosen, type Choice } from '../bookings/call-off.ts';
import { cancelBooking, quoteCancellation } from '../bookings/cancellation.ts';
import { createHold, type HoldSettings } from '../bookings/holds.ts';
import { joinByInvite } from '../bookings/invites.ts';
import { runDueActions } from '../payment-outbox/worker.ts';
import { localProvider } from '../payments/local.ts';
import { confirmLocalPayment } from '../payments/local-confirm.ts';
import { recordTripEvents } from '../trailhead/trip-events.ts';
import { ensureUser, saveProfile, saveSurvey } from '../users/store.ts';
import { recordSignature } from '../users/waivers.ts';
import { currentWaiverEdition } from '../users/waiver-edition.ts';
import { denverDay, denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';
import type { Season } from '../../shared/rules/season.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import { DEMO_SIGNATURE, DEMO_SURVEY } from './demo-answers.ts';
import { DEFAULT_CREDIT_TERMS } from '../../shared/rules/gift-card-credit.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const NAMES = [
  'Avery Lund',
  'Blake Moreno',
  'Casey Ridge',
  'Dana Whitfield',
  'Eli Navarro',
  'Frankie Osei',
  'Gray Thompson',
  'Harper Kim',
  'Indy Patel',
  'Jules Carter',
  'Kai Sorensen',
  'Logan Reyes',
  'Morgan Hale',
  'Noor Haddad',
  'Oakley Brandt',
  'Parker Nguyen',
  'Quinn Alvarez',
  'Rowan Fischer',
  'Sage Okafor',
  'Tatum Byrne',
  'Uma Larsen',
  'Val Dimitrov',
  'Wren Castillo',
  'Yael Cohen',
];

const TEST_CARD = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };
const SIGNING = { ipAddress: '127.0.0.1', userAgent: 'the demo season' };
const GUIDE: Caller = { uid: 'demo_guide', email: 'guide@example.com', name: 'Sam Guide', picture: null };
const OFFICE: Caller = { uid: 'demo_office', email: 'office@example.com', name: 'Pat Office', picture: null };
/** The demo catalog's code for a first booking, 10% off. */
const WELCOME_CODE = 'WELCOME10';

/** A small, seeded random source, so every fresh machine gets the same season. */
function randomSource(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
  };
}

interface SeasonDate extends Record<string, unknown> {
  id: string;
  calendar: CalendarName;
  price_id: string;
  starts_at: Date;
  capacity: number;
}

/** One thing that happened, at its instant. */
interface Step {
  at: number;
  run: () => Promise<void>;
}

/**
 * Walks `season` (which has ended) through the domain on `db`, whose catalog already has its dates.
 */
export async function walkSeason(db: Db, season: Season): Promise<void> {
  const random = randomSource(20_251_201);
  const clocked = clockedDb(db);
  const payments = localProvider();
  // What each step asks for once committed (refunds, cancelled intents) is carried out as a request's is.
  const aftermath = { db: clocked, payments };
  const settlement = {
    db: clocked,
    payments,
    cache: { get: <T>(_key: string, load: () => Promise<T>) => load(), clear() {} },
    bookingCutoffHours: 12,
  };
  const unlimited = { max: 10_000, windowSeconds: 60 };
  const holdSettings: HoldSettings = {
    holdSeconds: 900,
    currency: 'usd',
    cutoffHours: 12,
    intentLimit: unlimited,
    clientKey: 'demo-season',
    addressLimit: unlimited,
    promoLimit: unlimited,
    giftCodeLimit: unlimited,
    waiverVersion: currentWaiverEdition.version,
  };
  const dates = await db.query<SeasonDate>(
    `select d.id, d.calendar, coalesce(d.price_id, (select p.id from prices p where p.product_id = d.product_id and p.active order by p.unit_amount, p.id limit 1)) as price_id,
            d.starts_at, d.capacity
       from calendar_dates d where d.starts_at >= $1 and d.starts_at < $2 order by d.starts_at, d.id`,
    [denverInstant(season.start), denverInstant(denverDayPlus(season.end, 1))],
  );
  const customers: Caller[] = NAMES.map((name, index) => ({
    uid: `demo_rider_${index + 1}`,
    email: `${name.split(' ')[0]?.toLowerCase() ?? 'rider'}.${index + 1}@example.com`,
    name,
    picture: null,
  }));
  const steps: Step[] = [];
  const firstDay = denverInstant(season.start).getTime();

  // Before the season, each customer fills in what a booking needs.
  customers.forEach((customer, index) => {
    steps.push({
      at: firstDay - 60 * DAY + index * HOUR,
      run: async () => {
        await ensureUser(clocked, customer);
        await saveProfile(clocked, customer, {
          displayName: customer.name ?? '',
          email: customer.email ?? '',
          phoneNumber: `+1435555${String(1000 + index)}`,
        });
        await saveSurvey(clocked, customer.uid, DEMO_SURVEY);
        await recordSignature(clocked, customer.uid, DEMO_SIGNATURE, currentWaiverEdition, SIGNING);
      },
    });
  });

  // The call-offs: a day tour and a class in February's storms.
  const stormy = new Set(
    ['winter-day-tours', 'winter-classes'].flatMap((calendar) => {
      const found = dates.find((date) => date.calendar === calendar && denverDay(date.starts_at).slice(5, 7) === '02');
      return found ? [found.id] : [];
    }),
  );

  for (const date of dates) {
    const startsAt = date.starts_at.getTime();
    // Classes and mentorship days fill with several parties; a day tour is one party's, most days.
    const isClass = date.calendar !== 'winter-day-tours';
    const parties = isClass ? 2 + random(3) : random(3) === 0 ? 0 : 1;
    const party = { seats: 0 };
    const members: { payer: Caller; bookingId: () => string | null; friends: Caller[]; cancelled: () => boolean }[] = [];
    for (let n = 0; n < parties; n += 1) {
      const payer = customers[random(customers.length)] as Caller;
      const size = date.calendar === 'winter-mentorship' ? 1 : isClass ? 1 + random(2) : 1 + random(3);
      // One party in six came with the welcome code.
      const promoCode = random(6) === 0 ? WELCOME_CODE : undefined;
      if (party.seats + size > date.capacity || members.some((member) => member.payer.uid === payer.uid)) continue;
      party.seats += size;
      const bookedAt = startsAt - (3 + random(40)) * DAY + random(10) * HOUR;
      let bookingId: string | null = null;
      let cancelled = false;
      const friends: Caller[] = [];
      steps.push({
        at: bookedAt,
        run: async () => {
          const hold = await createHold(
            clocked,
            payments,
            payer,
            {
              priceId: date.price_id,
              quantity: size,
              ...(promoCode ? { promoCode } : {}),
              metadata: { userId: payer.uid, dateId: date.id, partySize: size, calendar: date.calendar, email: payer.email ?? '' },
            },
            holdSettings,
          );
          await confirmLocalPayment(settlement, payer, { clientSecret: hold.clientSecret ?? '', ...TEST_CARD });
          bookingId = hold.bookingId;
        },
      });
      // A friend joins on the invite link the next day.
      if (size > 1 && random(2) === 0) {
        const friend = customers[random(customers.length)] as Caller;
        if (friend.uid !== payer.uid) {
          friends.push(friend);
          steps.push({
            at: bookedAt + DAY,
            run: async () => {
              // Unless the party cancelled first.
              const [row] = await clocked.query<{ invite_code: string }>(
                `select invite_code from bookings where id = $1 and status = 'paid'`,
                [bookingId],
              );
              if (row) await committed(aftermath, joinByInvite(clocked, friend, row.invite_code));
            },
          });
        }
      }
      // One party in twelve cancels by the policy, at one of its notices: a month out, a week out, two
      // days out; and one in fifty calls the office, which cancels it with a full refund.
      const cancelling = stormy.has(date.id) ? null : random(12) === 0 ? 'customer' : random(50) === 0 ? 'office' : null;
      if (cancelling) {
        const notice = [30, 10, 2][random(3)] as number;
        steps.push({
          at: Math.max(bookedAt + 2 * HOUR, startsAt - notice * DAY),
          run: async () => {
            if (!bookingId) return;
            if (cancelling === 'customer') {
              const quote = await quoteCancellation(clocked, payer.uid, bookingId);
              await committed(aftermath, cancelBooking(clocked, bookingId, { payer: payer.uid, quoteId: quote.quoteId }));
            } else {
              const [paid] = await clocked.query<{ amount: number }>(`select amount from bookings where id = $1`, [bookingId]);
              await committed(
                aftermath,
                cancelBooking(clocked, bookingId, {
                  operator: OFFICE,
                  reason: 'A broken wrist; a doctor’s note',
                  refund: paid?.amount ?? 0,
                }),
              );
            }
            cancelled = true;
          },
        });
      }
      members.push({ payer, bookingId: () => bookingId, friends, cancelled: () => cancelled });
    }

    if (stormy.has(date.id)) {
      const calledAt = startsAt - 20 * HOUR;
      steps.push({
        at: calledAt,
        run: async () => {
          const { actions } = await callOffDate(clocked, date.id, 'Avalanche danger high after the storm');
          await afterCommit(aftermath, { actions });
        },
      });
      // The first payer takes a refund, the second credit; any other lets the deadline refund them.
      members.forEach((member, index) => {
        const choices: Choice[] = [{ choice: 'refund' }, { choice: 'credit' }];
        const choice = choices[index];
        if (!choice) return;
        steps.push({
          at: calledAt + (2 + index) * HOUR,
          run: async () => {
            const bookingId = member.bookingId();
            if (bookingId)
              await committed(
                aftermath,
                chooseAfterCallOff(clocked, member.payer.uid, bookingId, choice, { cutoffHours: 12, creditTerms: DEFAULT_CREDIT_TERMS }),
              );
          },
        });
      });
      continue;
    }

    // The trip day: the guide marks each member here, and now and then a party that never came.
    steps.push({
      at: startsAt + 20 * 60_000,
      run: async () => {
        const events = members.flatMap((member, index) => {
          const bookingId = member.bookingId();
          if (!bookingId || member.cancelled()) return [];
          const kind = random(13) === 0 ? ('no-show' as const) : ('here' as const);
          return [member.payer, ...member.friends].map((who, position) => ({
            id: `demo_${date.id}_${index}_${position}`.replace(/[^A-Za-z0-9_-]/g, '_'),
            bookingId,
            uid: who.uid,
            at: new Date(startsAt + (10 + position) * 60_000).toISOString(),
            kind,
          }));
        });
        if (events.length > 0) await recordTripEvents(clocked, date.id, events, GUIDE, { waiver: currentWaiverEdition, request: SIGNING });
      },
    });
  }

  steps.sort((a, b) => a.at - b.at);
  for (const step of steps) {
    await atTime(
      () => new Date(step.at),
      async () => {
        await step.run();
        await runDueActions(clocked, payments);
      },
    );
  }
  // Whatever the deadlines settled: the unchosen called-off bookings refunded, every refund carried out.
  const end = denverInstant(denverDayPlus(season.end, 1)).getTime();
  await atTime(
    () => new Date(end),
    async () => {
      await afterCommit(aftermath, { actions: await refundUnchosen(clocked) });
    },
  );
  // The season's messages were never sent, and never will be.
  await db.query(`update mail_outbox set status = 'skipped', skipped_reason = 'the demo season' where status = 'pending'`);
  await db.query(`delete from rate_limits`);
}
