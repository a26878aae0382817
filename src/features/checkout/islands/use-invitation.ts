/**
 * What the checkout's invite link is for, loaded once at the start: the trip, its start and who
 * invited; and, once the friend is signed in, the party is told they are joining. Not found: no paid
 * booking has this code (a mistyped link, a cancelled trip); failed: it could not be asked just now,
 * and joining still tries.
 */
import { useEffect } from 'react';
import { loadInvitation, startJoining } from '../stores/invitation.ts';
import type { Invitation } from '../../../../shared/rules/party.ts';
import { useLinked, type Linked } from '../../../ui/hooks/use-linked.ts';

export type InvitationState = Linked<{ status: 'ready'; invitation: Invitation }>;

export function useInvitation(inviteCode: string | null, signedIn: boolean): InvitationState {
  useEffect(() => {
    // The payer's party shows them as `Joining`; should it fail, joining itself still works.
    if (inviteCode && signedIn)
      startJoining(inviteCode).catch((error: unknown) => console.warn('Could not say the friend is joining', error));
  }, [inviteCode, signedIn]);

  return useLinked(inviteCode, {
    load: loadInvitation,
    ready: (invitation) => ({ status: 'ready', invitation }),
    warning: 'Could not read the invite',
  });
}
