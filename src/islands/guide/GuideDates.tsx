/** /guide: the upcoming dates of all three calendars with their paid, held and free seats, each a link to its roster. */
import type { GuideDate } from '../../lib/api/types.ts';
import { formatDenverDateTime } from '../../lib/dates.ts';
import { seatSummary } from '../../lib/guide-seats.ts';
import { GuideStates } from './GuideStates.tsx';
import { api } from '../../stores/api.ts';
import { useStaffData } from '../shared/use-staff-data.ts';
import '../../styles/account.css';
import '../../styles/guide.css';

export default function GuideDates() {
  const state = useStaffData<GuideDate[]>('dates', api.guideDates);
  if (state.status !== 'ready') return <GuideStates state={state} loadingLabel="Loading the upcoming dates" />;
  if (state.data.length === 0) return <p className="guide-note">No upcoming dates.</p>;
  return (
    <ul className="guide-dates">
      {state.data.map((date) => (
        <li key={date.id} className="guide-date">
          <a href={`/guide/roster?date=${encodeURIComponent(date.id)}`}>{formatDenverDateTime(date.date._seconds * 1000)}</a>
          <span className="guide-date-product">{date.productName}</span>
          <span className="guide-date-seats">{seatSummary(date)}</span>
        </li>
      ))}
    </ul>
  );
}
