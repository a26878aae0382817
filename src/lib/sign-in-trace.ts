/**
 * Whether a browser has never signed in here, read before any sign-in code loads: the auth store
 * remembers the last signed-in user in localStorage (stores/known-user.ts) and forgets it at
 * sign-out. Only a storage that can be read and written, and holds no user, proves it; anything
 * else (storage off, a value that cannot be read) leaves the question to Firebase.
 */

/** What storage showed: the stored value (null when there is none), or that it could not be read. */
export type StoredUser = string | null | { unreadable: true };

export function neverSignedIn(stored: StoredUser, writable: boolean): boolean {
  if (!writable || (stored !== null && typeof stored === 'object')) return false;
  if (stored === null) return true;
  try {
    const user: unknown = JSON.parse(stored);
    return user === null;
  } catch {
    return false;
  }
}
