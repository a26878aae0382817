/**
 * /pass?date=ID: the signed-in customer's trailhead pass for one trip. It is read from the API when
 * there is a network and kept on the phone, so at a trailhead with no signal it opens from the phone
 * alone (the page from the service worker, the pass from IndexedDB), saying when it was last updated.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $authStatus, $knownUser, startAuth } from '../../../stores/auth.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { AccountLoading } from '../../../ui/fields.tsx';
import { loadPasses } from '../stores/pass-store.ts';
import { passesUpdated } from './KeptPasses.tsx';
import TrailheadPassCard from './TrailheadPassCard.tsx';
import '../../../styles/account.css';
import '../../../styles/pass.css';

export default function PassPage() {
  const hydrated = useHydrated();
  const dateId = useSearchParam('date');
  const known = useStore($knownUser);
  const auth = useStore($authStatus);
  const uid = known?.uid ?? null;
  const loaded = useLoaded(uid, (signal) => loadPasses(uid ?? '', signal), 'Could not load the trailhead passes');

  useEffect(() => {
    void startAuth();
  }, []);

  if (!hydrated) return <AccountLoading label="Opening your pass" />;
  if (!known || auth === 'signed-out') {
    return (
      <p className="account-signed-out" role="status">
        Please <a href="/sign-in">log in</a> to see your trailhead pass.
      </p>
    );
  }
  if (loaded.status === 'loading') return <AccountLoading label="Opening your pass" />;
  if (loaded.status === 'failed') {
    return (
      <p className="form-error" role="alert">
        Your pass could not be loaded, and none is kept on this phone yet. Open this page once with a signal before you leave.
      </p>
    );
  }
  const passes = dateId ? loaded.value.passes.filter((pass) => pass.dateId === dateId) : loaded.value.passes;
  return (
    <div className="pass-page">
      <p className="pass-updated" role="status">
        {passesUpdated(loaded.value)}
      </p>
      {passes.length === 0 ? (
        <p className="pass-none">
          {dateId ? 'You have no pass for this trip: ' : 'You have no trips ahead. '}
          passes are for paid bookings still ahead. See <a href="/profile">My Bookings</a>.
        </p>
      ) : (
        passes.map((pass) => <TrailheadPassCard key={`${pass.dateId}/${pass.bookingId}`} pass={pass} level={2} />)
      )}
      <p>
        <a href="/profile">My Bookings</a>
      </p>
    </div>
  );
}
