/** Step 4 for an invited friend: the invite code is posted, and on success the friend goes to their profile. */
import { useEffect, useState } from 'react';
import { api } from '../../stores/api.ts';

type InviteState = { status: 'sending' } | { status: 'failed'; message: string };

const INVITE_FAILED_PREFIX = 'Failed to validate invite: ';

/** 'Failed to validate invite: ' and the server's reason, without saying it twice (the API's reasons carry the prefix already). */
function inviteFailure(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return reason.startsWith(INVITE_FAILED_PREFIX) ? reason : `${INVITE_FAILED_PREFIX}${reason}`;
}

export default function InviteStep({ inviteCode }: { inviteCode: string }) {
  const [state, setState] = useState<InviteState>({ status: 'sending' });

  useEffect(() => {
    let cancelled = false;
    api
      .joinParty(inviteCode)
      .then(() => {
        if (!cancelled) window.location.assign('/profile');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setState({ status: 'failed', message: inviteFailure(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [inviteCode]);

  if (state.status === 'sending') {
    return (
      <p role="status" className="checkout-progress">
        <span className="spinner" aria-hidden="true" /> Sending invite code...
      </p>
    );
  }
  return (
    <div className="checkout-problem">
      <p className="form-error" role="alert">
        {state.message}
      </p>
      <p>
        Ask the friend who booked for a fresh invite link, or <a href="/services">book your own trip</a>.
      </p>
    </div>
  );
}
