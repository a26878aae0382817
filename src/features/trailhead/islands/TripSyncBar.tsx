/**
 * Where the phone's check-ins stand: waiting on the phone, on their way, sent, or what stopped them;
 * what the office's record refused, and why (kept on the phone and by the office); and Send now.
 */
import type { SyncState } from '../stores/trip-page.ts';
import { unsentWords, type UnsentEvent } from '../rules/roll-call.ts';

interface Props {
  sync: SyncState;
  /** The events recorded on this phone that wait to be sent. */
  unsent: readonly UnsentEvent[];
  /** Each event the API refused, in words with its reason. */
  refused: readonly string[];
  /** What changed on the server since the sheet saved before this one. */
  changes: readonly string[];
  onSend: () => void;
}

function words(sync: SyncState, unsent: readonly UnsentEvent[]): string {
  const waiting = unsentWords(unsent);
  switch (sync.status) {
    case 'sending':
      return 'Sending what this phone recorded…';
    case 'offline':
      if (waiting) return `${waiting}. Sent as soon as this phone has a signal.`;
      return 'No signal: what you recorded stays on this phone and goes as soon as there is one.';
    case 'failed':
      return `Could not send: ${sync.message} What you recorded stays on this phone.`;
    case 'revoked':
      return waiting
        ? 'Your account no longer has the guide role, so its trip sheets were removed from this phone. What you recorded and could not send stays on it: show the office.'
        : 'Your account no longer has the guide role, so its trip sheets were removed from this phone.';
    case 'done':
    case 'idle':
      if (waiting) return `${waiting}. Sent as soon as this phone has a signal.`;
      return sync.status === 'done'
        ? 'Everything recorded on this phone is sent, and the sheet is up to date.'
        : 'Everything recorded on this phone is sent.';
  }
}

export default function TripSyncBar({ sync, unsent, refused, changes, onSend }: Props) {
  return (
    <div className="trip-sync">
      <p role="status">{words(sync, unsent)}</p>
      {refused.length > 0 && (
        <div className="form-error" role="alert">
          <p>Not recorded as sent: the office has these too, to look at.</p>
          <ul>
            {refused.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {sync.status === 'done' && changes.length > 0 && (
        <div className="trip-changes">
          <h3>Changed since the sheet was saved before</h3>
          <ul>
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </div>
      )}
      <button type="button" className="button secondary" disabled={sync.status === 'sending'} onClick={onSend}>
        {unsent.length > 0 ? 'Send now' : 'Update the sheet'}
      </button>
    </div>
  );
}
