/**
 * Registers the site's service worker (written by scripts/service-worker.ts at build) once the page
 * has loaded, so it never delays a first paint. When a new deploy's worker is waiting, the page offers
 * `A new version is available` with a reload; the new worker takes over only then. Where the browser
 * offers it, the worker is also woken now and then to remove what ended from the device.
 */
import { Workbox } from 'workbox-window';
import { askForPurgeSync } from '../features/trailhead/worker/purge-sync.ts';

function offerUpdate(worker: Workbox): void {
  const bar = document.querySelector<HTMLElement>('[data-app-update]');
  const reload = bar?.querySelector('button');
  if (!bar || !reload) return;
  bar.hidden = false;
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
