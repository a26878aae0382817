/**
 * A guides-only call of the booking API from a page: loading while sign-in is checked and the call
 * runs; `signed-out` (the page sends the visitor to /sign-in, which brings them back); `not-a-guide`
 * for a 403, with nothing shown; `failed` with what went wrong; else the answer.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ApiError } from '../../lib/api-client.ts';
import { $authStatus, protectedFetch, startAuth } from '../../stores/auth.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

export type GuideData<T> =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'not-a-guide'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: T };

export function useGuideData<T>(path: string | null): GuideData<T> {
  const hydrated = useHydrated();
  const auth = useStore($authStatus);
  const [answer, setAnswer] = useState<{ path: string; result: GuideData<T> } | null>(null);

  useEffect(() => {
    void startAuth();
  }, []);

  useEffect(() => {
    if (!hydrated || auth !== 'signed-in' || !path) return;
    const controller = new AbortController();
    protectedFetch<T>(path, { signal: controller.signal }).then(
      (data) => setAnswer({ path, result: { status: 'ready', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        const result: GuideData<T> =
          error instanceof ApiError && error.status === 403 ? { status: 'not-a-guide', message } : { status: 'failed', message };
        setAnswer({ path, result });
      },
    );
    return () => controller.abort();
  }, [hydrated, auth, path]);

  useEffect(() => {
    if (hydrated && auth === 'signed-out') window.location.replace('/sign-in');
  }, [hydrated, auth]);

  if (!hydrated || auth === 'loading') return { status: 'loading' };
  if (auth === 'signed-out') return { status: 'signed-out' };
  if (!path || answer?.path !== path) return { status: 'loading' };
  return answer.result;
}
