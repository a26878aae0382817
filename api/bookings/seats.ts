/** Seat arithmetic in SQL: paid seats and unexpired holds both count as taken. */
import type { Queryable } from '../db/client.ts';

/** A hold counts until it expires; a lapsed one no longer keeps anyone's seats. */
export const LIVE_HOLD = `(status = 'held' and hold_expires_at > now())`;
export const ACTIVE_BOOKING = `(status = 'paid' or ${LIVE_HOLD})`;

export interface LockedDate {
  id: string;
  calendar: string;
  product_id: string;
  price_id: string | null;
  capacity: number;
  /** Offered (false once withdrawn). */
  active: boolean;
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
    `select id, calendar, product_id, price_id, capacity, active, starts_at <= now() as started,
            active and starts_at > now() + make_interval(secs => $2) as open
       from calendar_dates where id = $1 for update`,
    [dateId, Math.round(cutoffHours * 3600)],
  );
  return date;
}

export async function takenSeats(tx: Queryable, dateId: string, exceptBookingId = ''): Promise<number> {
  const [row] = await tx.query<{ taken: number }>(
    `select coalesce(sum(party_size), 0)::int as taken from bookings
      where date_id = $1 and id <> $2 and ${ACTIVE_BOOKING}`,
    [dateId, exceptBookingId],
  );
  return row?.taken ?? 0;
}

/** A day tour is private: full once anyone holds it. Other dates fill up to their capacity. */
export function seatsLeft(date: Pick<LockedDate, 'calendar' | 'capacity'>, taken: number): number {
  if (date.calendar === 'winter-day-tours') return taken > 0 ? 0 : date.capacity;
  return Math.max(0, date.capacity - taken);
}
