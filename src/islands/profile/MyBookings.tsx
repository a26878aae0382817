/**
 * My Bookings: a spinner while the calendars load, then a grid of the customer's booking cards (first
 * those on a date we called off, waiting for their choice), 'No bookings found.' when there are
 * none, or 'Error: ' and what failed. Meanwhile the customer's trailhead passes are read and kept on
 * the device; with no network, the kept passes show below the error, with when they were updated.
 * Below, the dates the customer waits for (./MyWaits.tsx).
 */
import { useId } from 'react';
import { loadPasses } from '../../features/trailhead/stores/pass-store.ts';
import KeptPasses from '../../features/trailhead/islands/KeptPasses.tsx';
import { useLoaded } from '../shared/use-loaded.ts';
import BookingCardView from './BookingCardView.tsx';
import CalledOffCard from './CalledOffCard.tsx';
import MyWaits from './MyWaits.tsx';
import { useCopied } from './use-copied.ts';
import { useMyBookings } from './use-my-bookings.ts';

export const NO_BOOKINGS = 'No bookings found.';

export default function MyBookings({ uid }: { uid: string }) {
  const id = useId();
  const state = useMyBookings(uid);
  const passes = useLoaded(uid, (signal) => loadPasses(uid, signal), 'Could not keep the trailhead passes');
  const { copiedKey, copy } = useCopied();

  return (
    <section className="profile-section my-bookings" aria-labelledby={`${id}-title`} aria-busy={state.status === 'loading'}>
      <h2 id={`${id}-title`}>My Bookings</h2>
      {state.status === 'loading' && (
        <div className="bookings-loading" role="status">
          <span className="spinner account-spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading your bookings</span>
        </div>
      )}
      {state.status === 'failed' && (
        <p className="form-error bookings-error" role="alert">
          Error: {state.message}
        </p>
      )}
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
              <li key={booking.id}>
                <BookingCardView booking={booking} copied={copiedKey === booking.id} onCopy={(text) => void copy(booking.id, text)} />
              </li>
            ))}
          </ul>
        ))}
      <MyWaits uid={uid} />
    </section>
  );
}
