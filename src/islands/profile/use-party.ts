/** The party of one booking (GET /parties/{dateId}): loading, then the party or a failure that can be tried again. */
import { useCallback, useEffect, useState } from 'react';
import type { Party } from '../../lib/party.ts';
import { api } from '../../stores/api.ts';

export type PartyState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; party: Party };

export function useParty(dateId: string): { state: PartyState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; value: PartyState } | null>(null);
  const key = `${dateId}#${attempt}`;
  useEffect(() => {
    const controller = new AbortController();
    api.party(dateId, controller.signal).then(
      (party) => setState({ key, value: { status: 'ready', party } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load the party', error);
        setState({ key, value: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [dateId, key]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state: state?.key === key ? state.value : { status: 'loading' }, retry };
}
