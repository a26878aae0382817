/**
 * What the device keeps past its use leaves it on time: trip sheets (with their medical notes) 48
 * hours after their trip, passes once their trip has ended. Run at the start of every page for a
 * visitor remembered as signed in (scripts/account-menu.ts), not only on the trip pages; it loads
 * neither the API client nor the sign-in code.
 */
import { tripEndsAt } from '../../../../shared/company/meeting-area.ts';
import type { CalendarName } from '../../../../shared/contract/requests.ts';
import type { TrailheadPass } from '../../../../shared/contract/trailhead.ts';
import { onKeptDevice } from '../../../lib/device-data.ts';
import { forgetEnded } from './trip-store.ts';

const ahead = (pass: TrailheadPass, now: number) => tripEndsAt(Date.parse(pass.startsAt), pass.calendar as CalendarName) > now;

/** Removes from the device the passes whose trip has ended. */
export async function forgetEndedPasses(now = Date.now()): Promise<void> {
  await onKeptDevice(async (db) => {
    const tx = db.transaction('passes', 'readwrite');
    for (const kept of await tx.store.getAll()) {
      const passes = kept.passes.filter((pass) => ahead(pass, now));
      if (passes.length < kept.passes.length) await tx.store.put({ ...kept, passes });
    }
    await tx.done;
  }, undefined);
}

export async function purgeEnded(now = Date.now()): Promise<void> {
  await forgetEnded(now);
  await forgetEndedPasses(now);
}
