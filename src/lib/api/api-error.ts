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
