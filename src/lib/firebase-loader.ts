/**
 * The Firebase Auth code, imported only when something needs it, and the API client that reads the
 * database user, imported only once someone is signed in: the sign-in page loads Firebase at once,
 * the client only when a visitor signs in. Neither is needed to show who is signed in; a failed
 * import is tried again next time.
 */
import type { User } from 'firebase/auth';
import { authErrorMessage, SIGN_IN_UNAVAILABLE_MESSAGE } from './auth-errors.ts';
import { tokenNeedsRefresh } from './id-token.ts';

/** Raised when the Firebase code cannot be loaded (offline, or a stale chunk after a deploy). */
export class SignInUnavailable extends Error {
  constructor(cause: unknown) {
    super(SIGN_IN_UNAVAILABLE_MESSAGE, { cause });
  }
}

export async function loadFirebase() {
  try {
    return await Promise.all([import('./firebase-auth-functions.ts'), import('./firebase.ts')]);
  } catch (error) {
    throw new SignInUnavailable(error);
  }
}

/** The API client, for the database user of someone signed in. */
export async function loadApiClient() {
  try {
    return await import('./api/client.ts');
  } catch (error) {
    throw new SignInUnavailable(error);
  }
}

/** The message a failed sign-in action shows: the loader's own, else `describe`'s reading of the identity service's error. */
export function signInFailureText(error: unknown, describe: (error: unknown) => string = authErrorMessage): string {
  return error instanceof SignInUnavailable ? error.message : describe(error);
}

/** The identity service's user as the booking API stores it at sign-in. */
export function authUserPayload(user: User) {
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
export async function freshToken(user: User): Promise<string> {
  const result = await user.getIdTokenResult();
  if (tokenNeedsRefresh(Date.parse(result.expirationTime), Date.now())) return user.getIdToken(true);
  return result.token;
}
