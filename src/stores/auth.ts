/**
 * Auth state (spec sections 4, 8, 9): loading, signed out or signed in, plus the database user.
 *
 * Firebase is imported only when an action or `startAuth` needs it, and a failed import is retried
 * on the next one. Each value below has one writer: the status is derived, never set.
 *   - `$authStatus`: loading until Firebase reports the first state and while an action runs.
 *   - `$confirmingKnownUser`: a remembered user while Firebase has not reported the first state.
 *   - the signed-in user and `$knownUser` (the last signed-in e-mail, kept in localStorage so menus
 *     can show it before Firebase loads): `setUser`, fed by Firebase's state listener and the actions.
 *   - `$dbUser`: `setDbUser`, which drops an answer for anyone but the current user.
 *   - `$authError`: `setFailure`.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { User } from 'firebase/auth';
import type { DatabaseUser } from '../lib/api/types.ts';
import { createDatabaseUser } from '../lib/api/client.ts';
import { NO_USER_MESSAGE } from '../lib/api/http.ts';
import {
  authErrorField,
  authErrorMessage,
  errorCode,
  GOOGLE_FAILED_MESSAGE,
  LOGOUT_FAILED_MESSAGE,
  SIGN_IN_UNAVAILABLE_MESSAGE,
  SIGN_OUT_CODES,
  type AuthField,
} from '../lib/auth-errors.ts';
import { tokenNeedsRefresh } from '../lib/id-token.ts';
import { DEFAULT_POLICY, policyFromServer, type PasswordPolicy } from '../lib/password-policy.ts';
import { $knownUser } from './known-user.ts';

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

function setUser(user: User | null): void {
  currentUser.set(user);
  const known = $knownUser.get();
  // The role is kept for the same user until their token says otherwise (rememberRole).
  const guide = user && known?.uid === user.uid ? known.guide === true : false;
  $knownUser.set(user ? { uid: user.uid, email: user.email, ...(guide ? { guide } : {}) } : null);
  if (databaseUser.get()?.uid !== user?.uid) setDbUser(null);
  if (user) void rememberRole(user);
}

/**
 * Reads the guide role from the user's ID token claims, so the account menu links guides to the
 * roster. Only a hint for the menu: the roster API asks the identity service itself on every call.
 */
async function rememberRole(user: User): Promise<void> {
  try {
    const { claims } = await user.getIdTokenResult();
    const known = $knownUser.get();
    if (currentUser.get() !== user || known?.uid !== user.uid) return;
    const guide = claims['guide'] === true;
    if ((known.guide === true) !== guide) $knownUser.set({ uid: user.uid, email: user.email, ...(guide ? { guide } : {}) });
  } catch (error) {
    console.warn('Could not read the account role', error);
  }
}

/** Stores the database user, unless it belongs to someone other than the user signed in now. */
function setDbUser(dbUser: DatabaseUser | null): void {
  if (dbUser && dbUser.uid !== currentUser.get()?.uid) return;
  databaseUser.set(dbUser);
}

function setFailure(next: AuthFailure | null): void {
  failure.set(next);
}

export function clearAuthError(): void {
  setFailure(null);
}

/** Raised when the Firebase code cannot be loaded (offline, or a stale chunk after a deploy). */
class SignInUnavailable extends Error {
  constructor(cause: unknown) {
    super(SIGN_IN_UNAVAILABLE_MESSAGE, { cause });
  }
}

async function loadFirebase() {
  try {
    return await Promise.all([import('../lib/firebase-auth-functions.ts'), import('../lib/firebase.ts')]);
  } catch (error) {
    throw new SignInUnavailable(error);
  }
}

/** The auth user object the API stores (spec section 3). */
function authUserPayload(user: User) {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoURL: user.photoURL,
    phoneNumber: user.phoneNumber,
    isAnonymous: user.isAnonymous,
    providerData: user.providerData.map((info) => ({ ...info })),
    tenantId: user.tenantId,
  };
}

/** The user's ID token, renewed first when it is within five minutes of expiring. */
async function freshToken(user: User): Promise<string> {
  const result = await user.getIdTokenResult();
  if (tokenNeedsRefresh(Date.parse(result.expirationTime), Date.now())) return user.getIdToken(true);
  return result.token;
}

let starting: Promise<void> | null = null;

/** Loads Firebase and waits for its first report of who is signed in; a failure is retried on the next call. */
function ensureStarted(): Promise<void> {
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
      setFailure({ message: error instanceof SignInUnavailable ? error.message : authErrorMessage(error), field: null });
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

/** Keeps the database user an API call answered with (a saved survey, waiver or profile). */
export function storeDbUser(user: DatabaseUser): void {
  setDbUser(user);
}

/**
 * Reads the signed-in user again from Firebase after their name or e-mail changed at the identity
 * service (a saved profile), so the account menu shows the new e-mail. A failure is only logged:
 * the next sign-in shows it anyway.
 */
export async function refreshSignedInUser(): Promise<void> {
  const user = currentUser.get();
  if (!user) return;
  try {
    const [{ reload }] = await loadFirebase();
    await reload(user);
    if (currentUser.get() === user) setUser(user);
  } catch (error) {
    console.warn('Could not read the updated account', error);
  }
}

/**
 * Asks the identity service to change the sign-in e-mail of the signed-in user once the new
 * address is proved: it mails a link there, and the change happens only when the link is
 * followed, which then brings the customer back to their profile. Nothing changes meanwhile.
 * Fails with the identity service's message (an address already in use, a sign-in too old).
 */
export async function requestEmailChange(newEmail: string): Promise<void> {
  await ensureStarted();
  const user = currentUser.get();
  if (!user) throw new Error(NO_USER_MESSAGE);
  try {
    const [{ verifyBeforeUpdateEmail }] = await loadFirebase();
    await verifyBeforeUpdateEmail(user, newEmail, { url: new URL('/profile', window.location.origin).href });
  } catch (error) {
    if (SIGN_OUT_CODES.has(errorCode(error))) await dropSession();
    throw new Error(error instanceof SignInUnavailable ? error.message : authErrorMessage(error), { cause: error });
  }
}

let loadingDbUser: { uid: string; promise: Promise<DatabaseUser> } | null = null;

/** Creates the database user on first sign-in, or returns the stored one; one request at a time per user. */
function loadDbUser(user: User): Promise<DatabaseUser> {
  if (loadingDbUser?.uid === user.uid) return loadingDbUser.promise;
  const promise = (async () => {
    const dbUser = await createDatabaseUser(user.uid, authUserPayload(user), await freshToken(user));
    setDbUser(dbUser);
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

/** Runs an action with the status at loading; a failure is shown through `$authError` and rethrown with its message. */
async function run<T>(work: () => Promise<T>, describe: (error: unknown) => string): Promise<T> {
  actionsRunning.set(actionsRunning.get() + 1);
  setFailure(null);
  try {
    await ensureStarted();
    return await work();
  } catch (error) {
    const message = error instanceof SignInUnavailable ? error.message : describe(error);
    setFailure({ message, field: authErrorField(error) });
    if (SIGN_OUT_CODES.has(errorCode(error))) await dropSession();
    throw new Error(message, { cause: error });
  } finally {
    actionsRunning.set(actionsRunning.get() - 1);
  }
}

async function settle(user: User): Promise<DatabaseUser> {
  setUser(user);
  return loadDbUser(user);
}

export function signIn(email: string, password: string): Promise<DatabaseUser> {
  return run(async () => {
    const [{ signInWithEmailAndPassword }, { firebaseAuth }] = await loadFirebase();
    const { user } = await signInWithEmailAndPassword(firebaseAuth(), email, password);
    return settle(user);
  }, authErrorMessage);
}

/** Signs up; if the database user cannot be created, the new auth user is deleted again (spec section 4). */
export function signUp(email: string, password: string): Promise<DatabaseUser> {
  return run(async () => {
    const [{ createUserWithEmailAndPassword, deleteUser }, { firebaseAuth }] = await loadFirebase();
    const { user } = await createUserWithEmailAndPassword(firebaseAuth(), email, password);
    try {
      return await settle(user);
    } catch (error) {
      await deleteUser(user).catch((cleanup: unknown) => console.error('Could not remove the new account', cleanup));
      setUser(null);
      throw error;
    }
  }, authErrorMessage);
}

export function signInWithGoogle(): Promise<DatabaseUser> {
  return run(
    async () => {
      const [{ signInWithGooglePopup }, { firebaseAuth }] = await loadFirebase();
      const { user } = await signInWithGooglePopup(firebaseAuth());
      return settle(user);
    },
    (error) => (errorCode(error) === 'auth/popup-closed-by-user' ? authErrorMessage(error) : GOOGLE_FAILED_MESSAGE),
  );
}

export function logout(): Promise<void> {
  return run(
    async () => {
      const [{ signOut }, { firebaseAuth }] = await loadFirebase();
      await signOut(firebaseAuth());
      setUser(null);
    },
    () => LOGOUT_FAILED_MESSAGE,
  );
}

/** Ends a session that can no longer be trusted (a disabled account, an expired token), whatever Firebase answers. */
async function dropSession(): Promise<void> {
  try {
    const [{ signOut }, { firebaseAuth }] = await loadFirebase();
    await signOut(firebaseAuth());
  } catch (error) {
    console.error('Could not sign out of Firebase', error);
  }
  setUser(null);
}

/** The password rules of the identity service, or the default minimum of 6 when it sets none or cannot be asked. */
export async function passwordPolicy(): Promise<PasswordPolicy> {
  try {
    const [{ validatePassword }, { firebaseAuth, serverPasswordRules }] = await loadFirebase();
    if (!serverPasswordRules) return DEFAULT_POLICY;
    const status = await validatePassword(firebaseAuth(), '');
    return policyFromServer(status.passwordPolicy.customStrengthOptions);
  } catch {
    return DEFAULT_POLICY;
  }
}
