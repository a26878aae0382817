/**
 * The last signed-in user, remembered in localStorage so the account menu can show it on any page
 * before Firebase (or the auth store) loads. The auth store tells it who signed in and their role.
 */
import type { ReadableAtom } from 'nanostores';
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
  known.set(user ? remembered(user.uid, user.email, before?.uid === user.uid ? before : {}) : null);
}

/** The staff roles the signed-in user's token carries. */
export function rememberRoles(uid: string, email: string | null, roles: KnownRoles): void {
  const before = known.get();
  if (before?.uid !== uid) return;
  const now = remembered(uid, email, roles);
  if (before.guide !== now.guide || before.operator !== now.operator) known.set(now);
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
