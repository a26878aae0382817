/**
 * The trip sheet page's state, with its actions beside it: the sheet saved on the phone, what the
 * phone recorded, and where sending stands. Recording a check-in keeps it on the phone first; what
 * waits is sent when the page opens with a network, after each check-in, when the signal comes back,
 * and on Send now.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { TripEventRequest } from '../../../../shared/contract/trailhead.ts';
import { recordEvents, recordedEvents, savedSheet, type RecordedTripEvent, type SavedTripSheet } from './trip-store.ts';
import { syncTrip, type SyncOutcome } from './trip-sync.ts';

export type SyncState = { status: 'idle' } | { status: 'sending' } | SyncOutcome;

export interface TripPage {
  /** The account and date open; null before the page opens one. */
  open: { uid: string; dateId: string } | null;
  saved: SavedTripSheet | null | 'loading';
  recorded: RecordedTripEvent[];
  sync: SyncState;
}

const CLOSED: TripPage = { open: null, saved: 'loading', recorded: [], sync: { status: 'idle' } };
const page = atom<TripPage>(CLOSED);
export const $tripPage: ReadableAtom<TripPage> = page;

/** The events recorded on this phone that wait to be sent. */
const unsentOf = (recorded: readonly RecordedTripEvent[]) => recorded.filter((item) => !item.sentAt && !item.refused);
const isOpen = (open: TripPage['open']) => page.get().open === open;

async function reread(open: NonNullable<TripPage['open']>): Promise<void> {
  const [saved, recorded] = await Promise.all([savedSheet(open.uid, open.dateId), recordedEvents(open.uid, open.dateId)]);
  if (isOpen(open)) page.set({ ...page.get(), saved, recorded });
}

let listening = false;

/** Opens the account's saved sheet of the date, and sends what waits if there is a network. */
export async function openTrip(uid: string, dateId: string): Promise<void> {
  const open = { uid, dateId };
  page.set({ ...CLOSED, open });
  if (!listening) {
    listening = true;
    window.addEventListener('online', () => void sendTrip());
  }
  await reread(open);
  if (navigator.onLine && unsentOf(page.get().recorded).length > 0) await sendTrip();
}

/** Records what one tap made (a check-in, or a mark taken back and another made) on the phone, then sends it if there is a network. */
export async function recordCheckIns(by: string, events: readonly TripEventRequest[]): Promise<void> {
  const { open, recorded } = page.get();
  if (!open || events.length === 0) return;
  // Shown at once, as the phone keeps them.
  const kept = events.map((event): RecordedTripEvent => ({
    id: event.id,
    dateId: open.dateId,
    ownerUid: open.uid,
    by,
    event,
    sentAt: null,
    refused: null,
  }));
  page.set({ ...page.get(), recorded: [...recorded, ...kept] });
  await recordEvents(kept);
  await reread(open);
  if (navigator.onLine) await sendTrip();
}

/** How soon the phone tries again after a send found no signal (the 'online' event does not come on every phone). */
const RETRY_MS = 2500;

let retry: ReturnType<typeof setTimeout> | null = null;
let trying = false;

/**
 * Sends what waits on the phone and saves the sheet again. With no signal, the phone tries again on
 * its own (`again`) every few seconds while anything waits, without saying 'Sending' each time.
 */
export async function sendTrip(again = false): Promise<void> {
  const { open } = page.get();
  if (!open || trying) return;
  if (retry) clearTimeout(retry);
  retry = null;
  trying = true;
  if (!again) page.set({ ...page.get(), sync: { status: 'sending' } });
  const outcome = await syncTrip(open.uid, open.dateId).finally(() => (trying = false));
  if (!isOpen(open)) return;
  page.set({ ...page.get(), sync: outcome });
  await reread(open);
  const waiting = unsentOf(page.get().recorded).length > 0;
  if (outcome.status === 'offline' && waiting) retry = setTimeout(() => void sendTrip(true), RETRY_MS);
  // Check-ins recorded while this batch was on its way go next.
  if (outcome.status === 'done' && navigator.onLine && waiting) await sendTrip();
}

export { unsentOf };
