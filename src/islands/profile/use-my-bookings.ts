/** The states of My Bookings: loading, then the cards or the error. */
import { useLoaded } from '../shared/use-loaded.ts';
import { loadMyBookings, type MyBookingsList } from './load-my-bookings.ts';

export type MyBookingsState = { status: 'loading' } | { status: 'failed'; message: string } | ({ status: 'ready' } & MyBookingsList);

export function useMyBookings(uid: string): MyBookingsState {
  const loaded = useLoaded(uid, (signal) => loadMyBookings(uid, signal), 'Could not load the bookings');
  if (loaded.status === 'ready') return { status: 'ready', ...loaded.value };
  if (loaded.status === 'loading') return loaded;
  const { error } = loaded;
  return { status: 'failed', message: error instanceof Error && error.message ? error.message : 'Your bookings could not be loaded.' };
}
