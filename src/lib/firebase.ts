/**
 * Firebase Auth for the islands, created on first use so that pages which never need it never
 * download it. A `demo-` project id always talks to the local Auth emulator.
 *
 * Auth is set up as Firebase's default set-up does it (the same places a session is kept, and the
 * pop-up machinery), from the few functions the site calls rather than the whole SDK.
 */
import { initializeApp, getApps } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import {
  PUBLIC_FIREBASE_API_KEY,
  PUBLIC_FIREBASE_AUTH_DOMAIN,
  PUBLIC_FIREBASE_AUTH_EMULATOR_URL,
  PUBLIC_FIREBASE_PROJECT_ID,
} from 'astro:env/client';

/**
 * Where a session is kept, first choice first: IndexedDB, else localStorage, else sessionStorage.
 * These are Firebase's own default places in its own order, so a session begun on one page, or
 * before this set-up, is found again on the next.
 */
const SESSION_STORES = [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence];

let auth: Auth | null = null;

/** The Auth emulator has no password policy endpoint; only a real project can set rules. */
export const serverPasswordRules = !usesEmulator(PUBLIC_FIREBASE_PROJECT_ID);

export function usesEmulator(projectId: string): boolean {
  return projectId.startsWith('demo-');
}

export function firebaseAuth(): Auth {
  if (auth) return auth;
  const app =
    getApps()[0] ??
    initializeApp({ apiKey: PUBLIC_FIREBASE_API_KEY, authDomain: PUBLIC_FIREBASE_AUTH_DOMAIN, projectId: PUBLIC_FIREBASE_PROJECT_ID });
  // The pop-up machinery is set up with Auth, as Firebase's default set-up does, so that Google's
  // sign-in window opens within the visitor's click (Safari blocks a window opened later).
  auth = initializeAuth(app, { persistence: SESSION_STORES, popupRedirectResolver: browserPopupRedirectResolver });
  if (usesEmulator(PUBLIC_FIREBASE_PROJECT_ID) && PUBLIC_FIREBASE_AUTH_EMULATOR_URL) {
    connectAuthEmulator(auth, PUBLIC_FIREBASE_AUTH_EMULATOR_URL, { disableWarnings: true });
  }
  return auth;
}
