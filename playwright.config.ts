import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findBrowser } from './scripts/browser.ts';

/** The e2e stack on its own ports: the built site, the API on a throw-away database, a mail catcher, the Auth emulator (started by npm test). */
export const E2E = {
  site: 'http://127.0.0.1:4322',
  api: 'http://127.0.0.1:8788',
  authEmulator: '127.0.0.1:9199',
  projectId: 'demo-kamas-test',
  /** The mail catcher (maildev): the API sends to its SMTP port, tests read its inbox's API. */
  mailSmtpPort: '1026',
  mailInbox: 'http://127.0.0.1:1081',
};

const dataDir = mkdtempSync(join(tmpdir(), 'kamas-e2e-'));
// Where the test files running side by side claim the dates they book (tests/e2e/api-customers.ts):
// made once by the runner, whose environment its workers inherit.
process.env['E2E_DATE_CLAIMS'] ??= mkdtempSync(join(tmpdir(), 'kamas-e2e-dates-'));
// CHROME_PATH, Debian's Chromium or Playwright's own (scripts/browser.ts); with none, Playwright says how to install its own.
const browser = findBrowser();

export default defineConfig({
  testDir: 'tests/e2e',
  // Two test files at a time, each file's tests in order. A browser test waits on pages, the API and
  // the mail catcher more than it computes: one at a time, half the machine sat idle. Two files never
  // reach for the same date at once (./tests/e2e/api-customers.ts claims each date a test books).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: E2E.site,
    // A failed test keeps its trace: each action with the page's DOM before and after it. Without the
    // screencast's frames, which cost the browser a tenth of the run to record and are thrown away for every passing test.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The site's service worker would answer from its cache what tests route or hold back; the offline tests allow it.
    serviceWorkers: 'block',
    launchOptions: { ...(browser ? { executablePath: browser } : {}), args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: [/no-javascript\.spec\.ts$/, /reports\.spec\.ts$/],
    },
    // The season in figures counts every booking of the season: read after the tests that book, with none beside it.
    {
      name: 'season-figures',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /reports\.spec\.ts$/,
      dependencies: ['chromium'],
      workers: 1,
    },
    // The static pages and the sign-in page as a visitor with JavaScript turned off sees them.
    {
      name: 'no-javascript',
      use: { ...devices['Desktop Chrome'], channel: undefined, javaScriptEnabled: false },
      testMatch: /no-javascript\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: `maildev --smtp ${E2E.mailSmtpPort} --ip 127.0.0.1 --web ${new URL(E2E.mailInbox).port} --web-ip 127.0.0.1 --silent`,
      url: `${E2E.mailInbox}/api/healthz`,
      reuseExistingServer: false,
    },
    {
      // The Auth emulator's e-mails (confirm an address, a new password) to the same catcher, as npm run dev delivers them.
      command: 'node scripts/emulator-mail.ts',
      reuseExistingServer: false,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${E2E.mailSmtpPort}`,
        FIREBASE_PROJECT_ID: E2E.projectId,
        FIREBASE_AUTH_EMULATOR_HOST: E2E.authEmulator,
      },
    },
    {
      command: 'node api/server.ts',
      url: `${E2E.api}/health`,
      reuseExistingServer: false,
      env: {
        API_PORT: '8788',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        // Holds run out within a test: an abandoned checkout's countdown is seen to end.
        HOLD_MINUTES: '1',
        // Every customer of the run books from this one machine, like a shop's Wi-Fi on a very busy day.
        HOLDS_PER_ADDRESS_PER_HOUR: '100000',
        // And tries every gift card code of the run from it.
        GIFT_CODE_TRIES_PER_MINUTE: '100000',
        SITE_ORIGINS: E2E.site,
        FIREBASE_PROJECT_ID: E2E.projectId,
        FIREBASE_AUTH_EMULATOR_HOST: E2E.authEmulator,
        SMTP_URL: `smtp://127.0.0.1:${E2E.mailSmtpPort}`,
      },
    },
    {
      command: 'node scripts/serve-static.ts',
      url: E2E.site,
      reuseExistingServer: false,
      env: { SITE_PORT: '4322' },
    },
  ],
});
