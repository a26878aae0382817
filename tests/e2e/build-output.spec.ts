/** What the build ships: no secrets, no local or demo settings in a production build, and a policy made from its settings. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { E2E } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { SETTINGS_WITHOUT_LOCAL_DEFAULTS } from '../support/production-settings.ts';

/** Shapes of secrets that must never reach a browser. */
const SECRET_PATTERNS: [string, RegExp][] = [
  ['Stripe secret key', /\b[sr]k_(live|test)_[0-9A-Za-z]{6,}/],
  ['Stripe webhook secret', /\bwhsec_[0-9A-Za-z]{6,}/],
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['service account key', /"private_key(_id)?"\s*:/],
  ['AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
  ['database URL with a password', /\bpostgres(ql)?:\/\/[^\s"'/:@]+:[^\s"'@]+@/],
  ['GitHub token', /\bgh[pousr]_[0-9A-Za-z]{36}\b/],
];
const TEXT_FILES = new Set(['.html', '.js', '.css', '.json', '.txt', '.xml', '.svg', '.webmanifest', '']);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function build(env: Record<string, string>) {
  const outDir = mkdtempSync(join(tmpdir(), 'kamas-build-'));
  const run = spawnSync('node_modules/.bin/astro', ['build', '--outDir', outDir], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { outDir, status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('the built site carries no secret of any shape, though the build ran with secrets in its environment', () => {
  const shipped = files('dist').filter((file) => TEXT_FILES.has(extname(file)));
  expect(shipped.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const file of shipped) {
    const text = readFileSync(file, 'utf8');
    for (const [name, pattern] of SECRET_PATTERNS) if (pattern.test(text)) found.push(`${name} in ${file}`);
  }
  expect(found).toEqual([]);
});

test('the secret scan would catch a key that slipped into a public variable', () => {
  expect(SECRET_PATTERNS.some(([, pattern]) => pattern.test('const key = "sk_live_51Kamas0000";'))).toBe(true);
  expect(SECRET_PATTERNS.some(([, pattern]) => pattern.test('postgres://kamas:hunter2@db.internal/kamas'))).toBe(true);
  expect(SECRET_PATTERNS.some(([, pattern]) => pattern.test('pk_live_51Kamas0000 AIzaSyKamasWebKey'))).toBe(false);
});

test('a production build with local or demo settings fails and says which', () => {
  const { outDir, status, output } = build({ CONTEXT: 'production' });
  rmSync(outDir, { recursive: true, force: true });
  expect(status).not.toBe(0);
  expect(output).toContain("A production build (Netlify's production context) refuses these settings");
  for (const name of SETTINGS_WITHOUT_LOCAL_DEFAULTS) {
    expect(output).toContain(`  - ${name} is`);
  }
});

test('a production build with real settings ships a policy naming its own API and auth hosts', () => {
  const { outDir, status, output } = build({
    CONTEXT: 'production',
    // Netlify names the site's own address; invite links and calendar files use it.
    URL: 'https://www.kamasbackcountry.com',
    PUBLIC_API_URL: 'https://api.kamasbackcountry.com',
    PUBLIC_FIREBASE_API_KEY: 'AIzaSyKamasBackcountryWebKey0000000000',
    PUBLIC_FIREBASE_AUTH_DOMAIN: 'kamas-backcountry.firebaseapp.com',
    PUBLIC_FIREBASE_PROJECT_ID: 'kamas-backcountry',
  });
  try {
    expect(status, output).toBe(0);
    const headers = readFileSync(join(outDir, '_headers'), 'utf8');
    expect(headers).toMatch(/^\/\*\n {2}Content-Security-Policy: /);
    expect(headers).toContain("connect-src 'self' https://api.kamasbackcountry.com ");
    expect(headers).toContain('frame-src https://kamas-backcountry.firebaseapp.com ');
    expect(headers).not.toMatch(/127\.0\.0\.1|localhost|demo-/);
    const scripts = files(join(outDir, '_astro')).map((file) => readFileSync(file, 'utf8'));
    expect(scripts.some((script) => script.includes('https://api.kamasbackcountry.com'))).toBe(true);
    expect(scripts.some((script) => script.includes('https://www.kamasbackcountry.com'))).toBe(true);
    expect(scripts.some((script) => script.includes('127.0.0.1'))).toBe(false);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

test('the local CDN serves the policy this build made, naming the API it talks to', async ({ request }) => {
  const policy = (await request.get('/about')).headers()['content-security-policy'] ?? '';
  expect(policy).toContain(`connect-src 'self' ${E2E.api} http://${E2E.authEmulator} `);
  expect(policy).toContain("frame-ancestors 'none'");
});
