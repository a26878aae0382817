/**
 * Sending what the phone recorded at the trailhead, and saving the sheet again: when the network
 * comes back and when the guide asks. Events go in the batches the API takes; a batch the API
 * refuses for good (a seat never on the date) is kept on the phone marked refused, so the rest still
 * go; a refusal of the role (403) removes the account's sheets from the phone.
 */
import { ApiError } from '../../../lib/api/http.ts';
import { api } from '../../../stores/api.ts';
import { tripBatches } from '../rules/trip-batches.ts';
import { forgetSheets, markEvents, recordedEvents, saveSheet, type SavedTripSheet } from './trip-store.ts';

export type SyncOutcome =
  | { status: 'done'; saved: SavedTripSheet; sent: number; refused: string[] }
  | { status: 'offline' }
  | { status: 'revoked' }
  | { status: 'failed'; message: string };

const offline = (error: unknown) => !(error instanceof ApiError) && !navigator.onLine;

/** Fetches the date's sheet and saves it on the phone. */
export async function fetchAndSave(ownerUid: string, dateId: string): Promise<SavedTripSheet> {
  return saveSheet(ownerUid, await api.tripSheet(dateId));
}

/** Sends every unsent event of the date, then saves the sheet again with what everyone recorded. */
export async function syncTrip(ownerUid: string, dateId: string): Promise<SyncOutcome> {
  const pending = (await recordedEvents(ownerUid, dateId)).filter((recorded) => !recorded.sentAt && !recorded.refused);
  let sent = 0;
  const refused: string[] = [];
  try {
    for (const batch of tripBatches(pending)) {
      const ids = batch.map((recorded) => recorded.id);
      try {
        await api.sendTripEvents(
          dateId,
          batch.map((recorded) => recorded.event),
        );
        await markEvents(ids, { sentAt: new Date().toISOString() });
        sent += batch.length;
      } catch (error) {
        if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) throw error;
        await markEvents(ids, { refused: error.message });
        refused.push(error.message);
      }
    }
    return { status: 'done', saved: await fetchAndSave(ownerUid, dateId), sent, refused };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      await forgetSheets(ownerUid);
      return { status: 'revoked' };
    }
    if (offline(error)) return { status: 'offline' };
    return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
