import type { CancellationQuote } from '../../../shared/contract/answers.ts';

/** What a protected call fails with when nobody is signed in (the spec's words); never shown as it is. */
export const NO_USER_MESSAGE = 'No authenticated user found';

/** An error answer of the booking API: its status, its readable text and its body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** A cancellation refused because its quote no longer holds (409): the answer carries the new quote. */
export class QuoteChanged extends ApiError {
  readonly quote: CancellationQuote;
  constructor(message: string, body: unknown, quote: CancellationQuote) {
    super(409, message, body);
    this.name = 'QuoteChanged';
    this.quote = quote;
  }
}

/** An answer of a shape the site does not know; `where` names the first field that is wrong (empty for the whole answer). */
export class UnreadableAnswer extends Error {
  constructor(what: string, where: string) {
    super(`The booking service's answer (${what}) could not be read${where ? ` at ${where}` : ''}`);
    this.name = 'UnreadableAnswer';
  }
}

/**
 * Whether `error` (or what caused it) is the network failing: no signal, rather than an answer of
 * the API. The browser's fetch fails with a TypeError then; an API's answer is an ApiError.
 */
export function isNoSignal(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ApiError || cause instanceof UnreadableAnswer) return false;
    if (cause instanceof TypeError) return true;
  }
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export const NO_SIGNAL_TEXT = 'No signal: try again once this phone is online.';
export const SIGNED_OUT_TEXT = 'You are signed out. Sign in again to go on.';

/**
 * The text a person is shown for a failure: the API's own words, or a rule's; a plain line for no
 * signal or no signed-in user; and `fallback` for what only a developer could read (the browser's
 * or a parser's wording, an answer the site could not read).
 */
export function shownError(error: unknown, fallback: string): string {
  if (isNoSignal(error)) return NO_SIGNAL_TEXT;
  if (!(error instanceof Error)) return fallback;
  if (error.message === NO_USER_MESSAGE) return SIGNED_OUT_TEXT;
  if (error instanceof ApiError) return error.message || fallback;
  return developersOnly(error) || !error.message ? fallback : error.message;
}

/**
 * The errors whose wording is the browser's or a parser's, not a sentence for a customer. (The
 * identity service's errors never reach here: they are put in words where they are caught, so the
 * pages that never sign in carry none of its code.)
 */
function developersOnly(error: Error): boolean {
  return (
    error instanceof UnreadableAnswer ||
    error instanceof TypeError ||
    error instanceof SyntaxError ||
    error instanceof RangeError ||
    error instanceof ReferenceError ||
    (typeof DOMException !== 'undefined' && error instanceof DOMException)
  );
}
