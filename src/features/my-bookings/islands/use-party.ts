/** The party of one booking (GET /parties/{dateId}): loading, then the party or a failure that can be tried again. */
import { useCallback, useState } from 'react';
import type { Party } from '../../../../shared/contract/answers.ts';
import { api } from '../../../stores/api.ts';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';

export type PartyState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; party: Party };

export function useParty(dateId: string): { state: PartyState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const loaded = useLoaded(`${dateId}#${attempt}`, (signal) => api.party({ params: { dateId }, signal }), 'Could not load the party');
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const state: PartyState = loaded.status === 'ready' ? { status: 'ready', party: loaded.value } : { status: loaded.status };
  return { state, retry };
}
