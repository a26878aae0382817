/**
 * A customer's trailhead passes: read from the API when there is a network and kept on the device
 * (lib/device-data.ts) for the trailhead, where there is none. A pass leaves the device when its trip
 * has ended (looked at on every page's start, ./device-purge.ts), and with everything else at sign-out.
 */
import { onKeptDevice, openDevice, type SavedPasses } from '../../../lib/device-data.ts';
import { ApiError } from '../../../lib/api/http.ts';
import { api } from '../../../stores/api.ts';
import { forgetEndedPasses } from './device-purge.ts';

export type { SavedPasses };

/** The passes, and whether they were read just now (else they are the ones kept on the device). */
export interface Passes extends SavedPasses {
  fresh: boolean;
}

/** The passes kept for `uid`, once those whose trip has ended are gone; null when none were ever kept. */
export async function keptPasses(uid: string, now = Date.now()): Promise<SavedPasses | null> {
  await forgetEndedPasses(now);
  return (await onKeptDevice((db) => db.get('passes', uid), undefined)) ?? null;
}

/**
 * Reads the passes from the API and keeps them; when the network fails, the ones kept. An answer is
 * no network failure: a refusal (401, 403: not this account's, or no longer signed in) removes the
 * kept passes and is shown as it is.
 */
export async function loadPasses(uid: string, signal?: AbortSignal): Promise<Passes> {
  try {
    const { passes } = await api.passes({ params: { uid }, signal });
    const saved: SavedPasses = { ownerUid: uid, updatedAt: new Date().toISOString(), passes };
    await (await openDevice()).put('passes', saved);
    return { ...saved, fresh: true };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof ApiError) {
      if (error.status === 401 || error.status === 403) await onKeptDevice((db) => db.delete('passes', uid), undefined);
      throw error;
    }
    const kept = await keptPasses(uid).catch(() => null);
    if (!kept) throw error;
    return { ...kept, fresh: false };
  }
}
