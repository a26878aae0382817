/** The identity service's error codes, as the messages customers read. */
import { ApiError } from './api/api-error.ts';

export const AUTH_MESSAGES = {
  'auth/email-already-in-use': 'The email address is already in use.',
  'auth/invalid-email': 'The email address is not valid.',
  'auth/wrong-password': 'Incorrect password. Please try again.',
  'auth/invalid-credential': 'No account found or invalid credentials.',
  'auth/invalid-login-credentials': 'No account found or invalid credentials.',
  'auth/user-not-found': 'No account found or invalid credentials.',
  'auth/user-disabled': 'This account has been disabled. Please contact us.',
  'auth/user-token-expired': 'Your session has expired. Please sign in again.',
  'auth/password-does-not-meet-requirements': 'The password does not meet the requirements.',
  'auth/weak-password': 'The password must be at least 6 characters.',
  'auth/popup-blocked': 'The sign-in window was blocked by the browser. Please allow pop-ups and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'auth/unauthorized-domain': 'Sign-in is not enabled for this web address.',
  'auth/network-request-failed': 'A network error occurred. Please check your connection and try again.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/requires-recent-login': 'Please sign in again to continue.',
} as const satisfies Record<string, string>;

export const UNEXPECTED_MESSAGE = 'An unexpected error occurred. Please try again.';
export const GOOGLE_FAILED_MESSAGE = 'Failed to sign in with Google. Please try again.';
export const SIGN_IN_UNAVAILABLE_MESSAGE = 'Sign-in could not load. Please check your connection and try again.';
export const LOGOUT_FAILED_MESSAGE = 'Logout failed. Please try again.';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why logging out waits: 'This phone holds 3 check-ins and 1 signature not yet sent. …' */
export function unsentLogoutMessage({ checkIns, signatures }: { checkIns: number; signatures: number }): string {
  const held = [
    checkIns > 0 ? counted(checkIns, 'check-in', 'check-ins') : null,
    signatures > 0 ? counted(signatures, 'signature', 'signatures') : null,
  ]
    .filter((part) => part !== null)
    .join(' and ');
  return `This phone holds ${held} not yet sent. Open the trip sheet where there is a signal to send them: logging out now would lose them.`;
}

/** Codes after which the current session can no longer be trusted. */
export const SIGN_OUT_CODES: ReadonlySet<string> = new Set(['auth/user-disabled', 'auth/user-token-expired']);

export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/**
 * The message for a failed sign-in, sign-up or account call: its `AUTH_MESSAGES` text for a known identity
 * code, the booking API's own answer (written for customers), else the unexpected-error text.
 */
export function authErrorMessage(error: unknown): string {
  const code = errorCode(error);
  if (code in AUTH_MESSAGES) return AUTH_MESSAGES[code as keyof typeof AUTH_MESSAGES];
  if (error instanceof ApiError && error.message) return error.message;
  return UNEXPECTED_MESSAGE;
}

/** The sign-in field an error is about, so the form can mark it; null for errors about neither. */
export type AuthField = 'email' | 'password' | 'both';

const FIELD_OF_CODE: Readonly<Record<string, AuthField>> = {
  'auth/email-already-in-use': 'email',
  'auth/invalid-email': 'email',
  'auth/user-not-found': 'email',
  'auth/wrong-password': 'password',
  'auth/weak-password': 'password',
  'auth/password-does-not-meet-requirements': 'password',
  'auth/invalid-credential': 'both',
  'auth/invalid-login-credentials': 'both',
};

export function authErrorField(error: unknown): AuthField | null {
  return FIELD_OF_CODE[errorCode(error)] ?? null;
}
