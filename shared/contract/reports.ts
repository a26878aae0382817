/**
 * The season in figures' contract: the permit's settings the office keeps, and the Forest Service's
 * actual use report of a season (money in cents; days on the Kamas calendar, 'YYYY-MM-DD').
 */
import * as v from 'valibot';
import { isCalendarDay } from '../rules/dates.ts';
import { seasonNamed } from '../rules/season.ts';
import { count, text } from './answers.ts';
import { reasonSchema } from './ops-requests.ts';
import { MOVEMENT_KINDS } from '../reports/money-csv.ts';

export const SEASON_MESSAGE = 'Name a season by its two years, as 2026-27.';
export const FEE_RATE_MESSAGE = 'Give the fee rate as a percentage from 0 to 100, to two decimals at most.';
export const SEASON_DAY_MESSAGE = 'Give the first and last day of the season, the last after the first.';
export const LOCATION_MESSAGE = 'Name the location in 80 characters or fewer.';

export const seasonLabel = v.pipe(
  v.string(SEASON_MESSAGE),
  v.check((label) => seasonNamed(label) !== null, SEASON_MESSAGE),
);

const calendarDay = v.pipe(v.string(SEASON_DAY_MESSAGE), v.check(isCalendarDay, SEASON_DAY_MESSAGE));

/** A place the permit's settings name: a catalog activity (by its id) or one of our trailheads (by its name). */
const placeKey = v.strictObject({
  kind: v.picklist(['activity', 'trailhead']),
  key: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
});

/** PUT /ops/reports/permit: the fee rate, a season's days, and each place's land and location, for a reason. */
export const permitSettingsSchema = v.strictObject({
  feeRatePercent: v.pipe(
    v.number(FEE_RATE_MESSAGE),
    v.minValue(0, FEE_RATE_MESSAGE),
    v.maxValue(100, FEE_RATE_MESSAGE),
    v.check((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, FEE_RATE_MESSAGE),
  ),
  season: v.pipe(
    v.strictObject({ label: seasonLabel, firstDay: calendarDay, lastDay: calendarDay }),
    v.check((season) => season.firstDay <= season.lastDay, SEASON_DAY_MESSAGE),
  ),
  places: v.pipe(
    v.array(
      v.strictObject({
        ...placeKey.entries,
        onForestLand: v.boolean(),
        location: v.pipe(v.string(LOCATION_MESSAGE), v.trim(), v.maxLength(80, LOCATION_MESSAGE)),
      }),
    ),
    v.maxLength(200),
  ),
  reason: reasonSchema,
});

const season = v.looseObject({ label: text, firstDay: text, lastDay: text });

/** GET /ops/reports/permit?season=: the settings as the report of that season uses them. */
export const permitSettingsAnswer = v.looseObject({
  feeRatePercent: v.number(),
  season,
  places: v.array(
    v.looseObject({ kind: v.picklist(['activity', 'trailhead']), key: text, name: text, onForestLand: v.boolean(), location: text }),
  ),
});

const cents = v.pipe(v.number(), v.integer());
const tripRef = { dateId: text, day: text, activity: text };

/** GET /ops/reports/actual-use?season=: the report, and how it differs from the copy filed, if one was. */
export const actualUseAnswer = v.looseObject({
  season,
  feeRatePercent: v.number(),
  rows: v.array(v.looseObject({ activity: text, location: text, clients: count, serviceDays: count, revenue: cents })),
  totals: v.looseObject({ clients: count, serviceDays: count, revenue: cents, fee: cents }),
  noShows: v.array(v.looseObject({ ...tripRef, name: text })),
  calledOff: v.array(v.looseObject({ ...tripRef, seats: count })),
  countedFromBookings: v.array(v.looseObject({ ...tripRef, seats: count })),
  /** The latest copy filed, and how the report differs from it now. */
  filed: v.nullable(
    v.looseObject({
      id: text,
      at: text,
      by: text,
      /** The CSV as it was filed. */
      csv: v.string(),
      differences: v.array(
        v.looseObject({ row: text, figure: v.picklist(['clients', 'serviceDays', 'revenue', 'fee']), filed: cents, now: cents }),
      ),
    }),
  ),
});

/** POST /ops/reports/actual-use/filed: files the season's report as it is now. */
export const fileReportSchema = v.strictObject({ season: seasonLabel });

export const MONEY_DAYS_MESSAGE = 'Choose the first and the last day, the last on or after the first, at most two years apart.';
export const MONEY_VIEW_MESSAGE = 'Choose by when the money moved, or by the date of the trip.';
const moneyDay = v.pipe(v.string(MONEY_DAYS_MESSAGE), v.check(isCalendarDay, MONEY_DAYS_MESSAGE));
export const moneyView = v.picklist(['cash', 'accrual'], MONEY_VIEW_MESSAGE);

/** GET /ops/reports/money: the Kamas days from and to (inclusive), and the view. */
export const moneyQuery = v.object({ from: moneyDay, to: moneyDay, view: moneyView });

const nullableText = v.nullable(text);

/** Every movement of money in the days asked, oldest first (cents; refunds negative). */
export const moneyAnswer = v.array(
  v.looseObject({
    at: text,
    kind: v.picklist(MOVEMENT_KINDS),
    method: v.picklist(['card', 'cash', 'check', 'gift card']),
    amount: cents,
    bookingId: nullableText,
    tripStartsAt: nullableText,
    activity: nullableText,
    customer: nullableText,
    providerId: nullableText,
  }),
);

const figuresWindow = v.looseObject({ label: text, firstDay: text, lastDay: text, through: v.nullable(text) });
/** The season's figures counted, each a number (cents for money). */
export const SEASON_COUNTS = [
  'bookings',
  'seats',
  'cancelledByCustomer',
  'calledOff',
  'cancelledByOffice',
  'refunds',
  'refunded',
  'noShows',
  'promoUses',
  'promoCost',
  'offersMade',
  'offersTaken',
  'giftSold',
  'giftUsed',
  'giftCredited',
  'giftOutstanding',
] as const;
export type SeasonCount = (typeof SEASON_COUNTS)[number];

const seasonCounts = v.looseObject(Object.fromEntries(SEASON_COUNTS.map((key) => [key, cents])) as Record<SeasonCount, typeof cents>);

/** GET /ops/reports/season?season=: a season's trips so far against the same days of the season before (cents for money). */
export const seasonFiguresAnswer = v.looseObject({
  season: figuresWindow,
  before: figuresWindow,
  revenueByMonth: v.array(v.looseObject({ month: text, now: cents, before: cents })),
  revenueByActivity: v.array(v.looseObject({ activity: text, now: cents, before: cents })),
  fill: v.array(v.looseObject({ activity: text, weekday: count, sold: count, capacity: count, soldBefore: count, capacityBefore: count })),
  counts: v.looseObject({ now: seasonCounts, before: seasonCounts }),
});
