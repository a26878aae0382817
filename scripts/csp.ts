/**
 * The Content-Security-Policy, built from the site's settings so its API and auth hosts are always
 * the ones the build talks to. The build writes it to dist/_headers (scripts/site-build.ts).
 * Third-party hosts are the ones each provider documents: Google's Maps JavaScript API guide,
 * Firebase Auth (Google's APIs and the project's auth domain), Stripe.js.
 */
import { createHash } from 'node:crypto';
import { usesAuthEmulator, type SiteSettings } from './site-settings.ts';

/** The only inline scripts pages may carry: the two Astro writes for React islands. The build names any other. */
export const INLINE_SCRIPT_HASHES = [
  "'sha256-QzWFZi+FLIx23tnm9SBU4aEgx4x8DsuASP07mfqol/c='",
  "'sha256-Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U='",
] as const;

/** Google's documented hosts for the Maps JavaScript API (and Google sign-in's scripts). */
const GOOGLE = {
  script: [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.ggpht.com',
    'https://*.googleusercontent.com',
  ],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.googleusercontent.com'],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  frame: ['https://*.google.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
};

const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** The daily forecast images of the resources page. */
const FORECAST_IMAGES = ['https://forecast.weather.gov', 'https://utahavalanchecenter.org'];

export function contentSecurityPolicy(settings: SiteSettings): string {
  const api = new URL(settings.PUBLIC_API_URL);
  const authOrigins = [`https://${settings.PUBLIC_FIREBASE_AUTH_DOMAIN}`];
  const emulator = usesAuthEmulator(settings) ? [new URL(settings.PUBLIC_FIREBASE_AUTH_EMULATOR_URL).origin] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...INLINE_SCRIPT_HASHES, ...STRIPE.script, ...GOOGLE.script],
    ['style-src', "'self'", "'unsafe-inline'", ...GOOGLE.style],
    ['img-src', "'self'", 'data:', 'blob:', ...GOOGLE.img, ...STRIPE.img, ...FORECAST_IMAGES],
    ['font-src', "'self'", ...GOOGLE.font],
    ['connect-src', "'self'", api.origin, ...emulator, ...GOOGLE.connect, ...STRIPE.connect, 'data:', 'blob:'],
    ['frame-src', ...authOrigins, ...GOOGLE.frame, ...STRIPE.frame],
    ['media-src', "'self'"],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  // A local build talks to its API over http; a deployed one upgrades anything left on http.
  if (api.protocol === 'https:') directives.push(['upgrade-insecure-requests']);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

export function directiveSources(csp: string, directive: string): string[] {
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name === directive) return sources;
  }
  return [];
}

/** sha256 sources of the inline `<script>` elements of a page, as CSP writes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}
