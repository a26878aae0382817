/** The states of My Bookings (spec section 4, Bookings list): loading, then the cards or the error. */
import { useEffect, useState } from 'react';
import type { BookingCard } from '../../lib/my-bookings.ts';
import { loadMyBookings } from './load-my-bookings.ts';

export type MyBookingsState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; cards: BookingCard[] };

export function useMyBookings(uid: string): MyBookingsState {
  const [state, setState] = useState<{ uid: string; value: MyBookingsState } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadMyBookings(uid, controller.signal).then(
      (cards) => setState({ uid, value: { status: 'ready', cards } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load the bookings', error);
        const message = error instanceof Error && error.message ? error.message : 'Your bookings could not be loaded.';
        setState({ uid, value: { status: 'failed', message } });
      },
    );
    return () => controller.abort();
  }, [uid]);
  return state?.uid === uid ? state.value : { status: 'loading' };
}
