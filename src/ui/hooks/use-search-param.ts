/** A value of the page's address (`?name=...`), trimmed, once the island runs; null before that and when absent or empty. */
import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

export function useSearchParam(name: string): string | null {
  return useSyncExternalStore(
    noChanges,
    () => new URLSearchParams(window.location.search).get(name)?.trim() || null,
    () => null,
  );
}

/** A value of the page's fragment (`#name=...`), which no request carries: trimmed, once the island runs; null before that and when absent or empty. */
export function useHashParam(name: string): string | null {
  return useSyncExternalStore(
    noChanges,
    () => new URLSearchParams(window.location.hash.slice(1)).get(name)?.trim() || null,
    () => null,
  );
}
