/**
 * The last signed-in user, remembered in localStorage so the account menu can show it on any page
 * before Firebase (or the auth store) loads. The auth store tells it who signed in; it reads their roles from
 * their token, and when the account changes it removes what the last one kept on the device for offline use.
 */
import type { ReadableAtom } from 'nanostores';
import type { User } from 'firebase/auth';
import { persistentJSON } from '@nanostores/persistent';
import { neverSignedIn, type StoredUser } from '../lib/sign-in-trace.ts';

/** The localStorage key of the remembered user. */
export const KNOWN_USER_KEY = 'auth:known-user';

export interface KnownUser {
  uid: string;
  email: string | null;
  /** Holds the guide role (the `guide` claim of the ID token): the menu then links to the roster. */
  guide?: boolean;
  /** Holds the operator role (the `operator` claim): the menu then links to the operators' console. */
  operator?: boolean;
}

/** The staff roles an ID token may carry, as the menu shows them. */
export type KnownRoles = Pick<KnownUser, 'guide' | 'operator'>;

const known = persistentJSON<KnownUser | null>(KNOWN_USER_KEY, null);
export const $knownUser: ReadableAtom<KnownUser | null> = known;

const remembered = (uid: string, email: string | null, roles: KnownRoles): KnownUser => ({
  uid,
  email,
  ...(roles.guide ? { guide: true } : {}),
  ...(roles.operator ? { operator: true } : {}),
});

/** Who is signed in now (null: nobody); the roles are kept for the same user until their token says otherwise. */
export function rememberUser(user: { uid: string; email: string | null } | null): void {
  const before = known.get();
  // What the account signed in here kept for offline use leaves the device with it (loaded only then);
  // check-ins it recorded and never sent stay, apart, as the company's record.
  if (before && before.uid !== user?.uid)
    void import('../lib/device-data.ts').then((device) => device.forgetDeviceData({ keepUnsent: true })).catch(() => undefined);
  known.set(user ? remembered(user.uid, user.email, before?.uid === user.uid ? before : {}) : null);
}

/** The staff roles the signed-in user's token carries. */
export function rememberRoles(uid: string, email: string | null, roles: KnownRoles): void {
  const before = known.get();
  if (before?.uid !== uid) return;
  const now = remembered(uid, email, roles);
  if (before.guide !== now.guide || before.operator !== now.operator) known.set(now);
}

/**
 * Reads the staff roles from the user's ID token claims, so the account menu links guides to the
 * roster and operators to the console; `isCurrent` says whether the user is still the one signed in
 * when the claims arrive. Only a hint for the menu: those APIs ask the identity service itself on every call.
 */
export async function readRoles(user: User, isCurrent: () => boolean): Promise<void> {
  try {
    const { claims } = await user.getIdTokenResult();
    if (isCurrent()) rememberRoles(user.uid, user.email, { guide: claims['guide'] === true, operator: claims['operator'] === true });
  } catch (error) {
    console.warn('Could not read the account role', error);
  }
}

const PROBE_KEY = 'auth:storage-probe';

/**
 * True when this browser has never signed in here (or signed out last): account pages then send the
 * visitor on at once, without loading Firebase. False whenever storage cannot tell.
 */
export function neverSignedInHere(): boolean {
  let stored: StoredUser;
  let writable = false;
  try {
    stored = window.localStorage.getItem(KNOWN_USER_KEY);
    window.localStorage.setItem(PROBE_KEY, '1');
    window.localStorage.removeItem(PROBE_KEY);
    writable = true;
  } catch {
    stored = { unreadable: true };
  }
  return neverSignedIn(stored, writable);
}
