/** The periodic sync by which an installed site's service worker removes what ended from the device (purge-in-worker.ts). */
export const PURGE_SYNC_TAG = 'purge-ended';
/** At most twice a day: the browser decides when, within that. */
const MIN_INTERVAL_MS = 12 * 60 * 60 * 1000;

/** Asks for the periodic sync where the browser offers it (an installed site that may sync); elsewhere nothing. */
export async function askForPurgeSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
    periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> };
  };
  await registration.periodicSync?.register(PURGE_SYNC_TAG, { minInterval: MIN_INTERVAL_MS }).catch(() => undefined);
}
