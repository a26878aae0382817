/**
 * A staff-only call of the booking API from a page (guides' roster, operators' console): loading
 * while sign-in is checked and the call runs; `signed-out` (the page sends the visitor to /sign-in,
 * which brings them back); `not-allowed` for a 403, with nothing shown; `failed` with what went
 * wrong (`noSignal` when the network failed, not the API); else the answer.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { ApiError, isNoSignal, shownError } from '../../lib/api/api-error.ts';
import { $authStatus, startAuth } from '../../stores/auth.ts';
import { useHydrated } from './use-hydrated.ts';
import { useLoaded } from './use-loaded.ts';

export type StaffData<T> =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'not-allowed'; message: string }
  | { status: 'failed'; message: string; noSignal: boolean }
  | { status: 'ready'; data: T };

/**
 * `key` names what is loaded (null: nothing yet); `load` fetches it through the API client and is
 * called again only when the key changes.
 */
export function useStaffData<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): StaffData<T> {
  const hydrated = useHydrated();
  const auth = useStore($authStatus);
  const loaded = useLoaded(hydrated && auth === 'signed-in' ? key : null, load);

  useEffect(() => {
    void startAuth();
  }, []);

  useEffect(() => {
    if (hydrated && auth === 'signed-out') window.location.replace('/sign-in');
  }, [hydrated, auth]);

  if (!hydrated || auth === 'loading') return { status: 'loading' };
  if (auth === 'signed-out') return { status: 'signed-out' };
  if (loaded.status === 'ready') return { status: 'ready', data: loaded.value };
  if (loaded.status === 'loading') return loaded;
  const message = shownError(loaded.error, 'This page could not be loaded. Please reload it.');
  return loaded.error instanceof ApiError && loaded.error.status === 403
    ? { status: 'not-allowed', message }
    : { status: 'failed', message, noSignal: isNoSignal(loaded.error) };
}
