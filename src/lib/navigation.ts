/**
 * "Goes back one page" after signing in and after signing the waiver, by one rule:
 * every page of this site remembers itself and the page read before it, so the page that goes back
 * knows the previous page however the visitor arrived (a link, a typed address, a bookmark), and
 * never sends anyone to another site.
 */

/** Where each page records itself; sessionStorage is this tab's history, localStorage any tab's. */
export const LAST_PAGE_KEY = 'site:last-page';
/** Where each page records the page read before it (when that was another page). */
export const PAGE_BEFORE_KEY = 'site:page-before';

/** What one storage remembers: the last page opened, and the page read before that one. */
export interface RememberedPages {
  last: string | null;
  before: string | null;
}

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

function pathnameOf(path: string): string | null {
  try {
    return new URL(path, 'http://site.invalid').pathname;
  } catch {
    return null;
  }
}

/** What a storage remembers once the page `here` (a path of this site) opens: a reload leaves the page before as it was. */
export function afterVisit(remembered: RememberedPages, here: string): { last: string; before: string | null } {
  const reload = remembered.last !== null && pathnameOf(remembered.last) === pathnameOf(here);
  return { last: here, before: reload ? remembered.before : remembered.last };
}

/**
 * The page to go back to from the page at `current` (a pathname): the first remembered page that is
 * a page of this site other than `current` and the sign-in page, else the referrer when it is one,
 * else `fallback`. `remembered` lists this tab's last page and page before, then any tab's.
 */
export function returnPath(options: {
  remembered: readonly (string | null)[];
  referrer: string;
  origin: string;
  current: string;
  fallback?: string;
}): string {
  for (const candidate of [...options.remembered, options.referrer]) {
    const path = sitePath(candidate, options.origin);
    if (path && pathnameOf(path) !== options.current) return path;
  }
  return options.fallback ?? '/';
}
