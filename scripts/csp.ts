/**
 * The Content-Security-Policy, built from the site's settings so its API and auth hosts are always
 * the ones the build talks to. The build writes it to dist/_headers (scripts/site-build.ts).
 * Third-party hosts are the ones each provider documents, each named exactly: Firebase Auth (its
 * REST hosts, Google sign-in's script and the project's auth domain) in every build, the Maps
 * JavaScript API only in a build with a Maps key, and Stripe.js.
 */
import { createHash } from 'node:crypto';
import { usesAuthEmulator, type SiteSettings } from './site-settings.ts';

/** The only inline scripts pages may carry: the two Astro writes for React islands. The build names any other. */
export const INLINE_SCRIPT_HASHES = [
  "'sha256-QzWFZi+FLIx23tnm9SBU4aEgx4x8DsuASP07mfqol/c='",
  "'sha256-Ya0pUYrC7nM5Cn/056TyVuEiz6dFGrzmkWzgON0pF0U='",
] as const;

interface Sources {
  script?: string[];
  style?: string[];
  img?: string[];
  font?: string[];
  connect?: string[];
  frame?: string[];
}

/** `https://prefix0.domain` to `https://prefix{count-1}.domain`: the numbered hosts Google spreads tiles over. */
const numbered = (prefix: string, count: number, domain: string) =>
  Array.from({ length: count }, (_, index) => `https://${prefix}${index}.${domain}`);

/**
 * Firebase Auth, in every build: its REST hosts, and Google's script behind the Google sign-in
 * popup (the popup's frame is the project's auth domain).
 */
const FIREBASE_AUTH: Sources = {
  script: ['https://apis.google.com'],
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
};

/**
 * The Maps JavaScript API, only in builds with a Maps key: the hosts of Google's list of Maps
 * domains (developers.google.com/maps/domains) that the trailhead map uses, each by name. Scripts
 * come from Google's own Maps hosts only; hosts that also serve anyone's files (googleusercontent,
 * ggpht: Street View's photos) may send images, never scripts.
 */
const GOOGLE_MAPS: Sources = {
  script: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
  img: [
    // The API, its map and traffic tiles, its static images and performance pings.
    'https://maps.googleapis.com',
    'https://mapsresources-pa.googleapis.com',
    'https://maps.gstatic.com',
    'https://csi.gstatic.com',
    // Satellite tiles.
    ...numbered('khms', 4, 'googleapis.com'),
    // Street View.
    'https://streetviewpixels-pa.googleapis.com',
    ...numbered('cbks', 4, 'googleapis.com'),
    ...numbered('geo', 4, 'ggpht.com'),
    ...[3, 4, 5, 6].flatMap((n) => [`https://lh${n}.ggpht.com`, `https://lh${n}.googleusercontent.com`]),
  ],
  connect: [
    'https://maps.googleapis.com',
    'https://mapsresources-pa.googleapis.com',
    'https://maps.gstatic.com',
    'https://csi.gstatic.com',
  ],
};

const STRIPE: Sources = {
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
  const providers = [FIREBASE_AUTH, ...(settings.PUBLIC_GOOGLE_MAPS_API_KEY ? [GOOGLE_MAPS] : []), STRIPE];
  const from = (kind: keyof Sources) => [...new Set(providers.flatMap((provider) => provider[kind] ?? []))];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // 'wasm-unsafe-eval' lets the console's QR reader (zxing-wasm, where the browser has no
    // BarcodeDetector) compile its WebAssembly; it allows no eval of JavaScript.
    ['script-src', "'self'", "'wasm-unsafe-eval'", ...INLINE_SCRIPT_HASHES, ...from('script')],
    ['style-src', "'self'", "'unsafe-inline'", ...from('style')],
    ['img-src', "'self'", 'data:', 'blob:', ...from('img'), ...FORECAST_IMAGES],
    ['font-src', "'self'", ...from('font')],
    ['connect-src', "'self'", api.origin, ...emulator, ...from('connect'), 'data:', 'blob:'],
    ['frame-src', ...authOrigins, ...from('frame')],
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
