/**
 * "Back one page" in the browser: each page records itself (scripts/navigation.ts calls
 * `rememberThisPage` on every page), and the sign-in page and the waiver go back by the rule of
 * lib/navigation.ts. Storage may be off (private mode, blocked cookies): the referrer is used then.
 */
import { afterVisit, LAST_PAGE_KEY, PAGE_BEFORE_KEY, returnPath, sitePath } from '../lib/navigation.ts';

/** This tab's history first, then any tab's. */
const STORAGES = [() => window.sessionStorage, () => window.localStorage];

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/** Records this page as the last one read, and the page read before it. The sign-in page records nothing. */
export function rememberThisPage(): void {
  const here = sitePath(`${location.pathname}${location.search}`, location.origin);
  if (!here) return;
  for (const storage of STORAGES) {
    try {
      const next = afterVisit({ last: read(storage, LAST_PAGE_KEY), before: read(storage, PAGE_BEFORE_KEY) }, here);
      storage().setItem(LAST_PAGE_KEY, next.last);
      if (next.before) storage().setItem(PAGE_BEFORE_KEY, next.before);
      else storage().removeItem(PAGE_BEFORE_KEY);
    } catch {
      // Storage is off: going back falls back to the referrer.
    }
  }
}

/**
 * Goes back to the page read before this one, replacing this entry so Back does not return to a
 * form already sent; `fallback` when there is none.
 */
export function goBackOnePage(fallback = '/'): void {
  const target = returnPath({
    remembered: STORAGES.flatMap((storage) => [read(storage, LAST_PAGE_KEY), read(storage, PAGE_BEFORE_KEY)]),
    referrer: document.referrer,
    origin: location.origin,
    current: location.pathname,
    fallback,
  });
  location.replace(target);
}
