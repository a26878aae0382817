/**
 * Every seat rule the database decides in SQL gives the answer of its TypeScript twin
 * (shared/rules/seat-rules.ts) on real rows. Each case writes its rows and reads both answers in one
 * transaction, so `now()` is a single instant that the TypeScript rules are given too; a hold that
 * ends, or a cut-off that falls, at exactly that instant is a case of its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../api/db/client.ts';
import { honouredDiscount } from '../../api/bookings/promo.ts';
import { lockDate, takenSeats } from '../../api/bookings/seats.ts';
import { listCalendar } from '../../api/catalog/calendars.ts';
import { upcomingDates } from '../../api/roster/roster.ts';
import { isOpen, spotsLeft } from '../../shared/rules/availability.ts';
import { calendarDateOf } from '../../shared/rules/calendar-date.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import {
  bookingsOpen,
  closingTime,
  cutoffSeconds,
  holdLapsed,
  isLiveHold,
  partySpotsLeft,
  promoHasUseLeft,
  promoUses,
  seatsLeft,
  seatsTaken,
  takesSeats,
  type BookingStatus,
  type SeatBooking,
} from '../../shared/rules/seat-rules.ts';
import {
  bookingsOpenSql,
  HOLD_LAPSED_SQL,
  LIVE_HOLD_SQL,
  partySpotsLeftSql,
  promoUsesSql,
  seatsTakenSql,
  TAKES_SEATS_SQL,
} from '../../api/bookings/seat-sql.ts';
import { harness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
  await h.db.query(`insert into users (uid, email) values ('rules-a', 'a@example.com'), ('rules-b', 'b@example.com'),
    ('rules-c', 'c@example.com'), ('rules-d', 'd@example.com')`);
});

const DAY = 86_400;

const PRODUCT_AND_PRICE: Record<CalendarName, [string, string]> = {
  'winter-classes': ['prod_avalanche_courses', 'price_class_moto'],
  'winter-day-tours': ['prod_backcountry_tours', 'price_tour_ski'],
  'winter-mentorship': ['prod_mentorship', 'price_mentorship_day'],
};

interface BookingCase {
  status: BookingStatus;
  partySize: number;
  /** When its hold ends, in seconds from now: 0 is this very instant. */
  expiresIn: number;
  promoCode: string | null;
}

/** Bookings of one kind: `status`, with the hold's end `expiresIn` seconds from now. */
const bookingsOf =
  (status: BookingStatus, expiresIn: number) =>
  (partySize: number, promoCode: string | null = null): BookingCase => ({ status, partySize, expiresIn, promoCode });
const paid = bookingsOf('paid', -3600);
const held = bookingsOf('held', 600);
const lapsed = bookingsOf('held', -60);
const lapsingNow = bookingsOf('held', 0);
/** Given up before its time ran out: its seats are free although the hold's end is still ahead. */
const released = bookingsOf('released', 600);
const refunded = bookingsOf('refunded', -3600);

let dates = 0;

/** A new date on `calendar` starting `startsIn` seconds from now, with `bookings` on it; returns its id. */
async function addDate(tx: Queryable, calendar: CalendarName, capacity: number, bookings: BookingCase[] = [], startsIn = 30 * DAY) {
  dates += 1;
  const id = `rules-${dates}`;
  const [productId, priceId] = PRODUCT_AND_PRICE[calendar];
  await tx.query(
    `insert into calendar_dates (id, product_id, calendar, starts_at, capacity) values ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [id, productId, calendar, startsIn, capacity],
  );
  for (const [index, { status, partySize, expiresIn, promoCode }] of bookings.entries()) {
    await tx.query(
      `insert into bookings (id, date_id, user_id, price_id, party_size, quantity, amount, currency, promo_code, status, provider,
                             hold_expires_at, invite_code)
       values ($1, $2, 'rules-a', $3, $4, $4, 25000, 'usd', $5, $6, 'local', now() + make_interval(secs => $7), $8)`,
      [`${id}-${index}`, id, priceId, partySize, promoCode, status, expiresIn, status === 'paid' ? `inv-${id}-${index}` : null],
    );
  }
  return id;
}

interface BookingRow {
  id: string;
  status: BookingStatus;
  party_size: number;
  promo_code: string | null;
  expires_ms: number;
  lapsed: boolean;
  live: boolean;
  takes: boolean;
}

/** The bookings matching `where` as the TypeScript rules read them, with the SQL's answers for each, and now() (ms). */
async function readBookings(tx: Queryable, where: string, params: unknown[]) {
  const [clock] = await tx.query<{ now_ms: number }>(`select (extract(epoch from now()) * 1000)::float8 as now_ms`);
  const rows = await tx.query<BookingRow & Record<string, unknown>>(
    `select id, status, party_size, promo_code, (extract(epoch from hold_expires_at) * 1000)::float8 as expires_ms,
            ${HOLD_LAPSED_SQL} as lapsed, ${LIVE_HOLD_SQL} as live, ${TAKES_SEATS_SQL} as takes
       from bookings where ${where} order by id`,
    params,
  );
  const bookings = rows.map((row) => ({
    row,
    booking: {
      status: row.status,
      partySize: row.party_size,
      holdExpiresAt: row.expires_ms,
      promoCode: row.promo_code,
    } satisfies SeatBooking,
  }));
  return { now: clock?.now_ms ?? NaN, bookings };
}

interface DateCase {
  name: string;
  calendar: CalendarName;
  capacity: number;
  bookings: BookingCase[];
  /** The seats left, as the rule says it should be. */
  left: number;
}

const DATE_CASES: DateCase[] = [
  {
    name: 'a class with seats left: paid seats and live holds count; lapsed, released and refunded ones do not',
    calendar: 'winter-classes',
    capacity: 10,
    bookings: [paid(3), held(2), lapsed(4), lapsingNow(2), released(5), refunded(1)],
    left: 5,
  },
  { name: 'a class that is full', calendar: 'winter-classes', capacity: 4, bookings: [paid(2), held(2)], left: 0 },
  {
    name: 'a class taken beyond its capacity shows none left',
    calendar: 'winter-classes',
    capacity: 3,
    bookings: [paid(2), held(2)],
    left: 0,
  },
  { name: 'a mentorship day with one seat left', calendar: 'winter-mentorship', capacity: 6, bookings: [paid(4), held(1)], left: 1 },
  { name: 'a free day tour', calendar: 'winter-day-tours', capacity: 4, bookings: [], left: 4 },
  {
    name: 'a day tour someone holds is full, whatever the party size',
    calendar: 'winter-day-tours',
    capacity: 4,
    bookings: [held(1)],
    left: 0,
  },
  { name: 'a day tour someone paid is full', calendar: 'winter-day-tours', capacity: 4, bookings: [paid(2)], left: 0 },
  {
    name: 'a day tour whose holds lapsed or were released is free',
    calendar: 'winter-day-tours',
    capacity: 4,
    bookings: [lapsed(2), lapsingNow(1), released(3)],
    left: 4,
  },
];

describe('which bookings take seats, and the seats a date has left', () => {
  it.each(DATE_CASES)('$name', async ({ calendar, capacity, bookings, left }) => {
    await h.db.transaction(async (tx) => {
      const dateId = await addDate(tx, calendar, capacity, bookings);
      const { now, bookings: read } = await readBookings(tx, 'date_id = $1', [dateId]);
      expect(read).toHaveLength(bookings.length);
      for (const { row, booking } of read) {
        const ts = { lapsed: holdLapsed(booking.holdExpiresAt, now), live: isLiveHold(booking, now), takes: takesSeats(booking, now) };
        expect(ts, row.id).toEqual({ lapsed: row.lapsed, live: row.live, takes: row.takes });
      }

      const taken = seatsTaken(
        read.map(({ booking }) => booking),
        now,
      );
      const [sql] = await tx.query<{ taken: number }>(`select ${seatsTakenSql('$1')} as taken`, [dateId]);
      expect(sql?.taken).toBe(taken);
      expect(seatsLeft({ calendar, capacity }, taken)).toBe(left);

      // Where the API and the site use the count: a hold's or a late payment's check, the public calendar, the guides' dates.
      expect(await takenSeats(tx, dateId)).toBe(taken);
      const [first] = read;
      if (first) {
        const others = read.filter(({ row }) => row.id !== first.row.id).map(({ booking }) => booking);
        expect(await takenSeats(tx, dateId, first.row.id)).toBe(seatsTaken(others, now));
      }
      const listed = (await listCalendar(tx, calendar, 12)).find((candidate) => candidate.id === dateId);
      const entry = listed && calendarDateOf(listed);
      expect(entry && spotsLeft(entry, calendar)).toBe(left);
      const guideDate = (await upcomingDates(tx)).find((candidate) => candidate.id === dateId);
      expect(guideDate?.free).toBe(left);
    });
  });
});

describe('the booking cut-off', () => {
  const CUTOFF_CASES = [12, 1.5, 0].flatMap((hours) => [
    { name: `${hours} h: a date starting a minute after the cut-off is open`, hours, startsIn: cutoffSeconds(hours) + 60, open: true },
    { name: `${hours} h: a date starting at the cut-off is closed`, hours, startsIn: cutoffSeconds(hours), open: false },
    { name: `${hours} h: a date starting a minute before the cut-off is closed`, hours, startsIn: cutoffSeconds(hours) - 60, open: false },
  ]);

  it.each(CUTOFF_CASES)('$name', async ({ hours, startsIn, open }) => {
    await h.db.transaction(async (tx) => {
      const dateId = await addDate(tx, 'winter-day-tours', 4, [], startsIn);
      const [row] = await tx.query<{ starts: number; now: number; open: boolean }>(
        `select extract(epoch from starts_at)::float8 as starts, extract(epoch from now())::float8 as now,
                ${bookingsOpenSql('starts_at', '$2')} as open
           from calendar_dates where id = $1`,
        [dateId, cutoffSeconds(hours)],
      );
      if (!row) throw new Error('the date was not written');
      expect(bookingsOpen(closingTime(row.starts, hours), row.now)).toBe(row.open);
      expect(row.open).toBe(open);

      // Where the API and the site use the rule: a hold's or a late payment's check, and the calendar a visitor reads.
      expect((await lockDate(tx, dateId, hours))?.open).toBe(open);
      const listed = (await listCalendar(tx, 'winter-day-tours', hours)).find((candidate) => candidate.id === dateId);
      const entry = listed && calendarDateOf(listed);
      expect(entry && isOpen(entry, row.now * 1000)).toBe(open);
    });
  });
});

describe('the uses of a promo code', () => {
  const PROMO_CASES = [
    {
      name: 'a code under its limit: lapsed, released and refunded uses are given back',
      code: 'RULES-UNDER',
      max: 2,
      bookings: [paid(1, 'RULES-UNDER'), lapsed(1, 'RULES-UNDER'), lapsingNow(1, 'RULES-UNDER'), released(1, 'RULES-UNDER')],
      uses: 1,
    },
    {
      name: 'a code at its limit: a live hold uses it',
      code: 'RULES-AT',
      max: 2,
      bookings: [paid(1, 'RULES-AT'), held(2, 'RULES-AT')],
      uses: 2,
    },
    {
      name: 'a code without a limit',
      code: 'RULES-UNLIMITED',
      max: null,
      bookings: [paid(1, 'RULES-UNLIMITED'), held(1, 'RULES-UNLIMITED'), refunded(1, 'RULES-UNLIMITED')],
      uses: 2,
    },
  ];

  it.each(PROMO_CASES)('$name', async ({ code, max, bookings, uses }) => {
    await h.db.transaction(async (tx) => {
      await tx.query(`insert into promo_codes (code, percent_off, max_redemptions) values ($1, 10, $2)`, [code, max]);
      // Spread over two dates: a code's uses are counted on every date.
      await addDate(tx, 'winter-day-tours', 4, bookings.slice(0, 2));
      await addDate(tx, 'winter-classes', 10, bookings.slice(2));
      const { now, bookings: read } = await readBookings(tx, 'promo_code is not null', []);
      const used = promoUses(
        read.map(({ booking }) => booking),
        code,
        now,
      );
      const [sql] = await tx.query<{ used: number }>(`select ${promoUsesSql('$1')} as used`, [code]);
      expect(sql?.used).toBe(used);
      expect(used).toBe(uses);

      // Where the API uses the count: a payment that arrives after its hold lapsed keeps its code only while a use is left.
      const honoured = await honouredDiscount(tx, code, 'price_tour_ski');
      expect(honoured !== null).toBe(promoHasUseLeft(max, used));
      expect(promoHasUseLeft(max, used)).toBe(max === null || uses < max);
    });
  });
});

describe("a party's open spots", () => {
  it.each([
    { name: 'the booker alone: every other paid seat is open', partySize: 3, members: 1, open: 2 },
    { name: 'every paid seat claimed', partySize: 3, members: 3, open: 0 },
    { name: 'more members than paid seats: none open, never fewer', partySize: 2, members: 4, open: 0 },
  ])('$name', async ({ partySize, members, open }) => {
    await h.db.transaction(async (tx) => {
      const dateId = await addDate(tx, 'winter-day-tours', 4, [paid(partySize)]);
      const bookingId = `${dateId}-0`;
      for (const uid of ['rules-a', 'rules-b', 'rules-c', 'rules-d'].slice(0, members)) {
        await tx.query(`insert into booking_members (booking_id, user_id) values ($1, $2)`, [bookingId, uid]);
      }
      const [sql] = await tx.query<{ open: number }>(`select ${partySpotsLeftSql('b')} as open from bookings b where b.id = $1`, [
        bookingId,
      ]);
      expect(sql?.open).toBe(partySpotsLeft(partySize, members));
      expect(sql?.open).toBe(open);
    });
  });
});
