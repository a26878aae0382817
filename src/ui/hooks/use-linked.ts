/**
 * What a link of a page names (an invite code, an offer id), loaded once it is named: none named,
 * loading, its answer (`Ready`, made of what was loaded), not found (no such thing, or not the
 * caller's: a 404), or failed (it could not be asked just now). A failure other than a 404 is logged
 * with `warning`.
 */
import { ApiError } from '../../lib/api/api-error.ts';
import { useLoaded } from './use-loaded.ts';

export type Linked<Ready> = { status: 'none' } | { status: 'loading' } | Ready | { status: 'not-found' } | { status: 'failed' };

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function useLinked<T, Ready>(
  name: string | null,
  {
    load,
    ready,
    warning,
    wait = false,
  }: {
    load: (name: string, signal: AbortSignal) => Promise<T>;
    ready: (value: T) => Ready;
    warning: string;
    /** Not to be loaded yet (it stays loading): the caller must be signed in first. */
    wait?: boolean;
  },
): Linked<Ready> {
  const loaded = useLoaded(name && !wait ? name : null, (signal) =>
    load(name ?? '', signal).catch((error: unknown) => {
      if (!notFound(error) && !signal.aborted) console.warn(warning, error);
      throw error;
    }),
  );
  if (!name) return { status: 'none' };
  if (loaded.status === 'ready') return ready(loaded.value);
  if (loaded.status === 'loading') return loaded;
  return { status: notFound(loaded.error) ? 'not-found' : 'failed' };
}
