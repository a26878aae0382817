/**
 * What the booking core says happened, and who hears it. A verb that books, moves or cancels a
 * booking, lets a friend join one, or calls off a date, and the sweep that ends lapsed holds, announce
 * the fact inside their transaction;
 * the features that care (the messages, the waitlist) listen, and what they write is written in that
 * same transaction. They are wired in one place (../features.ts), so that the core imports none of them.
 */
import type { Queryable } from '../db/client.ts';
import { mergeAfter, type AfterCommit } from '../commit-effects.ts';

/** What a cancellation message says beyond the booking itself. */
export interface CancellationFacts {
  /** Who cancelled, by name. */
  cancelledBy: string;
  /** The payer cancelled it themselves: their own message says 'you'. */
  byPayer?: boolean;
  reason: string | null;
  /** In cents, to the payer; members paid nothing. */
  refundAmount: number;
  currency: string;
  /** Of the refund, the cents paid earlier to change the booking's date (given back after a call-off). */
  feesRefunded?: number;
  /** In cents, to the payer: what was paid, kept as a gift card instead of a refund (bonus included). */
  creditAmount?: number;
}

export type BookingFact =
  /** A booking was paid (at checkout, on a waitlist offer, or by the office): its payer has seats on the date. */
  | { kind: 'booked'; bookingId: string; payerUid: string; dateId: string; startsAt: Date | string }
  /** A friend joined a paid booking by its invite. */
  | { kind: 'memberJoined'; bookingId: string; memberUid: string; dateId: string }
  /** A paid booking moved to another date (move `moveId`). */
  | { kind: 'moved'; bookingId: string; payerUid: string; moveId: string; toDateId: string }
  /** A paid booking was cancelled, by its payer, the office, a called-off date's refund or the card processor. */
  | { kind: 'cancelled'; bookingId: string; told: CancellationFacts }
  /** The company called off a date; `bookings` are its paid bookings, whose payers choose by `chooseBy`. */
  | { kind: 'calledOff'; dateId: string; bookings: readonly string[]; reason: string; chooseBy: Date }
  /** The sweep released the holds whose time was up, waitlist offers' holds at their offers' end; what lapsed with them ends now too. */
  | { kind: 'holdsLapsed' };

export type FactKind = BookingFact['kind'];
export type FactOf<K extends FactKind> = Extract<BookingFact, { kind: K }>;

/** A feature's part in a fact, in its transaction; what it needs after the commit, it says (seats it freed, holds it ended). */
export type Listener<K extends FactKind> = (tx: Queryable, fact: FactOf<K>) => Promise<AfterCommit | void>;

/** A feature's listeners, one for each fact it hears. */
export type FeatureListeners = { [K in FactKind]?: Listener<K> };

const listeners: { [K in FactKind]: Listener<K>[] } = {
  booked: [],
  memberJoined: [],
  moved: [],
  cancelled: [],
  calledOff: [],
  holdsLapsed: [],
};
let wired = false;

/** Registers a feature's listeners; those of one fact are heard in the order their features were registered. */
export function listen(feature: FeatureListeners): void {
  for (const kind of Object.keys(feature) as FactKind[]) {
    const listener = feature[kind];
    if (listener) (listeners[kind] as Listener<typeof kind>[]).push(listener as Listener<typeof kind>);
  }
  wired = true;
}

/**
 * Tells every listener of the fact, in the caller's transaction, and gives back what they ask for after
 * the commit. A process that never wired the features would book without a message or the waitlist
 * hearing of it: it is refused instead.
 */
export async function announce<K extends FactKind>(tx: Queryable, fact: FactOf<K>): Promise<AfterCommit> {
  if (!wired) throw new Error('No feature listens to the booking core: wire them first (api/features.ts).');
  const asked: AfterCommit[] = [];
  for (const listener of listeners[fact.kind] as Listener<K>[]) {
    const after = await listener(tx, fact);
    if (after) asked.push(after);
  }
  return mergeAfter(...asked);
}
