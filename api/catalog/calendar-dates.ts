/**
 * A calendar date as the catalog import and the operators' console write it: one shape, checked
 * the same way, and the rules that keep its bookings safe, decided with the date locked, as a
 * customer's hold locks it: its capacity never goes below the seats taken on it (paid and held);
 * while anyone has booked or holds it, it is not withdrawn and its start does not move (the
 * console's call-off and move are the ways, with their messages); a date we called off stays so.
 */
import * as v from 'valibot';
import type { Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { CALENDARS, instantRequest } from '../../shared/contract/requests.ts';
import { takenSeats } from '../bookings/seats.ts';

export const CAPACITY_MAX = 100;
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;
export const idText = v.pipe(v.string(), v.regex(ID_PATTERN, 'ids use letters, digits, - and _'));

export const dateEntrySchema = v.strictObject({
  id: idText,
  calendar: v.picklist(CALENDARS),
  productId: idText,
  priceId: v.optional(idText),
  startsAt: instantRequest('startsAt must be an ISO timestamp with a zone'),
  capacity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(CAPACITY_MAX)),
  type: v.optional(v.string()),
  title: v.optional(v.string()),
  description: v.optional(v.string()),
  active: v.optional(v.boolean(), true),
});
export type DateEntry = v.InferOutput<typeof dateEntrySchema>;

export const capacityBelowTaken = (taken: number) => `Capacity cannot go below the ${taken} ${taken === 1 ? 'seat' : 'seats'} taken.`;
export const HAS_BOOKINGS = 'This date has bookings or holds: call it off instead.';
export const START_HAS_BOOKINGS = 'This date has bookings or holds, so its start cannot change: move them from the console instead.';

/** Whether anyone has booked or holds seats on the date (its lock held by the caller). */
export async function hasBookings(tx: Queryable, dateId: string): Promise<boolean> {
  return (await takenSeats(tx, dateId)) > 0;
}

/**
 * Refuses (409) a capacity below the seats taken on an existing date; the caller's transaction
 * holds the date's lock, so no hold can slip in between the count and the change.
 */
export async function assertCapacityFits(tx: Queryable, dateId: string, capacity: number): Promise<void> {
  const taken = await takenSeats(tx, dateId);
  if (capacity < taken) throw new DomainError('conflict', capacityBelowTaken(taken));
}

/**
 * Inserts the date, or updates the one with its id (locked first). Refuses (409, naming the date) a
 * capacity below the seats taken, and a new start or a withdrawal while anyone has booked or holds
 * it. A date we called off is left as it is ('called off'): it never opens again.
 */
export async function writeDate(tx: Queryable, date: DateEntry): Promise<'added' | 'updated' | 'called off'> {
  const [existing] = await tx.query<{ starts_at: Date | string; active: boolean; called_off: boolean }>(
    `select starts_at, active, called_off_at is not null as called_off from calendar_dates where id = $1 for update`,
    [date.id],
  );
  if (existing?.called_off) return 'called off';
  if (existing) {
    const taken = await takenSeats(tx, date.id);
    if (date.capacity < taken) throw new DomainError('conflict', `${date.id}: ${capacityBelowTaken(taken)}`);
    if (taken > 0 && new Date(existing.starts_at).getTime() !== Date.parse(date.startsAt)) {
      throw new DomainError('conflict', `${date.id}: ${START_HAS_BOOKINGS}`);
    }
    if (taken > 0 && existing.active && !date.active) throw new DomainError('conflict', `${date.id}: ${HAS_BOOKINGS}`);
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
