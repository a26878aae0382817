/** Background work on a timer: one run at a time, errors logged, and a stop that waits for the run in flight. */

export interface Periodic {
  stop(): Promise<void>;
}

export function repeatEvery(intervalMs: number, name: string, task: () => Promise<unknown>, { runNow = false } = {}): Periodic {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = task()
      .then(() => undefined)
      .catch((error: unknown) => console.error(`${name} failed; it runs again in ${intervalMs / 1000} s`, error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (runNow) tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
