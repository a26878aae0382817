/**
 * What the checkout's invite link is for, loaded once at the start: the trip, its start and who
 * invited; and, once the friend is signed in, the party is told they are joining.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api/api-error.ts';
import { loadInvitation, startJoining } from '../stores/invitation.ts';
import type { Invitation } from '../../../../shared/rules/party.ts';

export type InvitationState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; invitation: Invitation }
  /** No paid booking has this code (a mistyped link, a cancelled trip). */
  | { status: 'not-found' }
  /** It could not be asked just now; joining still tries. */
  | { status: 'failed' };

export function useInvitation(inviteCode: string | null, signedIn: boolean): InvitationState {
  useEffect(() => {
    // The payer's party shows them as `Joining`; should it fail, joining itself still works.
    if (inviteCode && signedIn)
      startJoining(inviteCode).catch((error: unknown) => console.warn('Could not say the friend is joining', error));
  }, [inviteCode, signedIn]);

  const [answer, setAnswer] = useState<{ code: string; state: InvitationState } | null>(null);
  useEffect(() => {
    if (!inviteCode) return;
    const abort = new AbortController();
    loadInvitation(inviteCode, abort.signal).then(
      (invitation) => setAnswer({ code: inviteCode, state: { status: 'ready', invitation } }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const notFound = error instanceof ApiError && error.status === 404;
        if (!notFound) console.warn('Could not read the invite', error);
        setAnswer({ code: inviteCode, state: { status: notFound ? 'not-found' : 'failed' } });
      },
    );
    return () => abort.abort();
  }, [inviteCode]);
  if (!inviteCode) return { status: 'none' };
  return answer?.code === inviteCode ? answer.state : { status: 'loading' };
}
