/**
 * Step 4 for an invited friend: the invite code is posted; once they are in, they read so (the trip
 * and its start, whose party) and go on to My Bookings on their profile after 5 seconds, or at once.
 */
import { useEffect, useState } from 'react';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import type { Invitation } from '../../../../shared/rules/party.ts';
import { isNoSignal, NO_SIGNAL_TEXT, shownError } from '../../../lib/api/api-error.ts';
import { api } from '../../../stores/api.ts';

type InviteState = { status: 'sending' } | { status: 'joined' } | { status: 'failed'; message: string };

const INVITE_FAILED_PREFIX = 'Failed to validate invite: ';
/** The wait before My Bookings, after the friend has read that they are in. */
const PROFILE_REDIRECT_MS = 5000;

/** 'Failed to validate invite: ' and the server's reason, without saying it twice (the API's reasons carry the prefix already). */
function inviteFailure(error: unknown): string {
  if (isNoSignal(error)) return NO_SIGNAL_TEXT;
  const reason = shownError(error, 'the invitation could not be checked');
  return reason.startsWith(INVITE_FAILED_PREFIX) ? reason : `${INVITE_FAILED_PREFIX}${reason}`;
}

/** 'You are in Casey's party for Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM.' */
function joinedText(invitation: Invitation | null): string {
  if (!invitation) return 'You are in the party.';
  const whose = invitation.invitedBy ? `${invitation.invitedBy}’s party` : 'the party';
  return `You are in ${whose} for ${invitation.title}, ${formatDenverDateTime(Date.parse(invitation.startsAt))}.`;
}

export default function InviteStep({ inviteCode, invitation }: { inviteCode: string; invitation: Invitation | null }) {
  const [state, setState] = useState<InviteState>({ status: 'sending' });

  useEffect(() => {
    let cancelled = false;
    api
      .joinParty({ body: { inviteCode } })
      .then(() => {
        if (!cancelled) setState({ status: 'joined' });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setState({ status: 'failed', message: inviteFailure(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [inviteCode]);

  useEffect(() => {
    if (state.status !== 'joined') return;
    const timer = setTimeout(() => window.location.assign('/profile'), PROFILE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.status]);

  if (state.status === 'sending') {
    return (
      <p role="status" className="checkout-progress">
        <span className="spinner" aria-hidden="true" /> Sending invite code...
      </p>
    );
  }
  if (state.status === 'joined') {
    return (
      <div className="checkout-joined">
        <p role="status">
          <strong>{joinedText(invitation)}</strong> The trip is on My Bookings on your profile, where you will find it in 5 seconds.
        </p>
        <p>
          <a className="button primary" href="/profile">
            Go to My Bookings now
          </a>
        </p>
      </div>
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
