/**
 * Registers the site's service worker (written by scripts/service-worker.ts at build) once the page
 * has loaded, so it never delays a first paint. When a new deploy's worker is waiting, the page offers
 * `A new version is available` with a reload; the new worker takes over only then. `Not now` puts the
 * offer off for the rest of the visit (the tab's session): the next visit offers it again. Where the browser
 * offers it, the worker is also woken now and then to remove what ended from the device.
 */
import { Workbox } from 'workbox-window';
import { askForPurgeSync } from '../features/trailhead/worker/purge-sync.ts';

const PUT_OFF_KEY = 'app-update:put-off';

function putOff(): boolean {
  try {
    return sessionStorage.getItem(PUT_OFF_KEY) !== null;
  } catch {
    return false;
  }
}

function offerUpdate(worker: Workbox): void {
  const bar = document.querySelector<HTMLElement>('[data-app-update]');
  const reload = bar?.querySelector<HTMLButtonElement>('[data-app-update-reload]');
  const later = bar?.querySelector<HTMLButtonElement>('[data-app-update-later]');
  if (!bar || !reload || !later || putOff()) return;
  bar.hidden = false;
  later.addEventListener(
    'click',
    () => {
      bar.hidden = true;
      try {
        sessionStorage.setItem(PUT_OFF_KEY, '1');
      } catch {
        // Storage refused: put off on this page only.
      }
    },
    { once: true },
  );
  reload.addEventListener(
    'click',
    () => {
      reload.disabled = true;
      worker.addEventListener('controlling', () => window.location.reload());
      worker.messageSkipWaiting();
    },
    { once: true },
  );
}

function register(): void {
  const worker = new Workbox('/sw.js');
  worker.addEventListener('waiting', () => offerUpdate(worker));
  worker
    .register()
    .then(() => askForPurgeSync())
    .catch(() => undefined);
}

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
