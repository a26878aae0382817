/**
 * The Mozilla HTTP Observatory's published scoring rules for the tests that depend on response
 * headers and redirects (CSP, HSTS, Referrer-Policy, X-Content-Type-Options, X-Frame-Options,
 * Cross-Origin-Resource-Policy, redirection), so the site's headers can be graded before a deploy.
 * A site starts at 100; penalties apply, and bonuses only count once the score is at least 90.
 * Cookies, CORS and subresource integrity score 0 for this site (no cookies, no CORS headers on
 * pages, scripts from its own origin) and are left out.
 */

export interface Modifier {
  test: string;
  result: string;
  points: number;
}

export interface Grade {
  score: number;
  grade: string;
  modifiers: Modifier[];
}

const DANGEROUSLY_BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const NONCE_OR_HASH = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];

function parseCsp(policy: string): Map<string, Set<string>> {
  const directives = new Map<string, Set<string>>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (!name) continue;
    const key = name.toLowerCase();
    // The first occurrence of a directive wins, as in browsers.
    if (!directives.has(key))
      directives.set(key, new Set(sources.map((source) => (source.startsWith("'") ? source : source.toLowerCase()))));
  }
  return directives;
}

export function scoreCsp(policy: string | undefined): Modifier {
  const test = 'content-security-policy';
  if (!policy?.trim()) return { test, result: 'csp-not-implemented', points: -25 };
  const csp = parseCsp(policy);
  const fallback = (name: string) => new Set(csp.get(name) ?? csp.get('default-src') ?? ['*']);
  const script = fallback('script-src');
  const style = fallback('style-src');
  const object = fallback('object-src');
  for (const sources of [script, style]) {
    if ([...sources].some((source) => NONCE_OR_HASH.some((prefix) => source.startsWith(prefix)))) sources.delete("'unsafe-inline'");
  }
  if (script.has("'strict-dynamic'") && ![...script].some((source) => NONCE_OR_HASH.some((prefix) => source.startsWith(prefix)))) {
    return { test, result: 'csp-header-invalid', points: -25 };
  }
  const passive = ['img-src', 'media-src'].flatMap((name) => [...(csp.get(name) ?? csp.get('default-src') ?? [])]);
  const active = [
    ...[...csp.entries()].filter(([name]) => !['img-src', 'media-src', 'script-src'].includes(name)).flatMap(([, sources]) => [...sources]),
    ...script,
  ];
  const insecure = (source: string) => source.startsWith('http:') || source.startsWith('ftp:');

  if (
    [...script].some((source) => DANGEROUSLY_BROAD.has(source) || UNSAFE_INLINE.has(source)) ||
    [...object].some((s) => DANGEROUSLY_BROAD.has(s))
  ) {
    return { test, result: 'csp-implemented-with-unsafe-inline', points: -20 };
  }
  if (active.some(insecure)) return { test, result: 'csp-implemented-with-insecure-scheme', points: -20 };
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) return { test, result: 'csp-implemented-with-unsafe-eval', points: -10 };
  if (passive.some(insecure)) return { test, result: 'csp-implemented-with-insecure-scheme-in-passive-content-only', points: -10 };
  if ([...style].some((source) => DANGEROUSLY_BROAD.has(source) || UNSAFE_INLINE.has(source))) {
    return { test, result: 'csp-implemented-with-unsafe-inline-in-style-src-only', points: 0 };
  }
  const defaultSrc = csp.get('default-src');
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1)
    return { test, result: 'csp-implemented-with-no-unsafe-default-src-none', points: 10 };
  return { test, result: 'csp-implemented-with-no-unsafe', points: 5 };
}

export function scoreHsts(value: string | undefined): Modifier {
  const test = 'strict-transport-security';
  if (!value) return { test, result: 'hsts-not-implemented', points: -20 };
  const maxAge = /max-age\s*=\s*"?(\d+)"?/i.exec(value);
  if (!maxAge?.[1]) return { test, result: 'hsts-header-invalid', points: -20 };
  return Number(maxAge[1]) >= 15_768_000
    ? { test, result: 'hsts-implemented-max-age-at-least-six-months', points: 0 }
    : { test, result: 'hsts-implemented-max-age-less-than-six-months', points: -10 };
}

const REFERRER_PRIVATE = new Set(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']);
const REFERRER_UNSAFE = new Set(['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade']);

export function scoreReferrerPolicy(value: string | undefined): Modifier {
  const test = 'referrer-policy';
  if (!value) return { test, result: 'referrer-policy-not-implemented', points: 0 };
  // Browsers use the last policy they understand.
  const known = value
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => REFERRER_PRIVATE.has(token) || REFERRER_UNSAFE.has(token));
  const policy = known.at(-1);
  if (!policy) return { test, result: 'referrer-policy-header-invalid', points: -5 };
  return REFERRER_PRIVATE.has(policy)
    ? { test, result: 'referrer-policy-private', points: 5 }
    : { test, result: 'referrer-policy-unsafe', points: -5 };
}

export function scoreContentTypeOptions(value: string | undefined): Modifier {
  const test = 'x-content-type-options';
  if (!value) return { test, result: 'x-content-type-options-not-implemented', points: -5 };
  return value.trim().toLowerCase() === 'nosniff'
    ? { test, result: 'x-content-type-options-nosniff', points: 0 }
    : { test, result: 'x-content-type-options-header-invalid', points: -5 };
}

export function scoreFrameOptions(value: string | undefined, csp: string | undefined): Modifier {
  const test = 'x-frame-options';
  const ancestors = csp ? parseCsp(csp).get('frame-ancestors') : undefined;
  if (ancestors && ![...ancestors].some((source) => DANGEROUSLY_BROAD.has(source))) {
    return { test, result: 'x-frame-options-implemented-via-csp', points: 5 };
  }
  if (!value) return { test, result: 'x-frame-options-not-implemented', points: -20 };
  const option = value.trim().toLowerCase();
  if (option === 'deny' || option === 'sameorigin') return { test, result: 'x-frame-options-sameorigin-or-deny', points: 0 };
  if (option.startsWith('allow-from')) return { test, result: 'x-frame-options-allow-from-origin', points: 0 };
  return { test, result: 'x-frame-options-header-invalid', points: -20 };
}

export function scoreResourcePolicy(value: string | undefined): Modifier {
  const test = 'cross-origin-resource-policy';
  if (!value) return { test, result: 'corp-not-implemented', points: 0 };
  const policy = value.trim().toLowerCase();
  if (policy === 'same-origin') return { test, result: 'corp-implemented-with-same-origin', points: 10 };
  if (policy === 'same-site') return { test, result: 'corp-implemented-with-same-site', points: 10 };
  if (policy === 'cross-origin') return { test, result: 'corp-implemented-with-cross-origin', points: 0 };
  return { test, result: 'corp-header-invalid', points: -5 };
}

/** Redirection of http://host/ : first to https on the same host (0), to another host (-5), or not at all (-20). */
export function scoreRedirection(host: string, redirects: readonly { from: string; to: string }[]): Modifier {
  const test = 'redirection';
  const rule = redirects.find((candidate) => candidate.from.replace(/\*$/, '') === `http://${host}/`);
  if (!rule) return { test, result: 'redirection-missing', points: -20 };
  const target = new URL(rule.to.replace(':splat', ''));
  if (target.protocol !== 'https:') return { test, result: 'redirection-not-to-https', points: -20 };
  return target.host === host
    ? { test, result: 'redirection-to-https', points: 0 }
    : { test, result: 'redirection-off-host-from-http', points: -5 };
}

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

export function grade(modifiers: Modifier[]): Grade {
  const penalties = modifiers.filter((modifier) => modifier.points < 0).reduce((sum, modifier) => sum + modifier.points, 100);
  const bonus = modifiers.filter((modifier) => modifier.points > 0).reduce((sum, modifier) => sum + modifier.points, 0);
  const score = Math.max(0, penalties >= 90 ? penalties + bonus : penalties);
  const letter = GRADES.find(([minimum]) => score >= minimum)?.[1] ?? 'F';
  return { score, grade: letter, modifiers };
}

/** Grades a page served over https at `host` with `headers` (names in any case), reached through `redirects`. */
export function gradeHeaders(host: string, headers: Record<string, string>, redirects: readonly { from: string; to: string }[]): Grade {
  const get = (name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const csp = get('content-security-policy');
  return grade([
    scoreCsp(csp),
    scoreHsts(get('strict-transport-security')),
    scoreReferrerPolicy(get('referrer-policy')),
    scoreContentTypeOptions(get('x-content-type-options')),
    scoreFrameOptions(get('x-frame-options'), csp),
    scoreResourcePolicy(get('cross-origin-resource-policy')),
    scoreRedirection(host, redirects),
  ]);
}
