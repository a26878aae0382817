/**
 * The signed-in customer's waits, with their actions beside them: My Bookings reads the customer's
 * waits (`$myWaits`, read by `loadMyWaits`) and leaves one (`leaveWaitlist`, after which the waits
 * are read again); a booking page's join form joins a full date's waitlist (`joinWaitlist`); a
 * checkout opened from an offer reads that offer (`readOffer`). Every call goes as the signed-in
 * customer; a refusal fails with the API's error, for the island to show.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { OfferCheckoutAnswer, WaitlistEntryAnswer } from '../../../../shared/contract/waitlist.ts';
import type { WaitlistJoinRequest } from '../../../../shared/contract/waitlist.ts';
import { api } from '../../../stores/api.ts';

export type WaitsLoad =
  { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; waits: readonly WaitlistEntryAnswer[] };

export interface MyWaitsState {
  /** Whose waits these are; null while nobody's are read. */
  uid: string | null;
  load: WaitsLoad;
}

const NOBODY: MyWaitsState = { uid: null, load: { status: 'loading' } };
const waits = atom<MyWaitsState>(NOBODY);
export const $myWaits: ReadableAtom<MyWaitsState> = waits;

/** The read on its way; a newer one, or closing, aborts it and its answer is dropped. */
let reading: { uid: string; controller: AbortController } | null = null;

/** Reads the customer's waits (again): loading meanwhile, then the waits or the failure. */
export function loadMyWaits(uid: string): void {
  reading?.controller.abort();
  const controller = new AbortController();
  reading = { uid, controller };
  waits.set({ uid, load: { status: 'loading' } });
  api.waits({ params: { uid }, signal: controller.signal }).then(
    (answer) => {
      if (!controller.signal.aborted) waits.set({ uid, load: { status: 'ready', waits: answer.waits } });
    },
    (error: unknown) => {
      if (controller.signal.aborted) return;
      console.warn('Could not read your waits', error);
      waits.set({ uid, load: { status: 'failed', error } });
    },
  );
}

/** Nobody's waits are shown any more: a read on its way is dropped. */
export function closeMyWaits(): void {
  reading?.controller.abort();
  reading = null;
  waits.set(NOBODY);
}

/** Joins the waitlist of a full date; joining is confirmed by e-mail. Waits being shown are read again. */
export async function joinWaitlist(request: WaitlistJoinRequest): Promise<void> {
  await api.joinWaitlist({ body: request });
  if (reading) loadMyWaits(reading.uid);
}

/** Leaves a waitlist: a standing offer is declined and its seats go to the next in line. Waits being shown are read again. */
export async function leaveWaitlist(entryId: string): Promise<void> {
  await api.leaveWaitlist({ params: { entryId } });
  if (reading) loadMyWaits(reading.uid);
}

/** The offer a checkout came from: its date, party, price when offered and end (an offer is its customer's alone). */
export function readOffer(offerId: string, signal: AbortSignal): Promise<OfferCheckoutAnswer> {
  return api.offer({ params: { offerId }, signal });
}
