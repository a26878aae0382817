/** Telling a failed network (no signal) from an answer of the API, however deep it is wrapped. */
import { describe, expect, it } from 'vitest';
import { ApiError, isNoSignal, UnreadableAnswer } from '../../src/lib/api/api-error.ts';

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
