/** Above the steps of a checkout that came from an invite link: whose trip it is, what and when; or that the link leads nowhere. */
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import type { Invitation } from '../../../../shared/rules/party.ts';
import type { InvitationState } from './use-invitation.ts';

/** 'Casey invited you on Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM.' */
export function invitationText(invitation: Invitation): string {
  return `${invitation.invitedBy ?? 'A friend'} invited you on ${invitation.title}, ${formatDenverDateTime(Date.parse(invitation.startsAt))}.`;
}

export default function InvitationNote({ state }: { state: InvitationState }) {
  if (state.status === 'ready') {
    return (
      <p className="checkout-invitation" role="status">
        <strong>You are invited.</strong> {invitationText(state.invitation)}
        {state.invitation.spotsLeft === 0 && ' Every spot in this party is taken already.'}
      </p>
    );
  }
  if (state.status === 'not-found') {
    return (
      <p className="checkout-invitation checkout-invitation-problem" role="alert">
        We could not find the trip this invite link is for: it may have been cancelled. Ask the friend who booked for a fresh invite link.
      </p>
    );
  }
  // While it loads, or when it could not be read, the steps say the rest.
  return <p className="checkout-invitation-placeholder" role="status" />;
}
