/**
 * What a customer does with their sign-in: sign in (e-mail and password, or Google), sign up, log
 * out, ask for a new password, change the sign-in e-mail, read their account again, and the password rules. Each runs
 * through the auth store (./auth.ts), which holds who is signed in and shows failures.
 */
import type { DatabaseUser } from '../../shared/contract/answers.ts';
import { NO_USER_MESSAGE } from '../lib/api/http.ts';
import {
  authErrorMessage,
  errorCode,
  GOOGLE_FAILED_MESSAGE,
  LOGOUT_FAILED_MESSAGE,
  SIGN_OUT_CODES,
  unsentLogoutMessage,
} from '../lib/auth-errors.ts';
import type { Unsent } from '../lib/device-data.ts';
import { loadFirebase, signInFailureText } from '../lib/firebase-loader.ts';
import { DEFAULT_POLICY, policyFromServer, type PasswordPolicy } from '../lib/password-policy.ts';
import { $authUser, dropSession, ensureStarted, runAuthAction, setUser, settle } from './auth.ts';
import { $knownUser } from './known-user.ts';

export function signIn(email: string, password: string): Promise<DatabaseUser> {
  return runAuthAction(async () => {
    const [{ signInWithEmailAndPassword }, { firebaseAuth }] = await loadFirebase();
    const { user } = await signInWithEmailAndPassword(firebaseAuth(), email, password);
    return settle(user);
  }, authErrorMessage);
}

/** Signs up; if the database user cannot be created, the new auth user is deleted again and the error thrown on. */
export function signUp(email: string, password: string): Promise<DatabaseUser> {
  return runAuthAction(async () => {
    const [{ createUserWithEmailAndPassword, deleteUser, sendEmailVerification }, { firebaseAuth }] = await loadFirebase();
    const { user } = await createUserWithEmailAndPassword(firebaseAuth(), email, password);
    let account: DatabaseUser;
    try {
      account = await settle(user);
    } catch (error) {
      await deleteUser(user).catch((cleanup: unknown) => console.error('Could not remove the new account', cleanup));
      setUser(null);
      throw error;
    }
    // The link that proves the address, mailed by the identity service (locally, to the local inbox);
    // the account stands even when it cannot be sent now.
    await sendEmailVerification(user, { url: new URL('/profile', window.location.origin).href }).catch((error: unknown) =>
      console.warn('Could not send the link that confirms the address', error),
    );
    return account;
  }, authErrorMessage);
}

export function signInWithGoogle(): Promise<DatabaseUser> {
  return runAuthAction(
    async () => {
      const [{ signInWithGooglePopup }, { firebaseAuth }] = await loadFirebase();
      const { user } = await signInWithGooglePopup(firebaseAuth());
      return settle(user);
    },
    (error) => (errorCode(error) === 'auth/popup-closed-by-user' ? authErrorMessage(error) : GOOGLE_FAILED_MESSAGE),
  );
}

/** Logging out would lose check-ins and signatures recorded on this phone and not yet sent. */
export class UnsentOnDevice extends Error {
  readonly unsent: Unsent;
  constructor(unsent: Unsent) {
    super(unsentLogoutMessage(unsent));
    this.name = 'UnsentOnDevice';
    this.unsent = unsent;
  }
}

/**
 * Logs out. What the account kept on this device goes first, and the sign-out completes only once it
 * has; while check-ins or signatures recorded here wait to be sent, it refuses (UnsentOnDevice as the
 * error's cause) unless told to lose them.
 */
export function logout({ loseUnsent = false } = {}): Promise<void> {
  return runAuthAction(
    async () => {
      const uid = $authUser.get()?.uid ?? $knownUser.get()?.uid;
      const device = await import('../lib/device-data.ts');
      if (uid && !loseUnsent) {
        const unsent = await device.unsentOnDevice(uid);
        if (unsent.checkIns + unsent.signatures > 0) throw new UnsentOnDevice(unsent);
      }
      await device.forgetDeviceData();
      const [{ signOut }, { firebaseAuth }] = await loadFirebase();
      await signOut(firebaseAuth());
      setUser(null);
    },
    (error) => (error instanceof UnsentOnDevice ? error.message : LOGOUT_FAILED_MESSAGE),
  );
}

/**
 * Asks the identity service to mail a link for choosing a new password, which brings the customer
 * back to /sign-in. An address with no account is answered as if it had one, so nobody learns from
 * this form who is a customer. Fails with the identity service's message (an address that is not
 * one, too many attempts, no network).
 */
export async function sendPasswordReset(email: string): Promise<void> {
  try {
    const [{ sendPasswordResetEmail }, { firebaseAuth }] = await loadFirebase();
    await sendPasswordResetEmail(firebaseAuth(), email.trim(), { url: new URL('/sign-in', window.location.origin).href });
  } catch (error) {
    if (errorCode(error) === 'auth/user-not-found') return;
    throw new Error(signInFailureText(error), { cause: error });
  }
}

/**
 * Reads the signed-in user again from Firebase after their name or e-mail changed at the identity
 * service (a saved profile), so the account menu shows the new e-mail. A failure is only logged:
 * the next sign-in shows it anyway.
 */
export async function refreshSignedInUser(): Promise<void> {
  const user = $authUser.get();
  if (!user) return;
  try {
    const [{ reload }] = await loadFirebase();
    await reload(user);
    if ($authUser.get() === user) setUser(user);
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
  const user = $authUser.get();
  if (!user) throw new Error(NO_USER_MESSAGE);
  try {
    const [{ verifyBeforeUpdateEmail }] = await loadFirebase();
    await verifyBeforeUpdateEmail(user, newEmail, { url: new URL('/profile', window.location.origin).href });
  } catch (error) {
    if (SIGN_OUT_CODES.has(errorCode(error))) await dropSession();
    throw new Error(signInFailureText(error), { cause: error });
  }
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
