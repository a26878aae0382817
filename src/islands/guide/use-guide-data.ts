/**
 * A guides-only call of the booking API from a page: loading while sign-in is checked and the call
 * runs; `signed-out` (the page sends the visitor to /sign-in, which brings them back); `not-a-guide`
 * for a 403, with nothing shown; `failed` with what went wrong; else the answer.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ApiError } from '../../lib/api/api-error.ts';
import { $authStatus, startAuth } from '../../stores/auth.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

export type GuideData<T> =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'not-a-guide'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: T };

/**
 * `key` names what is loaded (null: nothing yet); `load` fetches it through the API client and is
 * called again only when the key changes.
 */
export function useGuideData<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): GuideData<T> {
  const hydrated = useHydrated();
  const auth = useStore($authStatus);
  const [answer, setAnswer] = useState<{ key: string; result: GuideData<T> } | null>(null);
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    void startAuth();
  }, []);

  useEffect(() => {
    if (!hydrated || auth !== 'signed-in' || !key) return;
    const controller = new AbortController();
    loader.current(controller.signal).then(
      (data) => setAnswer({ key, result: { status: 'ready', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        const result: GuideData<T> =
          error instanceof ApiError && error.status === 403 ? { status: 'not-a-guide', message } : { status: 'failed', message };
        setAnswer({ key, result });
      },
    );
    return () => controller.abort();
  }, [hydrated, auth, key]);

  useEffect(() => {
    if (hydrated && auth === 'signed-out') window.location.replace('/sign-in');
  }, [hydrated, auth]);

  if (!hydrated || auth === 'loading') return { status: 'loading' };
  if (auth === 'signed-out') return { status: 'signed-out' };
  if (!key || answer?.key !== key) return { status: 'loading' };
  return answer.result;
}
