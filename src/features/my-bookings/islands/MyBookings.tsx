/**
 * My Bookings: a spinner while the calendars load, then a grid of the customer's booking cards (first
 * those on a date we called off, waiting for their choice), 'No bookings found.' when there are
 * none, or 'Error: ' and what failed; with no network, a plain `No signal` line instead. Meanwhile the
 * customer's trailhead passes are read and kept on the device; with no network, the kept passes show
 * below, with when they were updated.
 * Below, the dates the customer waits for (../../waitlist/islands/MyWaits.tsx), then the gift cards kept on the account
 * (../../gift-cards/islands/MyGiftCards.tsx). Right after a payment the section opens at
 * the booking just paid for, marked new; the account menu's `My Bookings` links here (#my-bookings).
 * A booking moved to another date shows there at once, saying so.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { takeJustBooked } from '../../../lib/just-booked.ts';
import { loadPasses } from '../../trailhead/stores/pass-store.ts';
import KeptPasses from '../../trailhead/islands/KeptPasses.tsx';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';
import BookingCardView from './BookingCardView.tsx';
import CalledOffCard from './CalledOffCard.tsx';
import MyWaits from '../../waitlist/islands/MyWaits.tsx';
import MyGiftCards from '../../gift-cards/islands/MyGiftCards.tsx';
import GivenGifts from '../../gift-cards/islands/GivenGifts.tsx';
import { useCopied } from './use-copied.ts';
import { useMyBookings } from './use-my-bookings.ts';

export const NO_BOOKINGS = 'No bookings found.';
export const NO_SIGNAL = 'No signal: your bookings show again once this phone is online.';

/** `onDrawn`: told once the bookings (or why they could not load) are on the page, so what is below them has its place. */
export default function MyBookings({ uid, onDrawn }: { uid: string; onDrawn?: () => void }) {
  const id = useId();
  /** A booking just moved to another date: its new date's id and what to say there; the list loads again to show it. */
  const [moved, setMoved] = useState<{ dateId: string; notice: string; reload: number } | null>(null);
  const state = useMyBookings(uid, moved?.reload ?? 0);
  const passes = useLoaded(uid, (signal) => loadPasses(uid, signal), 'Could not keep the trailhead passes');
  const { copiedKey, copy } = useCopied();
  const section = useRef<HTMLElement>(null);
  // Read once on mount: a reload of the profile opens it as usual.
  const [justBooked] = useState(takeJustBooked);
  // Opened at the bookings (after a payment, or by the menu's link): scrolled there once they have loaded,
  // since the browser looked for #my-bookings before the section was drawn.
  const [openHere] = useState(() => justBooked !== null || (typeof window !== 'undefined' && window.location.hash === '#my-bookings'));
  const ready = state.status === 'ready';
  const drawn = state.status !== 'loading';
  useEffect(() => {
    if (drawn) onDrawn?.();
  }, [drawn, onDrawn]);
  useEffect(() => {
    if (!openHere || !ready) return;
    const card = justBooked ? section.current?.querySelector(`[data-date-id="${CSS.escape(justBooked)}"]`) : null;
    (card ?? section.current)?.scrollIntoView({ block: 'start' });
  }, [openHere, justBooked, ready]);

  return (
    <section
      ref={section}
      id="my-bookings"
      className="profile-section my-bookings"
      aria-labelledby={`${id}-title`}
      aria-busy={state.status === 'loading'}
    >
      <h2 id={`${id}-title`}>My Bookings</h2>
      {state.status === 'loading' && (
        <div className="bookings-loading" role="status">
          <span className="spinner account-spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading your bookings</span>
        </div>
      )}
      {state.status === 'failed' &&
        (state.noSignal ? (
          <p className="bookings-no-signal" role="status">
            {NO_SIGNAL}
          </p>
        ) : (
          <p className="form-error bookings-error" role="alert">
            Error: {state.message}
          </p>
        ))}
      {state.status === 'failed' && passes.status === 'ready' && !passes.value.fresh && <KeptPasses passes={passes.value} />}
      {state.status === 'ready' &&
        (state.cards.length === 0 && state.calledOff.length === 0 ? (
          <p className="bookings-empty">{NO_BOOKINGS}</p>
        ) : (
          <ul className="booking-grid">
            {state.calledOff.map((booking) => (
              <li key={booking.bookingId}>
                <CalledOffCard booking={booking} />
              </li>
            ))}
            {state.cards.map((booking) => (
              <li key={booking.id} data-date-id={booking.id}>
                <BookingCardView
                  booking={booking}
                  justBooked={booking.id === justBooked}
                  movedHere={booking.id === moved?.dateId ? moved.notice : null}
                  onMoved={(notice, dateId) => setMoved({ dateId, notice, reload: (moved?.reload ?? 0) + 1 })}
                  copied={copiedKey === booking.id}
                  onCopy={(text) => void copy(booking.id, text)}
                />
              </li>
            ))}
          </ul>
        ))}
      <MyWaits uid={uid} />
      <MyGiftCards uid={uid} />
      <GivenGifts uid={uid} />
    </section>
  );
}
