/** /ops: finding a booking, and today and the days ahead. */
import { isCalendarDay } from '../../lib/dates.ts';
import { useSearchParam } from '../shared/use-search-param.ts';
import { DaysAhead } from './DaysAhead.tsx';
import { FindBooking } from './FindBooking.tsx';
import '../../styles/account.css';
import '../../styles/ops.css';

export default function OpsHome() {
  const query = useSearchParam('q');
  const from = useSearchParam('from');
  return (
    <div className="ops">
      <nav className="ops-links" aria-label="Console">
        <a href="/ops/dates">Add dates</a>
        <a href="/ops/promo-codes">Promo codes</a>
        <a href="/ops/activity">The record of operator actions</a>
      </nav>
      <FindBooking query={query} />
      <DaysAhead from={from && isCalendarDay(from) ? from : null} />
    </div>
  );
}
