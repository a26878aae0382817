/**
 * Who is signed in: loading, signed out or signed in, plus the database user, and the ID token for
 * API calls. Firebase is imported only when `startAuth`, a token or an action (./auth-actions.ts)
 * needs it. Each value has one writer here; the status is derived, never set:
 *   - `$authStatus`: loading until Firebase reports the first state and while an action runs.
 *   - `$confirmingKnownUser`: a remembered user while Firebase has not reported the first state.
 *   - the signed-in user (and the remembered one, ./known-user.ts): `setUser`, fed by Firebase's
 *     state listener and the actions.
 *   - `$dbUser`: `storeDbUser`, which drops an answer for anyone but the current user.
 *   - `$authError`: the actions' failures, `clearAuthError`.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { User } from 'firebase/auth';
import { apiFetch, NO_USER_MESSAGE, userPath } from '../lib/api/http.ts';
import type { DatabaseUser } from '../../shared/contract/answers.ts';
import { authErrorField, errorCode, SIGN_OUT_CODES, type AuthField } from '../lib/auth-errors.ts';
import { authUserPayload, freshToken, loadApiClient, loadFirebase, signInFailureText } from '../lib/firebase-loader.ts';
import { $knownUser, readRoles, rememberUser } from './known-user.ts';

export { $knownUser, type KnownUser } from './known-user.ts';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/** A failed action as the forms show it: the message, and the sign-in field it is about. */
export interface AuthFailure {
  message: string;
  field: AuthField | null;
}

type FirebaseState = 'idle' | 'loading' | 'ready' | 'failed';

const firebaseState = atom<FirebaseState>('idle');
const actionsRunning = atom(0);
const currentUser = atom<User | null>(null);
const databaseUser = atom<DatabaseUser | null>(null);
const failure = atom<AuthFailure | null>(null);

export const $authUser: ReadableAtom<User | null> = currentUser;
export const $dbUser: ReadableAtom<DatabaseUser | null> = databaseUser;
export const $authError: ReadableAtom<AuthFailure | null> = failure;
export const $authStatus: ReadableAtom<AuthStatus> = computed(
  [firebaseState, actionsRunning, currentUser],
  (state, running, user): AuthStatus => {
    if (running > 0 || state === 'idle' || state === 'loading') return 'loading';
    return user ? 'signed-in' : 'signed-out';
  },
);

/**
 * A visitor remembered as signed in on this browser whose session Firebase has not confirmed yet:
 * pages can show a short check instead of a sign-in form they will most likely not need. Ends when
 * Firebase reports (signed in, or signed out after all) or cannot load.
 */
export const $confirmingKnownUser: ReadableAtom<boolean> = computed(
  [firebaseState, $knownUser],
  (state, known) => known !== null && (state === 'idle' || state === 'loading'),
);

/** The signed-in user changed (signed in, out, or read again after a change at the identity service). */
export function setUser(user: User | null): void {
  currentUser.set(user);
  rememberUser(user);
  if (databaseUser.get()?.uid !== user?.uid) storeDbUser(null);
  if (user) void readRoles(user, () => currentUser.get() === user);
}

/** Keeps the database user (an API call's answer: a saved survey, waiver or profile), unless it belongs to someone other than the user signed in now. */
export function storeDbUser(dbUser: DatabaseUser | null): void {
  if (dbUser && dbUser.uid !== currentUser.get()?.uid) return;
  databaseUser.set(dbUser);
}

export function clearAuthError(): void {
  failure.set(null);
}

let starting: Promise<void> | null = null;

/** Loads Firebase and waits for its first report of who is signed in; a failure is thrown, and retried on the next call. */
export function ensureStarted(): Promise<void> {
  starting ??= (async () => {
    firebaseState.set('loading');
    try {
      const [{ onAuthStateChanged }, { firebaseAuth }] = await loadFirebase();
      await new Promise<void>((resolve) => {
        onAuthStateChanged(firebaseAuth(), (user) => {
          onFirebaseUser(user);
          resolve();
        });
      });
      firebaseState.set('ready');
    } catch (error) {
      starting = null;
      firebaseState.set('failed');
      failure.set({ message: signInFailureText(error), field: null });
      throw error;
    }
  })();
  return starting;
}

/** Subscribes to Firebase's auth state once; safe to call from every island. A failure shows in `$authError`. */
export function startAuth(): Promise<void> {
  return ensureStarted().catch(() => undefined);
}

function onFirebaseUser(user: User | null): void {
  setUser(user);
  if (user && databaseUser.get()?.uid !== user.uid) {
    loadDbUser(user).catch((error: unknown) => {
      console.error('Could not load the database user', error);
      if (SIGN_OUT_CODES.has(errorCode(error))) void dropSession();
    });
  }
}

/** The signed-in user's ID token for an API call; waits for Firebase's first report when needed. */
export async function idToken(): Promise<string> {
  await ensureStarted();
  const user = currentUser.get();
  if (!user) throw new Error(NO_USER_MESSAGE);
  return freshToken(user);
}

let loadingDbUser: { uid: string; promise: Promise<DatabaseUser> } | null = null;

/**
 * Creates the database user on first sign-in, or returns the stored one; one request at a time per
 * user. The request goes out at once; the API client that reads its answer loads meanwhile.
 */
function loadDbUser(user: User): Promise<DatabaseUser> {
  if (loadingDbUser?.uid === user.uid) return loadingDbUser.promise;
  const promise = (async () => {
    const answer = freshToken(user).then((token) =>
      apiFetch<unknown>(userPath(user.uid), { method: 'POST', body: authUserPayload(user), token }),
    );
    const [{ readDatabaseUser }, body] = await Promise.all([loadApiClient(), answer]);
    const dbUser = readDatabaseUser(body);
    storeDbUser(dbUser);
    return dbUser;
  })();
  loadingDbUser = { uid: user.uid, promise };
  promise
    .finally(() => {
      if (loadingDbUser?.promise === promise) loadingDbUser = null;
    })
    .catch(() => undefined);
  return promise;
}

/** A user has just signed in or up: they are the signed-in user, and their database user is loaded (or created). */
export async function settle(user: User): Promise<DatabaseUser> {
  setUser(user);
  return loadDbUser(user);
}

/**
 * Runs a sign-in action with the status at loading, once Firebase has started; a failure is shown
 * through `$authError` (its words from `describe`) and rethrown with its message, and a session
 * the identity service no longer trusts is ended.
 */
export async function runAuthAction<T>(work: () => Promise<T>, describe: (error: unknown) => string): Promise<T> {
  actionsRunning.set(actionsRunning.get() + 1);
  failure.set(null);
  try {
    await ensureStarted();
    return await work();
  } catch (error) {
    const message = signInFailureText(error, describe);
    failure.set({ message, field: authErrorField(error) });
    if (SIGN_OUT_CODES.has(errorCode(error))) await dropSession();
    throw new Error(message, { cause: error });
  } finally {
    actionsRunning.set(actionsRunning.get() - 1);
  }
}

/** Ends a session that can no longer be trusted (a disabled account, an expired token), whatever Firebase answers. */
export async function dropSession(): Promise<void> {
  try {
    const [{ signOut }, { firebaseAuth }] = await loadFirebase();
    await signOut(firebaseAuth());
  } catch (error) {
    console.error('Could not sign out of Firebase', error);
  }
  setUser(null);
}
