/**
 * The site's public settings (`PUBLIC_*`, read at build time and shipped to every browser), their
 * local defaults, and what a production build refuses: a local or demo default still in place, or
 * a secret where only a public key belongs.
 */

/** The defaults that make the local stack work offline: the local API and the Auth emulator's demo project. */
export const SITE_DEFAULTS = {
  PUBLIC_SITE_URL: 'http://127.0.0.1:4321',
  PUBLIC_API_URL: 'http://127.0.0.1:8787',
  PUBLIC_FIREBASE_API_KEY: 'demo-api-key',
  PUBLIC_FIREBASE_AUTH_DOMAIN: 'demo-kamas.firebaseapp.com',
  PUBLIC_FIREBASE_PROJECT_ID: 'demo-kamas',
  PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
} as const;

export interface SiteSettings {
  /** The site's own origin, for absolute links it hands out (invite links, calendar files). */
  PUBLIC_SITE_URL: string;
  PUBLIC_API_URL: string;
  PUBLIC_FIREBASE_API_KEY: string;
  PUBLIC_FIREBASE_AUTH_DOMAIN: string;
  PUBLIC_FIREBASE_PROJECT_ID: string;
  PUBLIC_FIREBASE_AUTH_EMULATOR_URL: string;
  PUBLIC_STRIPE_PUBLISHABLE_KEY?: string | undefined;
  PUBLIC_GOOGLE_MAPS_API_KEY?: string | undefined;
}

/**
 * The site's own origin: set, else the address Netlify gives the deploy (the site's URL in
 * production, the deploy's own elsewhere), else the local site on SITE_PORT.
 */
function siteUrl(source: Record<string, string | undefined>): string {
  const netlify = source['CONTEXT'] === 'production' ? source['URL'] : source['DEPLOY_PRIME_URL'];
  const local = source['SITE_PORT']?.trim() ? `http://127.0.0.1:${source['SITE_PORT'].trim()}` : SITE_DEFAULTS.PUBLIC_SITE_URL;
  return (source['PUBLIC_SITE_URL']?.trim() || netlify?.trim() || local).replace(/\/+$/, '');
}

export function readSiteSettings(source: Record<string, string | undefined>): SiteSettings {
  const pick = (name: Exclude<keyof typeof SITE_DEFAULTS, 'PUBLIC_SITE_URL'>) => source[name]?.trim() || SITE_DEFAULTS[name];
  return {
    PUBLIC_SITE_URL: siteUrl(source),
    PUBLIC_API_URL: pick('PUBLIC_API_URL'),
    PUBLIC_FIREBASE_API_KEY: pick('PUBLIC_FIREBASE_API_KEY'),
    PUBLIC_FIREBASE_AUTH_DOMAIN: pick('PUBLIC_FIREBASE_AUTH_DOMAIN'),
    PUBLIC_FIREBASE_PROJECT_ID: pick('PUBLIC_FIREBASE_PROJECT_ID'),
    PUBLIC_FIREBASE_AUTH_EMULATOR_URL: pick('PUBLIC_FIREBASE_AUTH_EMULATOR_URL'),
    PUBLIC_STRIPE_PUBLISHABLE_KEY: source['PUBLIC_STRIPE_PUBLISHABLE_KEY']?.trim() || undefined,
    PUBLIC_GOOGLE_MAPS_API_KEY: source['PUBLIC_GOOGLE_MAPS_API_KEY']?.trim() || undefined,
  };
}

/** A `demo-` Firebase project always talks to the local Auth emulator. */
export function usesAuthEmulator(settings: Pick<SiteSettings, 'PUBLIC_FIREBASE_PROJECT_ID'>): boolean {
  return settings.PUBLIC_FIREBASE_PROJECT_ID.startsWith('demo-');
}

function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}

function isPublicHttps(address: string): boolean {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && !isLocalHost(url.hostname);
  } catch {
    return false;
  }
}

/** Settings no build may ship, whatever its context: secrets in public variables. */
export function secretProblems(settings: SiteSettings): string[] {
  const stripe = settings.PUBLIC_STRIPE_PUBLISHABLE_KEY ?? '';
  return /^(sk|rk)_/.test(stripe)
    ? ['PUBLIC_STRIPE_PUBLISHABLE_KEY holds a Stripe secret key, which would reach every browser: use the publishable key (pk_...)']
    : [];
}

/** Why a production build (Netlify's production context) must not ship these settings; empty when it may. */
export function productionProblems(settings: SiteSettings): string[] {
  const problems = secretProblems(settings);
  let api: URL | null = null;
  try {
    api = new URL(settings.PUBLIC_API_URL);
  } catch {
    // Reported below.
  }
  if (!api || api.protocol !== 'https:' || isLocalHost(api.hostname)) {
    problems.push(`PUBLIC_API_URL is ${settings.PUBLIC_API_URL}: set it to the booking API's public https address`);
  }
  if (!isPublicHttps(settings.PUBLIC_SITE_URL)) {
    problems.push(`PUBLIC_SITE_URL is ${settings.PUBLIC_SITE_URL}: set it to the site's public https address`);
  }
  if (usesAuthEmulator(settings)) {
    problems.push(
      `PUBLIC_FIREBASE_PROJECT_ID is ${settings.PUBLIC_FIREBASE_PROJECT_ID}, a demo project that only the local Auth emulator knows: set the Firebase project id`,
    );
  }
  if (/^demo/i.test(settings.PUBLIC_FIREBASE_API_KEY)) {
    problems.push(`PUBLIC_FIREBASE_API_KEY is the local default ${settings.PUBLIC_FIREBASE_API_KEY}: set the Firebase web API key`);
  }
  const authHost = settings.PUBLIC_FIREBASE_AUTH_DOMAIN.split(':')[0] ?? '';
  if (/^demo-/i.test(authHost) || isLocalHost(authHost)) {
    problems.push(`PUBLIC_FIREBASE_AUTH_DOMAIN is ${settings.PUBLIC_FIREBASE_AUTH_DOMAIN}: set the Firebase auth domain of the project`);
  }
  return problems;
}
