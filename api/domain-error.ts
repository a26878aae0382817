/**
 * A rule of ours refused what was asked: `code` says how, the message says why, in the words the
 * customer or operator reads. The domain throws these and knows nothing of HTTP; the app's one error
 * handler answers each with the status its code stands for (api/app.ts), and a command prints its message.
 */
export type DomainErrorCode =
  /** The request itself is wrong: a value out of range, a choice not offered. */
  | 'invalid'
  /** Nothing of that name the caller may see. */
  | 'not-found'
  /** It exists, but is not the caller's to act on. */
  | 'forbidden'
  /** The state of things refuses it now: already done, full, started, changed meanwhile. */
  | 'conflict'
  /** The card was declined: another card may be tried. */
  | 'declined'
  /** The payment provider could not be reached or failed: nothing was changed. */
  | 'provider-down';

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
  }
}
