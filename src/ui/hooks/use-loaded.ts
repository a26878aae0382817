/**
 * Something an island loads from the API: loading, then the answer or the failure. `key` names what
 * is loaded; a new key loads again (and the answer for an old key is dropped), and a null key loads
 * nothing. `load` is called with a signal that aborts when the key changes or the island goes.
 */
import { useEffect, useRef, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; value: T };

const LOADING = { status: 'loading' } as const;

/** `warning`: logged with the error when a load fails. */
export function useLoaded<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, warning?: string): Loaded<T> {
  const [loaded, setLoaded] = useState<{ key: string; result: Loaded<T> } | null>(null);
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    loader.current(controller.signal).then(
      (value) => setLoaded({ key, result: { status: 'ready', value } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (warning) console.warn(warning, error);
        setLoaded({ key, result: { status: 'failed', error } });
      },
    );
    return () => controller.abort();
  }, [key, warning]);
  return key !== null && loaded?.key === key ? loaded.result : LOADING;
}
