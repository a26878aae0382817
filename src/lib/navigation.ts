/**
 * "Goes back one page" after signing in (spec section 2): every page of this site remembers itself,
 * so the sign-in page knows the previous page however the visitor arrived (a link, a typed address,
 * a bookmark), and never sends anyone to another site.
 */

/** Where each page records itself; sessionStorage is this tab's history, localStorage any tab's. */
export const LAST_PAGE_KEY = 'site:last-page';

/** Pages never returned to: going back to them would show the sign-in form again. */
const NOT_RETURNED_TO = new Set(['/sign-in']);

/** How many rounds of percent-decoding a path is read through before it counts as a trick. */
const DECODING_ROUNDS = 3;

const hasControlCharacter = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * Whether `path` can be handed to the browser as an address and stay on `origin`: it starts with one
 * slash, and neither it nor any decoding of it starts with `//` or `/\` (which browsers, and some
 * servers' redirects, read as another host) or holds a control character (which browsers drop).
 */
export function staysOnSite(path: string, origin: string): boolean {
  let current = path;
  for (let round = 0; round < DECODING_ROUNDS; round += 1) {
    if (!current.startsWith('/') || /^\/[/\\]/.test(current) || hasControlCharacter(current)) return false;
    try {
      if (new URL(current, origin).origin !== origin) return false;
      const decoded = decodeURIComponent(current);
      if (decoded === current) return true;
      current = decoded;
    } catch {
      return false;
    }
  }
  return false;
}

/** The path (with query and hash) of `candidate` when it is a page of this site worth returning to, else null. */
export function sitePath(candidate: string | null | undefined, origin: string): string | null {
  if (!candidate) return null;
  try {
    const url = new URL(candidate, origin);
    if (url.origin !== origin || NOT_RETURNED_TO.has(url.pathname)) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return staysOnSite(path, origin) ? path : null;
  } catch {
    return null;
  }
}

/** The page to return to: the last page this site remembered, else the referrer when it is ours, else home. */
export function returnPath(options: { remembered: readonly (string | null)[]; referrer: string; origin: string }): string {
  for (const candidate of [...options.remembered, options.referrer]) {
    const path = sitePath(candidate, options.origin);
    if (path) return path;
  }
  return '/';
}

/**
 * The page of this site the visitor came to `current` from (its referrer), when there is one worth
 * going back to: not `current` itself, and not the sign-in page. Null otherwise.
 */
export function pageBefore(referrer: string, origin: string, current: string): string | null {
  const path = sitePath(referrer, origin);
  if (!path || new URL(path, origin).pathname === current) return null;
  return path;
}
