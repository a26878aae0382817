/**
 * The service worker's part in keeping the device clean (bundled to /device-purge.js and loaded by
 * sw.js): what ended (trip sheets 48 hours after their trip, passes once it has ended) leaves the
 * device when the worker takes over, at the browser's periodic sync where the site is installed, and
 * on the first page opened after the worker starts, then at most hourly, even when no page of ours
 * runs the purge itself (scripts/account-menu.ts does on every page).
 */
import { purgeEnded } from '../stores/device-purge.ts';
import { PURGE_SYNC_TAG } from './purge-sync.ts';

/** The events of a service worker's scope this file listens to (the project's types are the page's). */
interface WorkerEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
declare const self: {
  addEventListener(type: 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: WorkerEvent & { request: Request }) => void): void;
  addEventListener(type: 'periodicsync', listener: (event: WorkerEvent & { tag: string }) => void): void;
};

const EVERY_MS = 60 * 60 * 1000;
let lastPurge = 0;

function purge(): Promise<void> {
  lastPurge = Date.now();
  return purgeEnded().catch((error: unknown) => console.warn('Could not remove what ended from this device', error));
}

self.addEventListener('activate', (event) => event.waitUntil(purge()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate' && Date.now() - lastPurge >= EVERY_MS) event.waitUntil(purge());
});
self.addEventListener('periodicsync', (event) => {
  if (event.tag === PURGE_SYNC_TAG) event.waitUntil(purge());
});
