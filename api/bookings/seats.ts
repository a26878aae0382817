/** A date's row locked for a seat decision, and the seats taken on it; the rules themselves are in shared/rules/seat-rules.ts. */
import type { Queryable } from '../db/client.ts';
import { cutoffSeconds } from '../../shared/rules/seat-rules.ts';
import { bookingsOpenSql, seatsTakenSql } from './seat-sql.ts';

export interface LockedDate {
  id: string;
  calendar: string;
  product_id: string;
  price_id: string | null;
  capacity: number;
  /** Offered (false once withdrawn). */
  active: boolean;
  starts_at: Date | string;
  started: boolean;
  /** Offered and still ahead of the booking cut-off (compared as instants, whatever the server's time zone). */
  open: boolean;
}

/**
 * Locks a date row for the rest of the transaction, so seat counts on it are decided one at a time.
 * Withdrawn dates are locked too: a payment that arrives for one must see it.
 */
export async function lockDate(tx: Queryable, dateId: string, cutoffHours = 0): Promise<LockedDate | undefined> {
  const [date] = await tx.query<LockedDate & Record<string, unknown>>(
    `select id, calendar, product_id, price_id, capacity, active, starts_at, starts_at <= app_now() as started,
            active and ${bookingsOpenSql('starts_at', '$2')} as open
       from calendar_dates where id = $1 for update`,
    [dateId, cutoffSeconds(cutoffHours)],
  );
  return date;
}

/**
 * Locks several date rows, in the order of their ids: a change that touches more than one date
 * takes them as every other change takes one, the date first, so two changes never wait for each other.
 */
export async function lockDates(tx: Queryable, dateIds: readonly string[]): Promise<void> {
  if (dateIds.length === 0) return;
  await tx.query(`select id from calendar_dates where id = any($1::text[]) order by id for update`, [[...new Set(dateIds)]]);
}

/** The seats taken on a date, leaving out the booking `exceptBookingId`. */
export async function takenSeats(tx: Queryable, dateId: string, exceptBookingId = ''): Promise<number> {
  const [row] = await tx.query<{ taken: number }>(`select ${seatsTakenSql('$1', 'id <> $2')} as taken`, [dateId, exceptBookingId]);
  return row?.taken ?? 0;
}
