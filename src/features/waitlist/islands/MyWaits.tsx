/**
 * My Bookings' waits: each date the customer waits for, with their honest place in line ('2nd in
 * line for 3 seats'), and Leave the waitlist. Seats offered show as held until the offer ends, with
 * the link to book them. Nothing shows when the customer waits for nothing.
 */
import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { WaitlistEntryAnswer } from '../../../../shared/contract/waitlist.ts';
import { formatDenverDateTime, formatDenverDeadline } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { placeWords } from '../../../../shared/rules/waitlist.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { $myWaits, closeMyWaits, leaveWaitlist, loadMyWaits, type WaitsLoad } from '../stores/waitlist.ts';

const LOADING: WaitsLoad = { status: 'loading' };

const offerHref = (offerId: string) => `/checkout?${new URLSearchParams({ offer: offerId }).toString()}`;

function WaitCard({ wait, onLeft }: { wait: WaitlistEntryAnswer; onLeft: () => void }) {
  const id = useId();
  const [leaving, setLeaving] = useState<'idle' | 'sending' | string>('idle');
  const when = formatDenverDateTime(Date.parse(wait.startsAt));
  const offer = wait.offer;

  async function leave() {
    setLeaving('sending');
    try {
      await leaveWaitlist(wait.id);
      onLeft();
    } catch (error) {
      setLeaving(shownError(error, 'Could not leave the waitlist. Please try again.'));
    }
  }

  return (
    <article className="booking-card booking-wait" aria-labelledby={`${id}-title`}>
      <div className="booking-body">
        <p className="booking-wait-flag">{offer ? 'Seats held for you' : 'Waitlist'}</p>
        <h3 id={`${id}-title`}>{wait.title}</h3>
        <p>
          <time dateTime={wait.startsAt}>{when}</time>
        </p>
        {offer ? (
          <>
            <p>
              Seats came free{offer.dateId === wait.dateId ? '' : ` on ${formatDenverDateTime(Date.parse(offer.startsAt))}`}: they are held
              for your party of {wait.partySize} until {formatDenverDeadline(Date.parse(offer.expiresAt))}, at {formatDollars(offer.amount)}
              .
            </p>
            <a className="button primary" href={offerHref(offer.id)}>
              Book these seats<span className="visually-hidden"> for {wait.title}</span>
            </a>
          </>
        ) : (
          <p className="booking-wait-place">
            {placeWords(wait.place, wait.partySize)}
            {wait.nearby ? '; a nearby date in the same week would do too' : ''}.
          </p>
        )}
        <button type="button" className="button secondary" aria-disabled={leaving === 'sending'} onClick={() => void leave()}>
          {leaving === 'sending' ? 'Leaving...' : 'Leave the waitlist'}
          <span className="visually-hidden"> for {when}</span>
        </button>
        {leaving !== 'idle' && leaving !== 'sending' && (
          <p className="form-error" role="alert">
            {leaving}
          </p>
        )}
      </div>
    </article>
  );
}

export default function MyWaits({ uid }: { uid: string }) {
  const id = useId();
  const mine = useStore($myWaits);
  const waits = mine.uid === uid ? mine.load : LOADING;
  const [left, setLeft] = useState<string | null>(null);
  useEffect(() => {
    loadMyWaits(uid);
    return closeMyWaits;
  }, [uid]);
  if (waits.status !== 'ready' || (waits.waits.length === 0 && !left)) return null;
  return (
    <section className="my-waits" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Your waitlists</h3>
      <p className="form-status" role="status">
        {left && `You left the waitlist for ${left}.`}
      </p>
      <ul className="booking-grid">
        {waits.waits.map((wait) => (
          <li key={wait.id}>
            <WaitCard wait={wait} onLeft={() => setLeft(formatDenverDateTime(Date.parse(wait.startsAt)))} />
          </li>
        ))}
      </ul>
    </section>
  );
}
