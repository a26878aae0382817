/**
 * What a successful payment bought, read back from the API: the booking on the date paid for, and
 * where its confirmation went. A card payment's booking is recorded when the payment provider tells
 * the API, which may be a moment after the customer is back: the customer's bookings are looked at a
 * few times for the date before the receipt goes on without it.
 */
import { useEffect, useState } from 'react';
import type { Party } from '../../../../shared/contract/answers.ts';
import { api } from '../../../stores/api.ts';
import { $authUser, startAuth } from '../../../stores/auth.ts';

export interface Receipt {
  party: Party | null;
  /** The signed-in customer's e-mail, where the confirmation goes. */
  email: string | null;
}

/** The waits before each look for the booking (ms): within the 5 seconds the page stays. */
const LOOKS = [0, 1000, 2000];

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/** The party of the signed-in customer's booking on `dateId`, once the API has it; null when it has not come. */
async function paidParty(dateId: string, signal: AbortSignal): Promise<Party | null> {
  await startAuth();
  const user = $authUser.get();
  if (!user) return null;
  for (const wait of LOOKS) {
    await pause(wait, signal);
    if (signal.aborted) return null;
    const { bookings } = await api.account({ params: { uid: user.uid }, signal });
    if (bookings.includes(dateId)) return api.party({ params: { dateId }, signal });
  }
  return null;
}

/** The receipt once the payment has succeeded (`paid`) for the date in the address; null until then, or without a date. */
export function useReceipt(paid: boolean, dateId: string | null): Receipt | null {
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  useEffect(() => {
    if (!paid || !dateId) return;
    const abort = new AbortController();
    paidParty(dateId, abort.signal)
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.warn('Could not read the booking paid for', error);
        return null;
      })
      .then((party) => {
        if (!abort.signal.aborted) setReceipt({ party, email: $authUser.get()?.email ?? null });
      });
    return () => abort.abort();
  }, [paid, dateId]);
  return receipt;
}
