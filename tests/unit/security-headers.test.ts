import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, directiveSources } from '../../scripts/csp.ts';
import { formatHeadersFile, headersFor, netlifyHeaderRules, parseHeadersFile } from '../../scripts/headers.ts';
import { gradeHeaders, scoreCsp } from '../../scripts/observatory.ts';
import { productionProblems, readSiteSettings, secretProblems } from '../../scripts/site-settings.ts';

const PRODUCTION = readSiteSettings({
  PUBLIC_SITE_URL: 'https://www.kamasbackcountry.com',
  PUBLIC_API_URL: 'https://api.kamasbackcountry.com',
  PUBLIC_FIREBASE_API_KEY: 'AIzaSyKamasBackcountryWebKey0000000000',
  PUBLIC_FIREBASE_AUTH_DOMAIN: 'kamas-backcountry.firebaseapp.com',
  PUBLIC_FIREBASE_PROJECT_ID: 'kamas-backcountry',
  PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_live_kamas',
});
const LOCAL = readSiteSettings({});
const redirects = (parse(readFileSync('netlify.toml', 'utf8')) as { redirects: { from: string; to: string }[] }).redirects;

/** The headers a deployed page gets: netlify.toml's, plus the policy the build writes to dist/_headers. */
function deployedHeaders(settings = PRODUCTION) {
  const built = parseHeadersFile(
    formatHeadersFile([{ for: '/*', values: { 'Content-Security-Policy': contentSecurityPolicy(settings) } }]),
  );
  return headersFor('/about', [...netlifyHeaderRules(), ...built]);
}

describe('a production build', () => {
  it('refuses every local or demo default, naming each setting', () => {
    const problems = productionProblems(LOCAL);
    for (const name of [
      'PUBLIC_SITE_URL',
      'PUBLIC_API_URL',
      'PUBLIC_FIREBASE_PROJECT_ID',
      'PUBLIC_FIREBASE_API_KEY',
      'PUBLIC_FIREBASE_AUTH_DOMAIN',
    ]) {
      expect(
        problems.some((problem) => problem.startsWith(name)),
        name,
      ).toBe(true);
    }
    expect(productionProblems({ ...PRODUCTION, PUBLIC_API_URL: 'https://localhost:8787' })).toHaveLength(1);
    expect(productionProblems({ ...PRODUCTION, PUBLIC_API_URL: 'http://api.kamasbackcountry.com' })).toHaveLength(1);
  });

  it("takes the site's own origin as set, else from Netlify's deploy, else the local site", () => {
    expect(readSiteSettings({}).PUBLIC_SITE_URL).toBe('http://127.0.0.1:4321');
    expect(readSiteSettings({ SITE_PORT: '4322' }).PUBLIC_SITE_URL).toBe('http://127.0.0.1:4322');
    expect(readSiteSettings({ PUBLIC_SITE_URL: 'https://www.kamasbackcountry.com/' }).PUBLIC_SITE_URL).toBe(
      'https://www.kamasbackcountry.com',
    );
    const netlify = { URL: 'https://www.kamasbackcountry.com', DEPLOY_PRIME_URL: 'https://deploy-preview-7--kamas.netlify.app' };
    expect(readSiteSettings({ ...netlify, CONTEXT: 'production' }).PUBLIC_SITE_URL).toBe('https://www.kamasbackcountry.com');
    expect(readSiteSettings({ ...netlify, CONTEXT: 'deploy-preview' }).PUBLIC_SITE_URL).toBe('https://deploy-preview-7--kamas.netlify.app');
    expect(productionProblems({ ...PRODUCTION, PUBLIC_SITE_URL: 'http://www.kamasbackcountry.com' })).toHaveLength(1);
  });

  it('accepts real settings', () => {
    expect(productionProblems(PRODUCTION)).toEqual([]);
  });

  it('and every other build refuse a Stripe secret key in the public key', () => {
    const leaky = { ...LOCAL, PUBLIC_STRIPE_PUBLISHABLE_KEY: 'sk_live_oops' };
    expect(secretProblems(leaky)).toHaveLength(1);
    expect(productionProblems({ ...PRODUCTION, PUBLIC_STRIPE_PUBLISHABLE_KEY: 'rk_live_oops' })).toHaveLength(1);
  });
});

describe('the Content-Security-Policy', () => {
  it('names the API and auth hosts of the settings it was built from, and no local host in production', () => {
    const csp = contentSecurityPolicy(PRODUCTION);
    expect(directiveSources(csp, 'connect-src')).toContain('https://api.kamasbackcountry.com');
    expect(directiveSources(csp, 'frame-src')).toContain('https://kamas-backcountry.firebaseapp.com');
    expect(csp).not.toMatch(/127\.0\.0\.1|localhost|demo-/);
    expect(directiveSources(csp, 'upgrade-insecure-requests')).toEqual([]);
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it('lets a local build reach its own API and the Auth emulator over http', () => {
    const csp = contentSecurityPolicy(LOCAL);
    expect(directiveSources(csp, 'connect-src')).toEqual(expect.arrayContaining(['http://127.0.0.1:8787', 'http://127.0.0.1:9099']));
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('allows every host Google documents for the Maps JavaScript API, and Stripe.js', () => {
    const csp = contentSecurityPolicy(PRODUCTION);
    for (const host of [
      'https://*.googleapis.com',
      'https://*.gstatic.com',
      'https://*.google.com',
      'https://*.ggpht.com',
      'https://*.googleusercontent.com',
    ]) {
      expect(directiveSources(csp, 'script-src'), host).toContain(host);
    }
    expect(directiveSources(csp, 'img-src')).toEqual(
      expect.arrayContaining(['https://*.googleapis.com', 'https://*.gstatic.com', 'data:']),
    );
    expect(directiveSources(csp, 'font-src')).toContain('https://fonts.gstatic.com');
    expect(directiveSources(csp, 'style-src')).toContain('https://fonts.googleapis.com');
    expect(directiveSources(csp, 'worker-src')).toContain('blob:');
    expect(directiveSources(csp, 'script-src')).toContain('https://js.stripe.com');
    expect(directiveSources(csp, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directiveSources(csp, 'script-src')).not.toContain("'unsafe-eval'");
  });
});

describe('the HTTP Observatory grade of the deployed headers', () => {
  it('is A+', () => {
    const result = gradeHeaders('www.kamasbackcountry.com', deployedHeaders(), redirects);
    expect(result.modifiers.filter((modifier) => modifier.points < 0)).toEqual([]);
    expect(result.grade).toBe('A+');
    expect(result.score).toBeGreaterThanOrEqual(100);
  });

  it('drops for the mistakes the rules punish', () => {
    const headers = deployedHeaders();
    const without = (name: string) => Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
    expect(gradeHeaders('www.kamasbackcountry.com', without('Content-Security-Policy'), redirects).score).toBe(75);
    expect(gradeHeaders('www.kamasbackcountry.com', without('Strict-Transport-Security'), redirects)).toMatchObject({
      score: 80,
      grade: 'B+',
    });
    expect(gradeHeaders('www.kamasbackcountry.com', headers, []).score).toBe(80);
    expect(scoreCsp("default-src 'self'; script-src 'self' 'unsafe-inline'").points).toBe(-20);
    expect(scoreCsp("default-src 'self'; connect-src http://127.0.0.1:8787").points).toBe(-20);
    expect(scoreCsp("default-src 'none'").points).toBe(10);
  });

  it('sends the apex over https on its own host before moving to www', () => {
    expect(gradeHeaders('kamasbackcountry.com', deployedHeaders(), redirects).modifiers.find((m) => m.test === 'redirection')?.points).toBe(
      0,
    );
  });
});
