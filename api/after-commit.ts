/**
 * What a change asks for once its transaction has committed, carried out in this one place: the
 * refunds and intent cancellations it owes at the payment provider (the payment outbox's worker
 * retries any that fail), the seats it freed (told to the features that listen: the waitlist offers
 * them at once), the public answers it made stale (seats, dates, a calendar), and the messages it
 * wrote (the mailer is woken, so they go out after the answer instead of at its next round).
 * Domain functions say what they need in their result's `after`; routes, the console, the commands
 * and the sweeps hand it here. Listeners are wired in ./features.ts.
 */
import type { Db } from './db/client.ts';
import type { AfterCommit } from './commit-effects.ts';
import { carryOut } from './payment-outbox/worker.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { RateLimits } from './limits/rate-limit.ts';

export type { AfterCommit };

/**
 * What carrying out needs: the database and provider for the payment outbox, and in a running API the
 * public answers' cache (./cache.ts), the mail worker (./mail/worker.ts), named here by the one thing
 * each is asked, and the settings the listeners of freed seats need.
 */
export interface Aftermath {
  db: Db;
  payments: PaymentProvider;
  cache?: { clear(): void } | undefined;
  mailer?: { kick(): void } | undefined;
  /** Bookings close this many hours before a date starts; without it, freed seats wait for the waitlist's sweep. */
  bookingCutoffHours?: number;
  /** The waiver in force, which a customer offered seats must have signed; without it, freed seats wait for the sweep. */
  waiver?: { version: string };
  /** The limit of a customer's new holds, which an offer counts against; without it, freed seats wait for the sweep. */
  limits?: Pick<RateLimits, 'paymentIntents'>;
}

/** A feature that hears of seats freed on dates once the change has committed; returns how many messages it wrote. */
export type SeatsFreedListener = (aftermath: Aftermath, dateIds: readonly string[]) => Promise<number>;

const seatsFreedListeners: SeatsFreedListener[] = [];

export function onSeatsFreed(listener: SeatsFreedListener): void {
  seatsFreedListeners.push(listener);
}

/** Carries out what a committed change asks for. */
export async function afterCommit(aftermath: Aftermath, after: AfterCommit): Promise<void> {
  const { db, payments, cache, mailer } = aftermath;
  if (after.actions && after.actions.length > 0) await carryOut(db, payments, after.actions);
  let written = 0;
  if (after.freedDates && after.freedDates.length > 0) {
    for (const listener of seatsFreedListeners) written += await listener(aftermath, after.freedDates);
  }
  if (after.seatsChanged || written > 0) cache?.clear();
  if (after.mailWritten || written > 0) mailer?.kick();
}

/** Waits for a change, carries out what it asks for after its commit, and gives back its result. */
export async function committed<R extends { after: AfterCommit }>(aftermath: Aftermath, change: Promise<R>): Promise<R> {
  const result = await change;
  await afterCommit(aftermath, result.after);
  return result;
}
