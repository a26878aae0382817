/**
 * The Firebase Auth functions the auth store calls, named one by one so that a build ships only
 * these and not the whole SDK.
 */
import { browserPopupRedirectResolver, GoogleAuthProvider, signInWithPopup, type Auth, type UserCredential } from 'firebase/auth';

export {
  createUserWithEmailAndPassword,
  deleteUser,
  onAuthStateChanged,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  validatePassword,
  verifyBeforeUpdateEmail,
} from 'firebase/auth';

/** Signs in with Google in a pop-up window. */
export function signInWithGooglePopup(auth: Auth): Promise<UserCredential> {
  return signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
}
