/**
 * A calendar date as the catalog import and the operators' console write it: one shape, checked
 * the same way, and one rule for its capacity: never below the seats taken on it (paid and held),
 * decided with the date locked, as a customer's hold locks it.
 */
import * as v from 'valibot';
import type { Queryable } from '../db/client.ts';
import { HttpError } from '../http.ts';
import { CALENDARS } from '../../src/lib/schemas.ts';
import { takenSeats } from '../bookings/seats.ts';

export const CAPACITY_MAX = 100;
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;
export const idText = v.pipe(v.string(), v.regex(ID_PATTERN, 'ids use letters, digits, - and _'));

export const dateEntrySchema = v.strictObject({
  id: idText,
  calendar: v.picklist(CALENDARS),
  productId: idText,
  priceId: v.optional(idText),
  startsAt: v.pipe(v.string(), v.isoTimestamp('startsAt must be an ISO timestamp with a zone')),
  capacity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(CAPACITY_MAX)),
  type: v.optional(v.string()),
  title: v.optional(v.string()),
  description: v.optional(v.string()),
  active: v.optional(v.boolean(), true),
});
export type DateEntry = v.InferOutput<typeof dateEntrySchema>;

export const capacityBelowTaken = (taken: number) => `Capacity cannot go below the ${taken} ${taken === 1 ? 'seat' : 'seats'} taken.`;

/**
 * Refuses (409) a capacity below the seats taken on an existing date; the caller's transaction
 * holds the date's lock, so no hold can slip in between the count and the change.
 */
export async function assertCapacityFits(tx: Queryable, dateId: string, capacity: number): Promise<void> {
  const taken = await takenSeats(tx, dateId);
  if (capacity < taken) throw new HttpError(409, capacityBelowTaken(taken));
}

/** Inserts the date, or updates the one with its id (locked first, its capacity kept at or above the seats taken). */
export async function writeDate(tx: Queryable, date: DateEntry): Promise<'added' | 'updated'> {
  const [existing] = await tx.query<{ id: string }>(`select id from calendar_dates where id = $1 for update`, [date.id]);
  if (existing) {
    const taken = await takenSeats(tx, date.id);
    if (date.capacity < taken) throw new HttpError(409, `${date.id}: ${capacityBelowTaken(taken)}`);
  }
  await tx.query(
    `insert into calendar_dates (id, calendar, product_id, price_id, starts_at, capacity, class_type, title, description, active)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (id) do update set calendar = excluded.calendar, product_id = excluded.product_id, price_id = excluded.price_id,
       starts_at = excluded.starts_at, capacity = excluded.capacity, class_type = excluded.class_type, title = excluded.title,
       description = excluded.description, active = excluded.active`,
    [
      date.id,
      date.calendar,
      date.productId,
      date.priceId ?? null,
      date.startsAt,
      date.capacity,
      date.type ?? null,
      date.title ?? null,
      date.description ?? null,
      date.active,
    ],
  );
  return existing ? 'updated' : 'added';
}
