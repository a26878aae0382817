/**
 * Sending what the phone recorded at the trailhead, and saving the sheet again: when the network
 * comes back and when the guide asks. Events go in the batches the API takes, and the API answers
 * each event's outcome: recorded, or refused with the reason (a seat never on the date, a waiver
 * text no longer in force, a phone clock outside the trip day), which the phone keeps and shows
 * while the rest of the batch counts. A batch the API cannot read at all (400) is halved until the
 * event it cannot read stands alone. A refusal of the role (403) removes the account's sheets from
 * the phone.
 */
import { ApiError, isNoSignal, shownError } from '../../../lib/api/api-error.ts';
import { api } from '../../../stores/api.ts';
import { tripBatches } from '../rules/trip-batches.ts';
import {
  forgetSheets,
  markEvents,
  recordedEvents,
  saveSheet,
  type RecordedTripEvent,
  type SavedTripSheet,
  type SentOutcome,
} from './trip-store.ts';

export type SyncOutcome =
  | { status: 'done'; saved: SavedTripSheet; sent: number; refused: number }
  | { status: 'offline' }
  | { status: 'revoked' }
  | { status: 'failed'; message: string };

/**
 * No answer came: the phone has no signal, whatever `navigator.onLine` says (a phone may say it is
 * online with no network behind it, and a page opened with no signal may too).
 */
const offline = (error: unknown) => !(error instanceof ApiError) && (isNoSignal(error) || !navigator.onLine);

/** Fetches the date's sheet and saves it on the phone. */
export async function fetchAndSave(ownerUid: string, dateId: string): Promise<SavedTripSheet> {
  return saveSheet(ownerUid, await api.tripSheet({ params: { dateId } }));
}

/** Each event's outcome at the API; a batch it cannot read is sent again in halves. */
async function send(dateId: string, batch: readonly RecordedTripEvent[]): Promise<Map<string, SentOutcome>> {
  try {
    const answer = await api.sendTripEvents({ params: { dateId }, body: { events: batch.map((recorded) => recorded.event) } });
    const sentAt = new Date().toISOString();
    const refused = new Map(answer.outcomes.map((outcome) => [outcome.id, outcome.refused]));
    return new Map(
      batch.map((recorded): [string, SentOutcome] => {
        const reason = refused.get(recorded.id);
        return [recorded.id, reason ? { refused: reason } : { sentAt }];
      }),
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    if (batch.length === 1) return new Map([[batch[0]!.id, { refused: error.message }]]);
    const half = Math.ceil(batch.length / 2);
    return new Map([...(await send(dateId, batch.slice(0, half))), ...(await send(dateId, batch.slice(half)))]);
  }
}

/** Sends every unsent event of the date, then saves the sheet again with what everyone recorded. */
export async function syncTrip(ownerUid: string, dateId: string): Promise<SyncOutcome> {
  const pending = (await recordedEvents(ownerUid, dateId)).filter((recorded) => !recorded.sentAt && !recorded.refused);
  let sent = 0;
  let refused = 0;
  try {
    for (const batch of tripBatches(pending)) {
      const outcomes = await send(dateId, batch);
      await markEvents(outcomes);
      for (const outcome of outcomes.values()) {
        if ('refused' in outcome) refused += 1;
        else sent += 1;
      }
    }
    return { status: 'done', saved: await fetchAndSave(ownerUid, dateId), sent, refused };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      await forgetSheets(ownerUid);
      return { status: 'revoked' };
    }
    if (offline(error)) return { status: 'offline' };
    return { status: 'failed', message: shownError(error, 'The trip sheet could not be sent. It stays on this phone; try again.') };
  }
}
