/**
 * Seats a committed change freed are offered to the waitlist at once, on those dates alone (the
 * waitlist's sweep offers any left over), as a listener of ../after-commit.ts wired in ../features.ts.
 */
import type { Aftermath } from '../after-commit.ts';
import { offerSeatsOn, type OfferSettings } from './offers.ts';

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

/** Offers the freed seats; returns how many offers were made (each wrote its message). A failure is logged, and the sweep's next round offers them. */
export async function offerFreedSeatsNow(aftermath: Aftermath, dateIds: readonly string[]): Promise<number> {
  const settings = offerSettingsOf(aftermath);
  if (!settings) return 0;
  try {
    return await offerSeatsOn(aftermath.db, dateIds, settings);
  } catch (error) {
    console.error('could not offer freed seats to the waitlist; the next sweep will', error);
    return 0;
  }
}
