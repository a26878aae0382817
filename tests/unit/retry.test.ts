import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError, withRetries, withTimeout } from '../../src/lib/retry.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const POLICY = { retries: 3, delayMs: 5_000, timeoutMs: 10_000 };

describe('loading with retries (the class calendar: 3 retries, 5 s apart, 10 s time-out)', () => {
  it('answers at once when the first try works', async () => {
    const load = vi.fn(async () => 'dates');
    const retries: number[] = [];
    await expect(withRetries(load, POLICY, (n) => retries.push(n))).resolves.toBe('dates');
    expect(load).toHaveBeenCalledTimes(1);
    expect(retries).toEqual([]);
  });

  it('retries 5 s after each failure, says which retry it is, and gives up after the third', async () => {
    const load = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const retries: number[] = [];
    const result = withRetries(load, POLICY, (n) => retries.push(n));
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(retries).toEqual([1]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(4);
    expect(retries).toEqual([1, 2, 3]);
    expect(await settled).toBeInstanceOf(TypeError);
  });

  it('recovers when a retry works', async () => {
    let calls = 0;
    const result = withRetries(async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return 'dates';
    }, POLICY);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBe('dates');
    expect(calls).toBe(3);
  });

  it('abandons a try after 10 s, aborting its request', async () => {
    const signals: AbortSignal[] = [];
    const hanging = (signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<string>(() => undefined);
    };
    const settled = withTimeout(hanging, 10_000).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(await settled).toBeInstanceOf(TimeoutError);
  });

  it('takes 10 s per hanging try plus 5 s between: 55 s before giving up', async () => {
    const settled = withRetries(() => new Promise<string>(() => undefined), POLICY).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(54_999);
    let done = false;
    void settled.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toBeInstanceOf(TimeoutError);
  });
});
