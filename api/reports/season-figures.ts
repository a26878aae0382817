/**
 * The season in figures, as the console's reports page draws them: the trips of a season so far against
 * the same days of the season before. Everything is summed by the database; nothing here writes.
 * - Money by the trip's date (the movements the actual use report reads), by activity and by month.
 * - Seats sold against capacity on the dates that went ahead, by activity and weekday.
 * - Bookings made and cancelled, by who cancelled: the customer, our call-off, the office.
 * - Refunds, no-shows (the trailhead's check-ins), promo codes' cost, waitlist offers made and taken.
 * - Gift cards sold, used and credited in the season's year of sales, and what was outstanding.
 */
import type { Db, Queryable } from '../db/client.ts';
import { inReportSnapshot } from '../db/report-snapshot.ts';
import { denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';
import { seasonNamed, seasonSalesYear } from '../../shared/rules/season.ts';
import { noShows, sameDaysBefore, seasonMonths, seasonSoFar, type FiguresWindow } from '../../shared/rules/season-figures.ts';
import { DomainError } from '../domain-error.ts';
import { SEASON_COUNTS, SEASON_MESSAGE, type SeasonCount } from '../../shared/contract/reports.ts';
import { giftCardFigures } from '../gift-cards/office.ts';
import { tripRevenue, type TripRevenue } from './money-movements.ts';
import { permitPlaces } from './permit-settings.ts';
import { tripDaysBetween } from './trip-days.ts';

/** The season's counts, one number each (cents for money: refunded, promoCost and the gift cards'). */
export type SeasonCounts = Record<SeasonCount, number>;

/** Seats sold and offered on the dates of one activity and ISO weekday (1 is Monday). */
export interface Fill {
  activity: string;
  weekday: number;
  sold: number;
  capacity: number;
}

interface WindowFigures {
  revenue: TripRevenue[];
  fill: Fill[];
  counts: SeasonCounts;
}

export interface SeasonFigures {
  season: FiguresWindow;
  before: FiguresWindow;
  /** Cents by the month of the trips, this season's months. */
  revenueByMonth: { month: string; now: number; before: number }[];
  revenueByActivity: { activity: string; now: number; before: number }[];
  fill: (Fill & { soldBefore: number; capacityBefore: number })[];
  counts: { now: SeasonCounts; before: SeasonCounts };
}

const NO_COUNTS = Object.fromEntries(SEASON_COUNTS.map((key) => [key, 0])) as SeasonCounts;

/** The trips that start on the window's days, as a range of instants. */
const TRIPS = `d.starts_at >= $1 and d.starts_at < $2`;

async function windowFigures(db: Queryable, window: FiguresWindow): Promise<WindowFigures> {
  const through = window.through;
  if (!through) return { revenue: [], fill: [], counts: NO_COUNTS };
  const from = denverInstant(window.firstDay);
  const to = denverInstant(denverDayPlus(through, 1));
  const season = seasonNamed(window.label);
  const salesFrom = denverInstant(season ? seasonSalesYear(season).first : window.firstDay);
  const [revenue, fill, [bookings], [offers], gifts, days] = await Promise.all([
    tripRevenue(db, from, to),
    db.query<{ activity: string; weekday: number; sold: string; capacity: string }>(
      `select p.name as activity, extract(isodow from d.starts_at at time zone 'America/Denver')::int as weekday,
              sum(d.capacity) as capacity, coalesce(sum(s.seats), 0) as sold
         from calendar_dates d join products p on p.id = d.product_id
         left join (select date_id, sum(party_size) as seats from bookings where status = 'paid' and moves_booking is null group by date_id) s
           on s.date_id = d.id
        where ${TRIPS} and d.active and d.called_off_at is null
        group by 1, 2 order by 1, 2`,
      [from, to],
    ),
    db.query<Record<string, string | number | null>>(
      `select count(*)::int as bookings, coalesce(sum(b.party_size), 0)::int as seats,
              (count(*) filter (where b.status = 'cancelled' and b.cancelled_by = 'customer'))::int as by_customer,
              (count(*) filter (where b.status = 'cancelled' and b.cancelled_by = 'company' and c.booking_id is not null))::int as called_off,
              (count(*) filter (where b.status = 'cancelled' and b.cancelled_by = 'company' and c.booking_id is null))::int as by_office,
              (count(*) filter (where b.promo_code is not null))::int as promo_uses,
              coalesce(sum(pr.unit_amount * b.quantity - b.amount) filter (where b.promo_code is not null), 0)::int as promo_cost
         from bookings b join calendar_dates d on d.id = b.date_id join prices pr on pr.id = b.price_id
         left join called_off_bookings c on c.booking_id = b.id
        where ${TRIPS} and b.paid_at is not null and b.moves_booking is null and b.status <> 'refunded'`,
      [from, to],
    ),
    db.query<{ made: number; taken: number }>(
      `select count(*)::int as made, (count(*) filter (where o.status = 'accepted'))::int as taken
         from waitlist_offers o join calendar_dates d on d.id = o.date_id where ${TRIPS}`,
      [from, to],
    ),
    giftCardFigures(db, salesFrom, to, to),
    permitPlaces(db).then((places) => tripDaysBetween(db, window.firstDay, through, places)),
  ]);
  const count = (key: string) => Number(bookings?.[key] ?? 0);
  return {
    revenue,
    fill: fill.map((row) => ({ activity: row.activity, weekday: row.weekday, sold: Number(row.sold), capacity: Number(row.capacity) })),
    counts: {
      bookings: count('bookings'),
      seats: count('seats'),
      cancelledByCustomer: count('by_customer'),
      calledOff: count('called_off'),
      cancelledByOffice: count('by_office'),
      refunds: revenue.reduce((sum, row) => sum + row.refundedBookings, 0),
      refunded: revenue.reduce((sum, row) => sum + row.refunded, 0),
      noShows: noShows(days),
      promoUses: count('promo_uses'),
      promoCost: count('promo_cost'),
      offersMade: offers?.made ?? 0,
      offersTaken: offers?.taken ?? 0,
      giftSold: gifts.sold,
      giftUsed: gifts.used,
      giftCredited: gifts.credited,
      giftOutstanding: gifts.outstanding,
    },
  };
}

/** Sums `value` of `rows` by `key`, in the order the keys come. */
function sumBy<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + value(row));
  return sums;
}

/** The figures of the season `label` so far on `today` ('YYYY-MM-DD'), against the same days of the season before. */
export async function seasonFigures(db: Db, label: string, today: string): Promise<SeasonFigures> {
  const season = seasonNamed(label);
  if (!season) throw new DomainError('invalid', SEASON_MESSAGE);
  const nowWindow = seasonSoFar(season, today);
  const beforeWindow = sameDaysBefore(nowWindow);
  const [now, before] = await inReportSnapshot(db, async (q) => [await windowFigures(q, nowWindow), await windowFigures(q, beforeWindow)]);

  const months = seasonMonths(nowWindow);
  // Last season's months line up with this season's: its December beside this December.
  const monthOf = (row: TripRevenue) => `${Number(row.month.slice(0, 4)) + 1}${row.month.slice(4)}`;
  const net = (row: TripRevenue) => row.net;
  const nowMonths = sumBy(now.revenue, (row) => row.month, net);
  const beforeMonths = sumBy(before.revenue, monthOf, net);
  const nowActivities = sumBy(now.revenue, (row) => row.activity, net);
  const beforeActivities = sumBy(before.revenue, (row) => row.activity, net);
  const activities = [...new Set([...nowActivities.keys(), ...beforeActivities.keys()])].sort();

  const fillKey = (row: Fill) => `${row.activity}\n${row.weekday}`;
  const beforeFill = new Map(before.fill.map((row) => [fillKey(row), row]));
  const fill = [
    ...now.fill.map((row) => ({
      ...row,
      soldBefore: beforeFill.get(fillKey(row))?.sold ?? 0,
      capacityBefore: beforeFill.get(fillKey(row))?.capacity ?? 0,
    })),
    ...before.fill
      .filter((row) => !now.fill.some((mine) => fillKey(mine) === fillKey(row)))
      .map((row) => ({
        activity: row.activity,
        weekday: row.weekday,
        sold: 0,
        capacity: 0,
        soldBefore: row.sold,
        capacityBefore: row.capacity,
      })),
  ].sort((a, b) => a.activity.localeCompare(b.activity) || a.weekday - b.weekday);

  return {
    season: nowWindow,
    before: beforeWindow,
    revenueByMonth: months.map((month) => ({ month, now: nowMonths.get(month) ?? 0, before: beforeMonths.get(month) ?? 0 })),
    revenueByActivity: activities.map((activity) => ({
      activity,
      now: nowActivities.get(activity) ?? 0,
      before: beforeActivities.get(activity) ?? 0,
    })),
    fill,
    counts: { now: now.counts, before: before.counts },
  };
}
