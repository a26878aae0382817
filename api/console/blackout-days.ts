/**
 * Blackout days: a Kamas day the company runs nothing. Marking one takes every date on that day off
 * the calendars (refused while anyone has booked or holds one: those parties are called off or moved
 * first) and keeps them, so lifting it gives them back; dates are not added on it meanwhile. Each
 * change is written with its record in one transaction; marking or lifting twice changes nothing.
 */
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { denverDay, denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';
import type { OpsBlackoutDay } from '../../shared/contract/ops-answers.ts';
import { TAKES_SEATS_SQL } from '../bookings/seat-sql.ts';
import { recordAction } from '../record/operator-actions.ts';
import { clockNow } from '../clock.ts';

export const PAST_DAY = 'Choose today or a day ahead.';
export const bookedThatDay = (parties: number) =>
  `${parties} ${parties === 1 ? 'party has' : 'parties have'} booked or ${parties === 1 ? 'holds' : 'hold'} a date that day: call it off or move ${parties === 1 ? 'it' : 'them'} first.`;

export async function listBlackouts(db: Queryable, now = clockNow()): Promise<OpsBlackoutDay[]> {
  const rows = await db.query<{ day: string; reason: string; withdrawn: string[] }>(
    `select to_char(day, 'YYYY-MM-DD') as day, reason, withdrawn from blackout_days where day >= $1::date order by day`,
    [denverDay(now)],
  );
  return rows.map((row) => ({ day: row.day, reason: row.reason, withdrawn: row.withdrawn.length }));
}

/** Of `days` (YYYY-MM-DD), those that are blackout days. */
export async function blackoutAmong(db: Queryable, days: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ day: string }>(`select to_char(day, 'YYYY-MM-DD') as day from blackout_days where day = any($1::date[])`, [
    days,
  ]);
  return new Set(rows.map((row) => row.day));
}

export async function markBlackout(db: Db, operator: Caller, { day, reason }: { day: string; reason: string }, now = clockNow()) {
  if (day < denverDay(now)) throw new DomainError('invalid', PAST_DAY);
  return db.transaction(async (tx) => {
    // The day's dates, locked in id order as every seat decision locks them.
    const dates = await tx.query<{ id: string }>(
      `select id from calendar_dates where starts_at >= $1 and starts_at < $2 and active order by id for update`,
      [denverInstant(day), denverInstant(denverDayPlus(day, 1))],
    );
    const ids = dates.map((date) => date.id);
    const [booked] = await tx.query<{ parties: number }>(
      `select count(*)::int as parties from bookings where date_id = any($1::text[]) and ${TAKES_SEATS_SQL}`,
      [ids],
    );
    const marked = await tx.query(
      `insert into blackout_days (day, reason, withdrawn, marked_by) values ($1, $2, $3, $4) on conflict (day) do nothing returning day`,
      [day, reason, JSON.stringify(ids), operator.uid],
    );
    if (marked.length === 0) return { changed: false, after: {} };
    if ((booked?.parties ?? 0) > 0) throw new DomainError('conflict', bookedThatDay(booked?.parties ?? 0));
    await tx.query(`update calendar_dates set active = false where id = any($1::text[])`, [ids]);
    await recordAction(tx, operator, {
      action: 'mark blackout day',
      subject: `day ${day}`,
      reason,
      after: { day, withdrawn: ids },
    });
    return { changed: true, after: { seatsChanged: true } };
  });
}

export async function liftBlackout(db: Db, operator: Caller, day: string, reason: string) {
  return db.transaction(async (tx) => {
    const [lifted] = await tx.query<{ withdrawn: string[] }>(`delete from blackout_days where day = $1 returning withdrawn`, [day]);
    if (!lifted) return { changed: false, after: {} };
    // Its dates come back, unless one was called off meanwhile.
    await tx.query(`update calendar_dates set active = true where id = any($1::text[]) and called_off_at is null`, [lifted.withdrawn]);
    await recordAction(tx, operator, {
      action: 'lift blackout day',
      subject: `day ${day}`,
      reason,
      before: { day, withdrawn: lifted.withdrawn },
    });
    return { changed: true, after: { seatsChanged: true } };
  });
}
