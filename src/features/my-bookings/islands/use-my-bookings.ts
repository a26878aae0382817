/** The states of My Bookings: loading, then the cards or the error (`noSignal` when the network failed, not the API). */
import { isNoSignal, shownError } from '../../../lib/api/api-error.ts';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';
import { loadMyBookings, type MyBookingsList } from './load-my-bookings.ts';

export type MyBookingsState =
  { status: 'loading' } | { status: 'failed'; message: string; noSignal: boolean } | ({ status: 'ready' } & MyBookingsList);

/** `reload`: a new number loads the list again (a booking changed its date). */
export function useMyBookings(uid: string, reload = 0): MyBookingsState {
  const loaded = useLoaded(`${uid}/${reload}`, (signal) => loadMyBookings(uid, signal), 'Could not load the bookings');
  if (loaded.status === 'ready') return { status: 'ready', ...loaded.value };
  if (loaded.status === 'loading') return loaded;
  const { error } = loaded;
  return {
    status: 'failed',
    message: shownError(error, 'Your bookings could not be loaded.'),
    noSignal: isNoSignal(error),
  };
}
