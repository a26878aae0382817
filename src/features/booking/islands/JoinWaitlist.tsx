/**
 * Join the waitlist, under a booking page's choices when some of its dates are full: the full date,
 * a party of 1 to 4 and whether a nearby date (the same week) would do. When seats come free, the
 * first party in line that fits gets an e-mail, and the seats are held for it. Signed out (nobody
 * remembered on this browser), it asks to log in; the waits themselves are on My Bookings.
 */
import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { DateAvailability } from '../../../../shared/rules/availability.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { WAITLIST_PARTY_MAX, WAITLIST_PARTY_MIN } from '../../../../shared/contract/requests.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { $knownUser } from '../../../stores/known-user.ts';

interface Props {
  /** The page's full dates, for the price chosen (the class, the activity, the day): at least one. */
  fullDates: readonly DateAvailability[];
  /** The price a party waits for. */
  priceId: string;
}

const SIZES = Array.from({ length: WAITLIST_PARTY_MAX - WAITLIST_PARTY_MIN + 1 }, (_, index) => WAITLIST_PARTY_MIN + index);

type Sent = { state: 'idle' } | { state: 'sending' } | { state: 'joined'; when: string } | { state: 'failed'; message: string };

export default function JoinWaitlist({ fullDates, priceId }: Props) {
  // Firebase starts with the first call (the token): until then, this browser's remembered sign-in counts.
  const known = useStore($knownUser);
  const id = useId();
  const [dateId, setDateId] = useState('');
  const [partySize, setPartySize] = useState(2);
  const [nearby, setNearby] = useState(false);
  const [sent, setSent] = useState<Sent>({ state: 'idle' });
  const chosen = fullDates.find((date) => date.entry.id === dateId) ?? fullDates[0];

  async function join() {
    if (!chosen || sent.state === 'sending') return;
    setSent({ state: 'sending' });
    try {
      // The API client loads with the first join: a booking page's visitors who never join do without it.
      const { api } = await import('../../../stores/api.ts');
      await api.joinWaitlist({ dateId: chosen.entry.id, priceId, partySize, nearby });
      setSent({ state: 'joined', when: formatDenverDateTime(chosen.entry.startsAt) });
    } catch (error) {
      setSent({ state: 'failed', message: shownError(error, 'Could not join the waitlist. Please try again.') });
    }
  }

  return (
    <section className="waitlist-join" aria-labelledby={`${id}-title`}>
      <h2 className="booking-step" id={`${id}-title`}>
        Full? Join the waitlist
      </h2>
      <p className="form-hint">
        When seats come free on a full date, we hold them for the first party in line that fits and e-mail you a link to book them.
      </p>
      <div className="field">
        <label htmlFor={`${id}-date`}>Full date</label>
        <select id={`${id}-date`} value={chosen?.entry.id ?? ''} onChange={(event) => setDateId(event.target.value)}>
          {fullDates.map((date) => (
            <option key={date.entry.id} value={date.entry.id}>
              {formatDenverDateTime(date.entry.startsAt)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-party`}>Party size</label>
        <select id={`${id}-party`} value={partySize} onChange={(event) => setPartySize(Number(event.target.value))}>
          {SIZES.map((size) => (
            <option key={size} value={size}>
              {size === 1 ? '1 person' : `${size} people`}
            </option>
          ))}
        </select>
      </div>
      <div className="check-field">
        <input id={`${id}-nearby`} type="checkbox" checked={nearby} onChange={(event) => setNearby(event.target.checked)} />
        <label htmlFor={`${id}-nearby`}>A nearby date would do too (the same week)</label>
      </div>
      {!known ? (
        <p className="form-hint">
          Please <a href="/sign-in">log in</a> to join the waitlist.
        </p>
      ) : (
        <button type="button" className="button secondary" aria-disabled={sent.state === 'sending'} onClick={() => void join()}>
          {sent.state === 'sending' ? 'Joining...' : 'Join the waitlist'}
        </button>
      )}
      <p className="form-status" role="status">
        {sent.state === 'joined' && (
          <>
            You are on the waitlist for {sent.when}. Your place in line is on <a href="/profile">My Bookings</a>.
          </>
        )}
      </p>
      {sent.state === 'failed' && (
        <p className="form-error" role="alert">
          {sent.message}
        </p>
      )}
    </section>
  );
}
