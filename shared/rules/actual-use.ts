/**
 * The Forest Service's actual use report of a season, from what was recorded: service days from the
 * trip sheets' check-ins, revenue by trip date net of refunds, and the fee reckoned from it.
 *
 * - A trip day is a date's party out on one Kamas day (a date of several days has one per day). Only
 *   trip days on National Forest land count; a called-off date is listed apart and counts for nothing.
 * - Each client present on a trip day is one service day (any part of a day is a day); a client seen
 *   on two days of a trip is two. No-shows are listed apart. A trip day nobody checked anyone in on
 *   (the sheet was never used) counts its paid seats instead, and says so, for the office to correct. A
 *   date nobody booked is no trip: it is not listed, though what a cancellation left of it is revenue.
 * - Revenue is every movement of money for a booking (a card charge, cash or a check taken by the
 *   office, gift cards spent; refunds negative), counted with the trip date the booking is on, whenever
 *   the money moved: a refund after the season comes off that season, and a booking moved to another
 *   season takes its money, its change fees included, with it.
 * - The fee is the rate (in basis points: 300 is 3%) of the revenue, rounded to the cent.
 */
import { memberKey } from './check-in.ts';
import { denverDayPlus } from './dates.ts';

export type CheckInMark = 'here' | 'no-show';

/** A client's seat on a trip day. */
export interface TripSeat {
  bookingId: string;
  uid: string;
  /** How the report names them. */
  name: string;
}

export interface TripDay {
  dateId: string;
  /** The Kamas day, 'YYYY-MM-DD'. */
  day: string;
  activity: string;
  /** The location as the report names it (a ranger district, or the trailhead's name). */
  location: string;
  /** The activity and the place are both on National Forest land. */
  onForestLand: boolean;
  calledOff: boolean;
  /** The clients with a paid seat that day. */
  seats: readonly TripSeat[];
  /** What the trip sheet shows of each seat that day, by `memberKey(bookingId, uid)`; a seat nobody marked is absent. */
  marks: ReadonlyMap<string, CheckInMark>;
}

/** Money that moved for a booking, in cents (a refund is negative), with the date the booking is on now. */
export interface Movement {
  bookingId: string;
  tripDateId: string;
  amount: number;
}

export interface ActualUseRow {
  activity: string;
  location: string;
  /** Different people present. */
  clients: number;
  serviceDays: number;
  /** Cents, net of refunds. */
  revenue: number;
}

export interface ActualUse {
  rows: ActualUseRow[];
  totals: { clients: number; serviceDays: number; revenue: number; fee: number };
  noShows: { dateId: string; day: string; activity: string; name: string }[];
  calledOff: { dateId: string; day: string; activity: string; seats: number }[];
  /** Trip days counted from their paid seats: nobody was checked in on them. */
  countedFromBookings: { dateId: string; day: string; activity: string; seats: number }[];
}

/** The fee on `revenue` cents at `rateBasisPoints` (300 is 3%), to the nearest cent. */
export const permitFee = (revenue: number, rateBasisPoints: number) => Math.round((revenue * rateBasisPoints) / 10_000);

const rowKey = (activity: string, location: string) => JSON.stringify([activity, location]);

/** The report of the trip days given (those of one season) and every movement of money for their bookings. */
export function actualUse(days: readonly TripDay[], movements: readonly Movement[], rateBasisPoints: number): ActualUse {
  const report: ActualUse = {
    rows: [],
    totals: { clients: 0, serviceDays: 0, revenue: 0, fee: 0 },
    noShows: [],
    calledOff: [],
    countedFromBookings: [],
  };
  const rows = new Map<string, ActualUseRow & { people: Set<string> }>();
  const rowOfDate = new Map<string, ActualUseRow>();
  const everyone = new Set<string>();
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day) || a.dateId.localeCompare(b.dateId));
  for (const trip of sorted.filter((each) => each.onForestLand)) {
    if (trip.calledOff) {
      if (trip.seats.length > 0 && !report.calledOff.some((listed) => listed.dateId === trip.dateId)) {
        report.calledOff.push({ dateId: trip.dateId, day: trip.day, activity: trip.activity, seats: trip.seats.length });
      }
      continue;
    }
    const key = rowKey(trip.activity, trip.location);
    const row = rows.get(key) ?? {
      activity: trip.activity,
      location: trip.location,
      clients: 0,
      serviceDays: 0,
      revenue: 0,
      people: new Set(),
    };
    rows.set(key, row);
    rowOfDate.set(trip.dateId, row);
    const marked = trip.seats.some((seat) => trip.marks.has(memberKey(seat.bookingId, seat.uid)));
    if (!marked && trip.seats.length > 0)
      report.countedFromBookings.push({ dateId: trip.dateId, day: trip.day, activity: trip.activity, seats: trip.seats.length });
    for (const seat of trip.seats) {
      const mark = trip.marks.get(memberKey(seat.bookingId, seat.uid));
      if (mark === 'no-show') report.noShows.push({ dateId: trip.dateId, day: trip.day, activity: trip.activity, name: seat.name });
      if (marked && mark !== 'here') continue;
      row.serviceDays += 1;
      row.people.add(seat.uid);
      everyone.add(seat.uid);
    }
  }
  for (const movement of movements) {
    const row = rowOfDate.get(movement.tripDateId);
    if (row) row.revenue += movement.amount;
  }
  report.rows = [...rows.values()]
    .filter((row) => row.serviceDays > 0 || row.revenue !== 0)
    .map(({ people, ...row }) => ({ ...row, clients: people.size }));
  const revenue = report.rows.reduce((sum, row) => sum + row.revenue, 0);
  report.totals = {
    clients: everyone.size,
    serviceDays: report.rows.reduce((sum, row) => sum + row.serviceDays, 0),
    revenue,
    fee: permitFee(revenue, rateBasisPoints),
  };
  return report;
}

export type ReportFigure = 'clients' | 'serviceDays' | 'revenue' | 'fee';

/** A figure of the report that is not what it was when the report was filed. */
export interface ReportDifference {
  /** The row's activity and location ('Avalanche Courses, Heber-Kamas Ranger District'), or 'Total'. */
  row: string;
  figure: ReportFigure;
  filed: number;
  now: number;
}

const rowName = (row: ActualUseRow) => `${row.activity}, ${row.location}`;

/** How the report now differs from the copy filed: row by row (a row gone or new counts from nothing), then the totals. */
export function reportDifferences(filed: Pick<ActualUse, 'rows' | 'totals'>, now: Pick<ActualUse, 'rows' | 'totals'>): ReportDifference[] {
  const nothing = { clients: 0, serviceDays: 0, revenue: 0 };
  const filedRows = new Map(filed.rows.map((row) => [rowName(row), row]));
  const nowRows = new Map(now.rows.map((row) => [rowName(row), row]));
  const names = [...new Set([...filedRows.keys(), ...nowRows.keys()])];
  const differences: ReportDifference[] = [];
  for (const row of names) {
    const [before, after] = [filedRows.get(row) ?? nothing, nowRows.get(row) ?? nothing];
    for (const figure of ['clients', 'serviceDays', 'revenue'] as const) {
      if (before[figure] !== after[figure]) differences.push({ row, figure, filed: before[figure], now: after[figure] });
    }
  }
  for (const figure of ['clients', 'serviceDays', 'revenue', 'fee'] as const) {
    if (filed.totals[figure] !== now.totals[figure])
      differences.push({ row: 'Total', figure, filed: filed.totals[figure], now: now.totals[figure] });
  }
  return differences;
}

/** Days after the permit season's last day the report is due by, under the usual permit terms. */
export const REPORT_DUE_DAYS = 30;
/** Days before it is due that the last reminder goes. */
export const LAST_REMINDER_DAYS = 7;

/** The day the report of a season that ends on `lastDay` is due ('YYYY-MM-DD'). */
export const reportDueOn = (lastDay: string): string => denverDayPlus(lastDay, REPORT_DUE_DAYS);

/**
 * The reminder to file a season's report that is due on the Kamas day `today`: once the season has
 * ended, then again from seven days before the report is due, through that day; none before or after.
 */
export function reportReminder(today: string, lastDay: string): 'season-ended' | 'due-soon' | null {
  const due = reportDueOn(lastDay);
  if (today <= lastDay || today > due) return null;
  return today >= denverDayPlus(due, -LAST_REMINDER_DAYS) ? 'due-soon' : 'season-ended';
}
