/**
 * Join the waitlist of a full date, opened from a booking page (./WaitlistPanel.tsx): the date (any
 * of the page's full dates), the party it is for (the seats the visitor would book: one for a class),
 * and, where the activity has another date that week, whether a nearby date would do. When seats
 * come free, the first party in line that fits gets an e-mail, and the seats are held for it; joining
 * is confirmed by e-mail. Signed out (nobody remembered on this browser), it asks to log in; the
 * waits themselves are on My Bookings.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { DateAvailability } from '../../../../shared/rules/availability.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { hasNearbyDate, type FreedDate } from '../../../../shared/rules/waitlist.ts';
import { people } from '../../../../shared/rules/party.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { $knownUser } from '../../../stores/known-user.ts';

interface Props {
  /** The page's dates for the price chosen, full or not. */
  dates: readonly DateAvailability[];
  /** Of those, the full ones: at least one. */
  fullDates: readonly DateAvailability[];
  /** The full date the party would wait for. */
  chosen: DateAvailability;
  /** The price a party waits for. */
  priceId: string;
  partySize: number;
  onChoose: (dateId: string) => void;
  onClose: () => void;
}

type Sent = { state: 'idle' } | { state: 'sending' } | { state: 'joined'; when: string } | { state: 'failed'; message: string };

export default function JoinWaitlist({ dates, fullDates, chosen, priceId, partySize, onChoose, onClose }: Props) {
  // Firebase starts with the first call (the token): until then, this browser's remembered sign-in counts.
  const known = useStore($knownUser);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [nearby, setNearby] = useState(false);
  const [sent, setSent] = useState<Sent>({ state: 'idle' });
  const asFreed = (date: DateAvailability): FreedDate => ({
    id: date.entry.id,
    startsAt: date.entry.startsAt.getTime(),
    activity: date.entry.priceId ?? priceId,
  });
  const nearbyOffered = hasNearbyDate(asFreed(chosen), dates.map(asFreed));

  // Opened from a tap on the calendar or the button: the form is where the eye goes next.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  async function join() {
    if (sent.state === 'sending') return;
    setSent({ state: 'sending' });
    try {
      // The API client loads with the first join: a booking page's visitors who never join do without it.
      const { joinWaitlist } = await import('../stores/waitlist.ts');
      await joinWaitlist({ dateId: chosen.entry.id, priceId, partySize, nearby: nearbyOffered && nearby });
      setSent({ state: 'joined', when: formatDenverDateTime(chosen.entry.startsAt) });
    } catch (error) {
      setSent({ state: 'failed', message: shownError(error, 'Could not join the waitlist. Please try again.') });
    }
  }

  return (
    <section className="waitlist-join" aria-labelledby={`${id}-title`}>
      <h2 className="booking-step" id={`${id}-title`} ref={heading} tabIndex={-1}>
        Join the waitlist
      </h2>
      <p className="form-hint">
        When seats come free on a full date, we hold them for the first party in line that fits and e-mail you a link to book them.
      </p>
      <div className="field">
        <label htmlFor={`${id}-date`}>Full date</label>
        <select
          id={`${id}-date`}
          value={chosen.entry.id}
          onChange={(event) => {
            setSent({ state: 'idle' });
            onChoose(event.target.value);
          }}
        >
          {fullDates.map((date) => (
            <option key={date.entry.id} value={date.entry.id}>
              {formatDenverDateTime(date.entry.startsAt)}
            </option>
          ))}
        </select>
      </div>
      <p>
        For {people(partySize)}
        {partySize === 1
          ? ': one seat, as a booking here takes; friends join by your invite link once you have booked.'
          : ', as chosen above.'}
      </p>
      {nearbyOffered && (
        <div className="check-field">
          <input id={`${id}-nearby`} type="checkbox" checked={nearby} onChange={(event) => setNearby(event.target.checked)} />
          <label htmlFor={`${id}-nearby`}>Another date the same week would do too</label>
        </div>
      )}
      {!known && (
        <p className="form-hint">
          Please <a href="/sign-in">log in</a> to join the waitlist.
        </p>
      )}
      <div className="button-row">
        {known && (
          <button type="button" className="button primary" aria-disabled={sent.state === 'sending'} onClick={() => void join()}>
            {sent.state === 'sending' ? 'Joining...' : 'Join the waitlist'}
          </button>
        )}
        <button type="button" className="button secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="form-status" role="status">
        {sent.state === 'joined' && (
          <>
            You are on the waitlist for {sent.when}. We sent you an e-mail saying so; your place in line is on{' '}
            <a href="/profile#my-bookings">My Bookings</a>.
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
