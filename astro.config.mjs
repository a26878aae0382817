// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { cspCheck } from './scripts/csp-integration.ts';

export default defineConfig({
  site: 'https://www.kamasbackcountry.com',
  output: 'static',
  trailingSlash: 'never',
  // The stylesheet is small: inlined, it costs no extra round trip before the first paint.
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [react(), sitemap({ filter: (page) => !/\/(profile|waiver|checkout|payment-success|sign-in)$/.test(page) }), cspCheck()],
  // Every script ships as a file, so the Content-Security-Policy in netlify.toml needs no per-page hashes.
  vite: { build: { assetsInlineLimit: 0 } },
  server: { host: '127.0.0.1', port: Number(process.env['SITE_PORT'] ?? 4321) },
  env: {
    schema: {
      PUBLIC_API_URL: envField.string({ context: 'client', access: 'public', url: true, default: 'http://127.0.0.1:8787' }),
      PUBLIC_FIREBASE_API_KEY: envField.string({ context: 'client', access: 'public', default: 'demo-api-key' }),
      PUBLIC_FIREBASE_AUTH_DOMAIN: envField.string({ context: 'client', access: 'public', default: 'demo-kamas.firebaseapp.com' }),
      PUBLIC_FIREBASE_PROJECT_ID: envField.string({ context: 'client', access: 'public', default: 'demo-kamas' }),
      PUBLIC_FIREBASE_AUTH_EMULATOR_URL: envField.string({
        context: 'client',
        access: 'public',
        url: true,
        default: 'http://127.0.0.1:9099',
      }),
      PUBLIC_STRIPE_PUBLISHABLE_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_GOOGLE_MAPS_API_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
    },
    validateSecrets: true,
  },
});
