/**
 * A customer's trailhead passes: read from the API when there is a network and kept on the device
 * (lib/device-data.ts) for the trailhead, where there is none. A pass leaves the device when its trip
 * has ended, and with everything else at sign-out.
 */
import { tripEndsAt } from '../../../../shared/company/meeting-area.ts';
import type { CalendarName } from '../../../../shared/contract/requests.ts';
import type { TrailheadPass } from '../../../../shared/contract/trailhead.ts';
import { openDevice, type SavedPasses } from '../../../lib/device-data.ts';
import { api } from '../../../stores/api.ts';

export type { SavedPasses };

/** The passes, and whether they were read just now (else they are the ones kept on the device). */
export interface Passes extends SavedPasses {
  fresh: boolean;
}

const ahead = (pass: TrailheadPass, now: number) => tripEndsAt(Date.parse(pass.startsAt), pass.calendar as CalendarName) > now;

/** The passes kept for `uid`, without those whose trip has ended; null when none were ever kept. */
export async function keptPasses(uid: string, now = Date.now()): Promise<SavedPasses | null> {
  const kept = await (await openDevice()).get('passes', uid);
  return kept ? { ...kept, passes: kept.passes.filter((pass) => ahead(pass, now)) } : null;
}

/** Reads the passes from the API and keeps them; with no network (or no answer), the ones kept. */
export async function loadPasses(uid: string, signal?: AbortSignal): Promise<Passes> {
  try {
    const { passes } = await api.passes(uid, signal);
    const saved: SavedPasses = { ownerUid: uid, updatedAt: new Date().toISOString(), passes };
    await (await openDevice()).put('passes', saved);
    return { ...saved, fresh: true };
  } catch (error) {
    if (signal?.aborted) throw error;
    const kept = await keptPasses(uid).catch(() => null);
    if (!kept) throw error;
    return { ...kept, fresh: false };
  }
}
