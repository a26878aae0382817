/**
 * Auth state (spec section 4): loading, signed out or signed in, plus the database user.
 * The last known signed-in e-mail is kept in localStorage so menus can show it before Firebase loads.
 * Firebase itself is imported only when an action or `startAuth` needs it.
 */
import { atom } from 'nanostores';
import { persistentJSON } from '@nanostores/persistent';
import type { User } from 'firebase/auth';
import type { DatabaseUser } from '../lib/api-types.ts';
import { apiFetch, NO_USER_MESSAGE } from '../lib/api-client.ts';
import { authErrorMessage, errorCode, GOOGLE_FAILED_MESSAGE, SIGN_OUT_CODES } from '../lib/auth-errors.ts';
import { DEFAULT_POLICY, policyFromServer, type PasswordPolicy } from '../lib/password-policy.ts';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/** What the menus need of the signed-in user, remembered across page loads. */
export interface KnownUser {
  uid: string;
  email: string | null;
}

export const $knownUser = persistentJSON<KnownUser | null>('auth:known-user', null);
export const $authStatus = atom<AuthStatus>('loading');
export const $authUser = atom<User | null>(null);
export const $dbUser = atom<DatabaseUser | null>(null);
export const $authError = atom<string | null>(null);

const firebase = () => Promise.all([import('firebase/auth'), import('../lib/firebase.ts')]);

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

export async function idToken(): Promise<string> {
  const user = $authUser.get();
  if (!user) throw new Error(NO_USER_MESSAGE);
  return user.getIdToken();
}

let loadingDbUser: { uid: string; promise: Promise<DatabaseUser> } | null = null;

/** Creates the database user on first sign-in, or returns the stored one; one request at a time per user. */
function loadDbUser(user: User): Promise<DatabaseUser> {
  if (loadingDbUser?.uid === user.uid) return loadingDbUser.promise;
  const promise = (async () => {
    const dbUser = await apiFetch<DatabaseUser>(`/users/user/${encodeURIComponent(user.uid)}`, {
      method: 'POST',
      body: authUserPayload(user),
      token: await user.getIdToken(),
    });
    $dbUser.set(dbUser);
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

let started: Promise<void> | null = null;

/** Subscribes to Firebase's auth state once; safe to call from every island. */
export function startAuth(): Promise<void> {
  started ??= firebase().then(([{ onAuthStateChanged }, { firebaseAuth }]) => {
    onAuthStateChanged(firebaseAuth(), (user) => {
      $authUser.set(user);
      if (!user) {
        $dbUser.set(null);
        $knownUser.set(null);
        $authStatus.set('signed-out');
        return;
      }
      $knownUser.set({ uid: user.uid, email: user.email });
      $authStatus.set('signed-in');
      if ($dbUser.get()?.uid !== user.uid) {
        loadDbUser(user).catch((error: unknown) => {
          if (SIGN_OUT_CODES.has(errorCode(error))) void logout();
          console.error('Could not load the database user', error);
        });
      }
    });
  });
  return started;
}

async function run<T>(work: () => Promise<T>, failure: (error: unknown) => string): Promise<T> {
  $authStatus.set('loading');
  $authError.set(null);
  try {
    return await work();
  } catch (error) {
    const message = failure(error);
    $authError.set(message);
    if (SIGN_OUT_CODES.has(errorCode(error))) await logout();
    else $authStatus.set($authUser.get() ? 'signed-in' : 'signed-out');
    throw new Error(message, { cause: error });
  }
}

export function signIn(email: string, password: string): Promise<DatabaseUser> {
  return run(async () => {
    const [{ signInWithEmailAndPassword }, { firebaseAuth }] = await firebase();
    const { user } = await signInWithEmailAndPassword(firebaseAuth(), email, password);
    return settle(user);
  }, authErrorMessage);
}

/** Signs up; if the database user cannot be created, the new auth user is deleted again. */
export function signUp(email: string, password: string): Promise<DatabaseUser> {
  return run(async () => {
    const [{ createUserWithEmailAndPassword, deleteUser }, { firebaseAuth }] = await firebase();
    const { user } = await createUserWithEmailAndPassword(firebaseAuth(), email, password);
    try {
      return await settle(user);
    } catch (error) {
      await deleteUser(user).catch((cleanup: unknown) => console.error('Could not remove the new account', cleanup));
      throw error;
    }
  }, authErrorMessage);
}

export function signInWithGoogle(): Promise<DatabaseUser> {
  return run(
    async () => {
      const [{ GoogleAuthProvider, signInWithPopup }, { firebaseAuth }] = await firebase();
      const { user } = await signInWithPopup(firebaseAuth(), new GoogleAuthProvider());
      return settle(user);
    },
    (error) => (errorCode(error) === 'auth/popup-closed-by-user' ? authErrorMessage(error) : GOOGLE_FAILED_MESSAGE),
  );
}

async function settle(user: User): Promise<DatabaseUser> {
  $authUser.set(user);
  const dbUser = await loadDbUser(user);
  $knownUser.set({ uid: user.uid, email: user.email });
  $authStatus.set('signed-in');
  return dbUser;
}

/** The password rules of the identity service, or the default minimum of 6 when it sets none or cannot be asked. */
export async function passwordPolicy(): Promise<PasswordPolicy> {
  try {
    const [{ validatePassword }, { firebaseAuth, serverPasswordRules }] = await firebase();
    if (!serverPasswordRules) return DEFAULT_POLICY;
    const status = await validatePassword(firebaseAuth(), '');
    return policyFromServer(status.passwordPolicy.customStrengthOptions);
  } catch {
    return DEFAULT_POLICY;
  }
}

export async function logout(): Promise<void> {
  $authStatus.set('loading');
  try {
    const [{ signOut }, { firebaseAuth }] = await firebase();
    await signOut(firebaseAuth());
  } finally {
    $authUser.set(null);
    $dbUser.set(null);
    $knownUser.set(null);
    $authStatus.set('signed-out');
  }
}
