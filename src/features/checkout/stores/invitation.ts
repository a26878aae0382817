/**
 * What an invite link is for (GET /calendar/invite/{code}), asked for at checkout's first step with
 * a small check of its own (../lib/api/invitation.ts), before the rest of the API client loads; and
 * telling the party that the signed-in friend is on their way (POST /calendar/invite/joining).
 */
import { apiFetch } from '../../../lib/api/http.ts';
import { idToken } from '../../../stores/auth.ts';
import { readInvitation } from '../../../lib/api/invitation.ts';
import type { Invitation } from '../../../../shared/rules/party.ts';

export async function loadInvitation(inviteCode: string, signal?: AbortSignal): Promise<Invitation> {
  return readInvitation(
    await apiFetch<unknown>(`/calendar/invite/${encodeURIComponent(inviteCode)}`, { cache: 'no-store', ...(signal ? { signal } : {}) }),
  );
}

/** The signed-in friend has followed the invite link: the payer sees them as joining until they are in. */
export async function startJoining(inviteCode: string): Promise<void> {
  await apiFetch<unknown>('/calendar/invite/joining', { method: 'POST', body: { inviteCode }, token: await idToken() });
}
