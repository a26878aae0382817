/**
 * Dates and capacity from the console: the kinds of date the company runs (each activity with its
 * calendar, price and words, as its latest date has them), adding dates of a kind (one, or a weekly
 * pattern over a range), changing a date's capacity (never below the seats taken) and withdrawing a
 * date nobody has booked. Each change is recorded in its own transaction.
 */
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { assertCapacityFits, HAS_BOOKINGS, hasBookings, writeDate } from '../catalog/calendar-dates.ts';
import { lockDate } from '../bookings/seats.ts';
import { denverDay, denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';
import type { OpsDateKind } from '../../shared/contract/ops-answers.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import type { OpsAddDatesRequest } from '../../shared/contract/ops-requests.ts';
import { DATE_NOT_FOUND } from './date-overview.ts';
import { recordAction } from '../record/operator-actions.ts';
import { blackoutAmong } from './blackout-days.ts';
import { clockNow } from '../clock.ts';

export const UNKNOWN_KIND = 'Choose the kind of date to add.';
export const ALREADY_STARTED = 'This date has already started.';
export const TOO_MANY_DATES = 'At most 200 dates can be added at once.';
export const NO_DAYS = 'No day in that range falls on the weekdays chosen.';
const MAX_DATES = 200;

interface KindRow {
  calendar: CalendarName;
  product_id: string;
  price_id: string | null;
  class_type: string | null;
  title: string | null;
  description: string | null;
  capacity: number;
  starts_at: Date | string;
  product_name: string;
  price_name: string | null;
}

const kindKey = (row: Pick<KindRow, 'calendar' | 'product_id' | 'price_id' | 'class_type'>) =>
  [row.calendar, row.product_id, row.price_id ?? '', row.class_type ?? ''].join('~');

async function kindRows(db: Queryable): Promise<KindRow[]> {
  return db.query<KindRow & Record<string, unknown>>(
    `select distinct on (d.calendar, d.product_id, d.price_id, d.class_type)
            d.calendar, d.product_id, d.price_id, d.class_type, d.title, d.description, d.capacity, d.starts_at,
            p.name as product_name, pr.nickname as price_name
       from calendar_dates d join products p on p.id = d.product_id left join prices pr on pr.id = d.price_id
      where p.active
      order by d.calendar, d.product_id, d.price_id, d.class_type, d.starts_at desc`,
  );
}

/** The kinds of date there are, each with the capacity and start time of its latest date. */
export async function dateKinds(db: Queryable): Promise<OpsDateKind[]> {
  return (await kindRows(db)).map((row) => {
    const startsAt = new Date(row.starts_at);
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Denver',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(startsAt);
    return {
      key: kindKey(row),
      label: row.title ?? row.price_name ?? row.product_name,
      calendar: row.calendar,
      capacity: row.capacity,
      startTime: time,
    };
  });
}

/** The days from `first` to `last` (both included) that fall on one of `weekdays` (0 Sunday ... 6 Saturday). */
export function daysOfPattern(first: string, last: string, weekdays: readonly number[]): string[] {
  const days: string[] = [];
  for (let day = first; day <= last && days.length <= MAX_DATES; day = denverDayPlus(day, 1)) {
    if (weekdays.includes(denverInstant(day, 12).getUTCDay())) days.push(day);
  }
  return days;
}

/**
 * Adds dates of one kind: on `firstDay`, or on each day of the weekly pattern through `lastDay`.
 * A date's id names its kind, day and time, so adding the same date again changes nothing.
 */
export async function addDates(db: Db, operator: Caller, request: OpsAddDatesRequest, now = clockNow()) {
  const kind = (await kindRows(db)).find((row) => kindKey(row) === request.kind);
  if (!kind) throw new DomainError('invalid', UNKNOWN_KIND);
  const days = request.lastDay ? daysOfPattern(request.firstDay, request.lastDay, request.weekdays ?? []) : [request.firstDay];
  if (days.length === 0) throw new DomainError('invalid', NO_DAYS);
  if (days.length > MAX_DATES) throw new DomainError('invalid', TOO_MANY_DATES);
  const [hour, minute] = request.time.split(':').map(Number) as [number, number];
  const dates = days
    .map((day) => ({ day, startsAt: denverInstant(day, hour, minute) }))
    .filter(({ startsAt }) => startsAt > now)
    .map(({ day, startsAt }) => ({
      id: [
        request.kind
          .split('~')
          .filter(Boolean)
          .join('-')
          .replace(/[^A-Za-z0-9_-]/g, ''),
        day,
        request.time.replace(':', ''),
      ].join('-'),
      calendar: kind.calendar,
      productId: kind.product_id,
      ...(kind.price_id ? { priceId: kind.price_id } : {}),
      startsAt: startsAt.toISOString(),
      capacity: request.capacity,
      ...(kind.class_type ? { type: kind.class_type } : {}),
      ...(kind.title ? { title: kind.title } : {}),
      ...(kind.description ? { description: kind.description } : {}),
      active: true,
    }));
  if (dates.length === 0) throw new DomainError('invalid', ALREADY_STARTED);
  return db.transaction(async (tx) => {
    const added: string[] = [];
    // Nothing is added on a blackout day.
    const blackout = await blackoutAmong(tx, days);
    const open = dates.filter((date) => !blackout.has(denverDay(new Date(date.startsAt))));
    for (const date of open) {
      const [existing] = await tx.query(`select 1 from calendar_dates where id = $1`, [date.id]);
      if (existing) continue;
      await writeDate(tx, date);
      added.push(date.id);
    }
    if (added.length > 0) {
      await recordAction(tx, operator, {
        action: added.length === 1 ? 'add date' : 'add dates',
        subject: added.length === 1 ? `date ${added[0]}` : `${added.length} dates from ${denverDay(new Date(dates[0]?.startsAt ?? now))}`,
        dateId: added.length === 1 ? (added[0] ?? null) : null,
        reason: request.reason,
        after: { kind: request.kind, capacity: request.capacity, time: request.time, dates: added },
      });
    }
    const leftOut = dates.length - open.length;
    return {
      added,
      existing: open.length - added.length,
      ...(leftOut > 0 ? { blackout: leftOut } : {}),
      after: { seatsChanged: added.length > 0 },
    };
  });
}

async function lockedDate(tx: Queryable, dateId: string) {
  const date = await lockDate(tx, dateId);
  if (!date) throw new DomainError('not-found', DATE_NOT_FOUND);
  return date;
}

/** Sets a date's capacity, never below the seats taken (paid and held) on it. */
export async function changeCapacity(db: Db, operator: Caller, dateId: string, { capacity, reason }: { capacity: number; reason: string }) {
  return db.transaction(async (tx) => {
    const date = await lockedDate(tx, dateId);
    if (date.capacity === capacity) return { changed: false, after: {} };
    await assertCapacityFits(tx, dateId, capacity);
    await tx.query(`update calendar_dates set capacity = $2 where id = $1`, [dateId, capacity]);
    await recordAction(tx, operator, {
      action: 'change capacity',
      subject: `date ${dateId}`,
      dateId,
      reason,
      before: { capacity: date.capacity },
      after: { capacity },
    });
    return { changed: true, after: { seatsChanged: true, freedDates: capacity > date.capacity ? [dateId] : [] } };
  });
}

/** Takes a date nobody has booked or holds off the calendars. */
export async function withdrawDate(db: Db, operator: Caller, dateId: string, reason: string) {
  return db.transaction(async (tx) => {
    const date = await lockedDate(tx, dateId);
    if (!date.active) return { changed: false, after: {} };
    if (await hasBookings(tx, dateId)) throw new DomainError('conflict', HAS_BOOKINGS);
    await tx.query(`update calendar_dates set active = false where id = $1`, [dateId]);
    await recordAction(tx, operator, {
      action: 'withdraw date',
      subject: `date ${dateId}`,
      dateId,
      reason,
      before: { active: true },
      after: { active: false },
    });
    return { changed: true, after: { seatsChanged: true } };
  });
}
