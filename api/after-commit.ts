/**
 * What a change asks for once its transaction has committed, carried out in this one place: the
 * refunds and intent cancellations it owes at the payment provider (the payment outbox's worker
 * retries any that fail), the public answers it made stale (seats, dates, a calendar), and the
 * messages it wrote (the mailer is woken, so they go out after the answer instead of at its next round),
 * and the seats it freed (offered to the waitlist at once).
 * Domain functions say what they need in their result's `after`; routes, the console, the commands
 * and the sweeps hand it here.
 */
import type { Db } from './db/client.ts';
import type { AfterCommit } from './commit-effects.ts';
import { carryOut } from './payment-outbox/worker.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { RateLimits } from './limits/rate-limit.ts';
import { offerSeatsOn, type OfferSettings } from './waitlist/offers.ts';

export type { AfterCommit };

/**
 * What carrying out needs: the database and provider for the payment outbox, and in a running API the
 * public answers' cache (./cache.ts) and the mail worker (./mail/worker.ts), named here by the one
 * thing each is asked, so that the domain, which says what it needs, never imports the mail worker.
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

/** An aftermath with what the waitlist needs to offer seats, as a running API's has. */
export type OfferingAftermath = Aftermath & Required<Pick<Aftermath, 'bookingCutoffHours' | 'waiver' | 'limits'>>;

/** What the waitlist needs to offer seats. */
export const offerSettings = ({ payments, bookingCutoffHours, waiver, limits }: OfferingAftermath): OfferSettings => ({
  cutoffHours: bookingCutoffHours,
  provider: payments.name,
  waiverVersion: waiver.version,
  holdLimit: limits.paymentIntents,
});

const offerSettingsOf = ({ bookingCutoffHours, waiver, limits, ...rest }: Aftermath): OfferSettings | null =>
  bookingCutoffHours === undefined || !waiver || !limits ? null : offerSettings({ ...rest, bookingCutoffHours, waiver, limits });

/** Carries out what a committed change asks for. */
export async function afterCommit(aftermath: Aftermath, after: AfterCommit): Promise<void> {
  const { db, payments, cache, mailer } = aftermath;
  if (after.actions && after.actions.length > 0) await carryOut(db, payments, after.actions);
  const settings = offerSettingsOf(aftermath);
  const offered = after.freedDates && after.freedDates.length > 0 && settings ? await offerNow(db, after.freedDates, settings) : 0;
  if (after.seatsChanged || offered > 0) cache?.clear();
  if (after.mailWritten || offered > 0) mailer?.kick();
}

/** Offers freed seats to the waitlist; a failure is logged, and the sweep's next round offers them. */
async function offerNow(db: Db, dateIds: readonly string[], settings: OfferSettings): Promise<number> {
  try {
    return await offerSeatsOn(db, dateIds, settings);
  } catch (error) {
    console.error('could not offer freed seats to the waitlist; the next sweep will', error);
    return 0;
  }
}

/** Waits for a change, carries out what it asks for after its commit, and gives back its result. */
export async function committed<R extends { after: AfterCommit }>(aftermath: Aftermath, change: Promise<R>): Promise<R> {
  const result = await change;
  await afterCommit(aftermath, result.after);
  return result;
}
