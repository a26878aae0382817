/** Loading with a time-out per try and a few retries some seconds apart (the class calendar's load). */

export interface RetryPolicy {
  /** Tries after the first one. */
  retries: number;
  /** Wait before each retry. */
  delayMs: number;
  /** Each try is abandoned after this long. */
  timeoutMs: number;
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms / 1000} s`);
    this.name = 'TimeoutError';
  }
}

/** Runs `load` with a signal that aborts after `timeoutMs`; rejects with a TimeoutError then. */
export function withTimeout<T>(load: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new TimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
    load(controller.signal).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Tries `load` once, then up to `retries` more times, `delayMs` apart; `onRetry(n)` is told before
 * retry n (1-based) waits. Rejects with the last error.
 */
export async function withRetries<T>(
  load: (signal: AbortSignal) => Promise<T>,
  policy: RetryPolicy,
  onRetry: (retry: number) => void = () => undefined,
): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await withTimeout(load, policy.timeoutMs);
    } catch (error) {
      if (retry >= policy.retries) throw error;
      onRetry(retry + 1);
      await wait(policy.delayMs);
    }
  }
}
