/** Telling a failed network (no signal) from an answer of the API, however deep it is wrapped, and what a person is shown for a failure. */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  isNoSignal,
  NO_SIGNAL_TEXT,
  NO_USER_MESSAGE,
  shownError,
  SIGNED_OUT_TEXT,
  UnreadableAnswer,
} from '../../src/lib/api/api-error.ts';

describe('isNoSignal', () => {
  it('is the browser failing to fetch, also as the cause of the error a page shows', () => {
    const fetchFailed = new TypeError('Failed to fetch');
    expect(isNoSignal(fetchFailed)).toBe(true);
    expect(isNoSignal(new Error('Failed to fetch winter-classes.', { cause: fetchFailed }))).toBe(true);
  });

  it('is never an answer of the API, nor one the site could not read', () => {
    expect(isNoSignal(new ApiError(500, 'Internal Server Error', {}))).toBe(false);
    expect(isNoSignal(new Error('Failed to fetch winter-classes.', { cause: new ApiError(503, 'Unavailable', {}) }))).toBe(false);
    expect(isNoSignal(new UnreadableAnswer('the calendar', 'date'))).toBe(false);
    expect(isNoSignal(new Error('Something else'))).toBe(false);
  });
});

describe('shownError', () => {
  const fallback = 'The booking could not be cancelled. Please try again.';

  it('says no signal in plain words, never the browser’s own', () => {
    expect(shownError(new TypeError('Failed to fetch'), fallback)).toBe(NO_SIGNAL_TEXT);
    expect(shownError(new Error('Failed to fetch winter-classes.', { cause: new TypeError('Failed to fetch') }), fallback)).toBe(
      NO_SIGNAL_TEXT,
    );
  });

  it('says a signed-out person is signed out instead of the call’s wording', () => {
    expect(shownError(new Error(NO_USER_MESSAGE), fallback)).toBe(SIGNED_OUT_TEXT);
  });

  it('shows the API’s and the site’s own sentences as they are', () => {
    expect(shownError(new ApiError(409, 'This booking has already been cancelled.', {}), fallback)).toBe(
      'This booking has already been cancelled.',
    );
    expect(shownError(new Error('Choose a date first.'), fallback)).toBe('Choose a date first.');
  });

  it('puts the fallback in place of what only a developer could read', () => {
    expect(shownError(new SyntaxError('Unexpected token < in JSON at position 0'), fallback)).toBe(fallback);
    expect(shownError(new UnreadableAnswer('the booking', 'status'), fallback)).toBe(fallback);
    expect(shownError(new DOMException('The operation was aborted.', 'AbortError'), fallback)).toBe(fallback);
    expect(shownError('a string', fallback)).toBe(fallback);
    expect(shownError(new ApiError(500, '', {}), fallback)).toBe(fallback);
  });
});
