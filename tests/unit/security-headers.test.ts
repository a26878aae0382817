import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, directiveSources } from '../../scripts/csp.ts';
import { formatHeadersFile, headersFor, netlifyHeaderRules, parseHeadersFile } from '../../scripts/headers.ts';
import { gradeHeaders, scoreCsp } from '../../scripts/observatory.ts';
import { productionProblems, readSiteSettings, secretProblems } from '../../scripts/site-settings.ts';
import { SETTINGS_WITHOUT_LOCAL_DEFAULTS } from '../support/production-settings.ts';

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
    for (const name of SETTINGS_WITHOUT_LOCAL_DEFAULTS) {
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

  it('allows Stripe.js, and no inline or evaluated script', () => {
    const csp = contentSecurityPolicy(PRODUCTION);
    expect(directiveSources(csp, 'script-src')).toContain('https://js.stripe.com');
    expect(directiveSources(csp, 'frame-src')).toContain('https://js.stripe.com');
    expect(directiveSources(csp, 'connect-src')).toContain('https://api.stripe.com');
    expect(directiveSources(csp, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directiveSources(csp, 'script-src')).not.toContain("'unsafe-eval'");
    // WebAssembly only, for the console's QR reader.
    expect(directiveSources(csp, 'script-src')).toContain("'wasm-unsafe-eval'");
  });
});

describe('the Content-Security-Policy and Google', () => {
  const WITH_MAPS = { ...PRODUCTION, PUBLIC_GOOGLE_MAPS_API_KEY: 'AIzaSyKamasMapsKey' };
  const googleHosts = (csp: string) =>
    [...new Set(csp.match(/https:\/\/[^\s;]*\b(google|googleapis|gstatic|ggpht|googleusercontent)\.com\b/g) ?? [])].sort();

  it('names every Google host exactly, never a whole Google domain', () => {
    for (const settings of [PRODUCTION, WITH_MAPS, LOCAL]) {
      const csp = contentSecurityPolicy(settings);
      expect(csp).not.toMatch(/\*\.(google|googleapis|gstatic|ggpht|googleusercontent)\.com/);
      for (const host of googleHosts(csp)) expect(host, host).toMatch(/^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]+$/);
    }
  });

  it('without a Maps key allows only what Firebase sign-in needs from Google', () => {
    const csp = contentSecurityPolicy(PRODUCTION);
    expect(googleHosts(csp)).toEqual([
      'https://apis.google.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(directiveSources(csp, 'script-src')).toContain('https://apis.google.com');
    expect(directiveSources(csp, 'connect-src')).toEqual(
      expect.arrayContaining(['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']),
    );
    expect(directiveSources(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directiveSources(csp, 'font-src')).toEqual(["'self'"]);
  });

  it('with a Maps key adds the hosts of Google\u2019s list of Maps domains that the trailhead map uses', () => {
    const csp = contentSecurityPolicy(WITH_MAPS);
    expect(directiveSources(csp, 'script-src')).toEqual(
      expect.arrayContaining(['https://apis.google.com', 'https://maps.googleapis.com', 'https://maps.gstatic.com']),
    );
    expect(directiveSources(csp, 'img-src')).toEqual(
      expect.arrayContaining([
        'https://maps.googleapis.com',
        'https://maps.gstatic.com',
        'https://khms0.googleapis.com',
        'https://khms3.googleapis.com',
        'https://streetviewpixels-pa.googleapis.com',
        'data:',
      ]),
    );
    expect(directiveSources(csp, 'connect-src')).toEqual(
      expect.arrayContaining(['https://maps.googleapis.com', 'https://identitytoolkit.googleapis.com']),
    );
    expect(directiveSources(csp, 'font-src')).toEqual(["'self'", 'https://fonts.gstatic.com']);
    expect(directiveSources(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com']);
    expect(directiveSources(csp, 'worker-src')).toContain('blob:');
  });

  it('never lets a script or a frame come from a Google host that serves anyone\u2019s files', () => {
    const csp = contentSecurityPolicy(WITH_MAPS);
    for (const directive of ['script-src', 'frame-src', 'connect-src']) {
      const sources = directiveSources(csp, directive).join(' ');
      expect(sources, directive).not.toMatch(/storage\.googleapis\.com|googleusercontent\.com|ggpht\.com|sites\.google\.com/);
    }
    expect(directiveSources(csp, 'frame-src')).toEqual([
      'https://kamas-backcountry.firebaseapp.com',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
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
