/**
 * One holder at a time. Holders are served in the order they asked, except that work no request
 * waits on (asked for as `background`) lets the requests' work go first: it takes a turn when no
 * request's work is waiting, or after BACKGROUND_AFTER turns of theirs in a row, so it never waits
 * for ever.
 */
export interface TurnOptions {
  /** Work no request waits on (sending the mail outbox): requests' work waiting goes first. */
  background?: boolean;
}

export interface Turns {
  /** Waits for the caller's turn; the function it gives back ends the turn (once; calling it again does nothing). */
  take(options?: TurnOptions): Promise<() => void>;
  /** Runs `work` in a turn of its own. */
  run<T>(work: () => Promise<T>, options?: TurnOptions): Promise<T>;
}

/** Turns of requests' work in a row, at most, while background work waits. */
export const BACKGROUND_AFTER = 8;

export function turns(): Turns {
  let held = false;
  const waiting = { requests: [] as (() => void)[], background: [] as (() => void)[] };
  let requestsInARow = 0;

  const next = () => {
    const background = waiting.background.length > 0 && (waiting.requests.length === 0 || requestsInARow >= BACKGROUND_AFTER);
    const start = background ? waiting.background.shift() : waiting.requests.shift();
    held = start !== undefined;
    if (!start) return;
    requestsInARow = background ? 0 : requestsInARow + 1;
    start();
  };
  const take = (options: TurnOptions = {}) =>
    new Promise<() => void>((resolve) => {
      let ended = false;
      const start = () =>
        resolve(() => {
          if (ended) return;
          ended = true;
          next();
        });
      if (held) (options.background ? waiting.background : waiting.requests).push(start);
      else {
        held = true;
        start();
      }
    });
  return {
    take,
    run: async (work, options) => {
      const end = await take(options);
      try {
        return await work();
      } finally {
        end();
      }
    },
  };
}
