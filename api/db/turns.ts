/** One holder at a time, in the order they asked. */
export interface Turns {
  /** Waits for the caller's turn; the function it gives back ends the turn (once; calling it again does nothing). */
  take(): Promise<() => void>;
  /** Runs `work` in a turn of its own. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function turns(): Turns {
  let last: Promise<void> = Promise.resolve();
  const take = () => {
    let end!: () => void;
    const mine = new Promise<void>((resolve) => (end = resolve));
    const before = last;
    last = before.then(() => mine);
    return before.then(() => end);
  };
  return {
    take,
    run: async (work) => {
      const end = await take();
      try {
        return await work();
      } finally {
        end();
      }
    },
  };
}
