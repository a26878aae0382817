// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { serviceWorker } from './scripts/service-worker.ts';
import { siteBuild } from './scripts/site-build.ts';
import { SITE_DEFAULTS } from './scripts/site-settings.ts';

export default defineConfig({
  site: 'https://www.kamasbackcountry.com',
  output: 'static',
  trailingSlash: 'never',
  // The stylesheet is small: inlined, it costs no extra round trip before the first paint.
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    react(),
    sitemap({
      // Account, staff and console pages (every page under /guide and /ops) are nobody's search result.
      filter: (page) =>
        !/\/(profile|waiver|waiver\/copy|checkout|payment-success|sign-in|guide(\/[\w/-]+)?|booking\/called-off|ops(\/[\w/-]+)?|offline)$/.test(
          page,
        ),
    }),
    siteBuild(),
    serviceWorker(),
  ],
  // Every script ships as a file, so the Content-Security-Policy (dist/_headers) needs no per-page hashes.
  vite: { build: { assetsInlineLimit: 0 } },
  server: { host: '127.0.0.1', port: Number(process.env['SITE_PORT'] ?? 4321) },
  env: {
    schema: {
      // The site's own origin for the absolute links it hands out; scripts/site-build.ts works it out (README, Settings).
      PUBLIC_SITE_URL: envField.string({ context: 'client', access: 'public', url: true, default: SITE_DEFAULTS.PUBLIC_SITE_URL }),
      PUBLIC_API_URL: envField.string({ context: 'client', access: 'public', url: true, default: SITE_DEFAULTS.PUBLIC_API_URL }),
      PUBLIC_FIREBASE_API_KEY: envField.string({ context: 'client', access: 'public', default: SITE_DEFAULTS.PUBLIC_FIREBASE_API_KEY }),
      PUBLIC_FIREBASE_AUTH_DOMAIN: envField.string({
        context: 'client',
        access: 'public',
        default: SITE_DEFAULTS.PUBLIC_FIREBASE_AUTH_DOMAIN,
      }),
      PUBLIC_FIREBASE_PROJECT_ID: envField.string({
        context: 'client',
        access: 'public',
        default: SITE_DEFAULTS.PUBLIC_FIREBASE_PROJECT_ID,
      }),
      // Only for demo- projects; scripts/site-build.ts fills in the local emulator for them, so a real build ships none.
      PUBLIC_FIREBASE_AUTH_EMULATOR_URL: envField.string({ context: 'client', access: 'public', url: true, optional: true }),
      PUBLIC_STRIPE_PUBLISHABLE_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_GOOGLE_MAPS_API_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
    },
    validateSecrets: true,
  },
});
