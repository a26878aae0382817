import type { CancellationQuote } from '../../../shared/contract/answers.ts';

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
