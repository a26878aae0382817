/**
 * A very short-lived cache for public answers that every visitor asks for. It only saves work:
 * entries live a second or two and are dropped whenever this instance changes a booking.
 */
export interface PublicCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function publicCache(ttlMs: number, now: () => number = Date.now): PublicCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { expires: now() + ttlMs, value });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}
