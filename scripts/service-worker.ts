/**
 * An Astro integration that writes the site's service worker after the build, with Workbox: every page
 * that can work with no network, and the scripts, styles and images they load, are precached (each under its content's hash, so a new
 * deploy replaces what changed), a page opened with no network that was not precached gets the
 * offline page, and nothing from the API is ever cached by the worker (what a signed-in person keeps
 * on the device lives in IndexedDB, and goes at sign-out). The video and the camera scanner's
 * WebAssembly are left out: the first is decoration, the second is fetched when a guide saves a trip
 * sheet. The worker loads one script of its own, bundled here: what ended leaves the device (a trip
 * sheet's medical notes 48 hours after its trip) even when no page of ours runs to remove it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, matchesGlob, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { generateSW } from 'workbox-build';

export const SERVICE_WORKER = 'sw.js';
/** The worker's own part, bundled beside it: what ended leaves the device (src/features/trailhead/worker/purge-in-worker.ts). */
const DEVICE_PURGE = 'device-purge.js';
/** Pages that can do nothing without a network (they sign in, pay, or run the office): offline, the offline page answers for them. */
const ONLINE_ONLY_PAGES = [
  'sign-in.html',
  'checkout.html',
  'payment-success.html',
  'booking/called-off.html',
  'ops.html',
  'ops/**',
  '404.html',
];
export const OFFLINE_PAGE = '/offline';
/** What the precache may weigh, uncompressed, as the bench reports it. */
export const PRECACHE_BUDGET_BYTES = 1.5 * 1024 * 1024;

/**
 * The built scripts (`_astro/*.js`) no page that works offline loads, by a tag, an island or from
 * another script (statically, lazily or as a preload): the console's and sign-in's own code, which
 * the device need not keep.
 */
export function onlineOnlyScripts(root: string): string[] {
  const scripts = new Set(readdirSync(join(root, '_astro')).filter((name) => name.endsWith('.js')));
  const loaded = new Set<string>();
  const follow = (text: string) => {
    for (const [name] of text.matchAll(/[\w-]+(?:\.[\w-]+)*\.js\b/g)) {
      if (!scripts.has(name) || loaded.has(name)) continue;
      loaded.add(name);
      follow(readFileSync(join(root, '_astro', name), 'utf8'));
    }
  };
  const pages = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  for (const page of pages) {
    const file = page.split(sep).join('/');
    if (!ONLINE_ONLY_PAGES.some((pattern) => matchesGlob(file, pattern))) follow(readFileSync(join(root, page), 'utf8'));
  }
  return [...scripts].filter((name) => !loaded.has(name)).map((name) => `_astro/${name}`);
}

/** What is precached from the built site in `root`: the service worker's list, and the benchmark's. */
export function precacheOptions(root: string) {
  return {
    globDirectory: root,
    globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
    globIgnores: [SERVICE_WORKER, DEVICE_PURGE, 'video/**', 'images/og-default.png', ...ONLINE_ONLY_PAGES, ...onlineOnlyScripts(root)],
    // Hashed file names need no revision of their own.
    dontCacheBustURLsMatching: /^_astro\//,
    maximumFileSizeToCacheInBytes: 512 * 1024,
  };
}

export function serviceWorker(): AstroIntegration {
  return {
    name: 'service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        await build({
          entryPoints: [fileURLToPath(new URL('../src/features/trailhead/worker/purge-in-worker.ts', import.meta.url))],
          outfile: join(root, DEVICE_PURGE),
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2022',
          logLevel: 'warning',
        });
        const { count, size, warnings } = await generateSW({
          ...precacheOptions(root),
          swDest: join(root, SERVICE_WORKER),
          importScripts: [`/${DEVICE_PURGE}`],
          // One file: no second script for the Content-Security-Policy or the cache to know about.
          inlineWorkboxRuntime: true,
          directoryIndex: 'index.html',
          // /guide/trip?date=… is the page /guide/trip: what a page reads from its address is its own business.
          ignoreURLParametersMatching: [/.*/],
          // A waiting worker takes over only when the visitor chooses to reload (`A new version is available`).
          skipWaiting: false,
          clientsClaim: true,
          cleanupOutdatedCaches: true,
          runtimeCaching: [
            // The pass scanner's WebAssembly, fetched when a guide saves a trip sheet: kept, one version at a time.
            {
              urlPattern: /\/_astro\/[^/]+\.wasm$/,
              handler: 'CacheFirst',
              options: { cacheName: 'pass-scanner', expiration: { maxEntries: 1 } },
            },
            {
              urlPattern: ({ request }) => request.mode === 'navigate',
              handler: 'NetworkOnly',
              options: { precacheFallback: { fallbackURL: `${OFFLINE_PAGE}.html` } },
            },
          ],
          sourcemap: false,
          mode: 'production',
        });
        for (const warning of warnings) logger.warn(warning);
        const worker = statSync(join(root, SERVICE_WORKER)).size;
        logger.info(
          `${SERVICE_WORKER}: ${count} files precached, ${(size / 1024).toFixed(0)} KB (the worker itself ${(worker / 1024).toFixed(0)} KB)`,
        );
        if (size > PRECACHE_BUDGET_BYTES) logger.warn(`the precache is over its budget of ${PRECACHE_BUDGET_BYTES / 1024} KB`);
      },
    },
  };
}
