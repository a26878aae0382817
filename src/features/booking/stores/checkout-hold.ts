/**
 * The visitor's current hold on seats, recorded in localStorage under `checkout:hold` as
 * `{dateId, expiresAt, partySize}`: the payment intent's store records it when an intent holds seats
 * and clears it once the payment succeeded; the booking pages read it so the visitor's own held seats
 * do not show their date as taken. Small on purpose: the booking pages load it without the
 * checkout's code.
 */
import type { ReadableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import * as v from 'valibot';
import type { OwnHold } from '../../../../shared/rules/availability.ts';

export const HOLD_KEY = 'checkout:hold';

const holdRecordSchema = v.object({
  dateId: v.pipe(v.string(), v.nonEmpty()),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
  partySize: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

/** A stored record that is not JSON or not of this shape counts as no hold. */
function readHoldRecord(text: string | undefined): OwnHold | null {
  if (!text) return null;
  try {
    const parsed = v.safeParse(holdRecordSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

const hold = persistentAtom<OwnHold | null>(HOLD_KEY, null, {
  // No hold removes the key.
  encode: (value) => (value === null ? undefined : JSON.stringify(value)) as string,
  decode: readHoldRecord,
});

/** The visitor's current hold; null when none. */
export const $checkoutHold: ReadableAtom<OwnHold | null> = hold;

/** A payment intent now holds these seats. */
export function recordHold(record: OwnHold): void {
  hold.set(record);
}

/** The payment went through: no hold any more. */
export function clearHoldRecord(): void {
  hold.set(null);
}
