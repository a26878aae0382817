/**
 * /guide: the coming dates of all three calendars, this week and the next (or, before the season,
 * its first two weeks), with their seats and what each is, each a link to its roster; the later ones
 * follow on request, two weeks at a time.
 */
import { useState } from 'react';
import type { GuideDate } from '../../../../shared/contract/answers.ts';
import { denverDay, denverDayPlus, formatDenverDateTime, formatDenverDay } from '../../../../shared/rules/dates.ts';
import { seatSummary } from '../../../lib/guide-seats.ts';
import { GuideStates } from './GuideStates.tsx';
import { api } from '../../../stores/api.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import '../../../styles/account.css';
import '../../../styles/guide.css';

/** Two weeks of Kamas days: this week and the next. */
const SHOWN_DAYS = 14;

export default function GuideDates() {
  const state = useStaffData<GuideDate[]>('dates', (signal) => api.guideDates({ signal }));
  const [weeks, setWeeks] = useState(1);
  const [today] = useState(() => denverDay(Date.now()));
  if (state.status !== 'ready') return <GuideStates state={state} loadingLabel="Loading the upcoming dates" />;
  if (state.data.length === 0) return <p className="guide-note">No upcoming dates.</p>;
  const dayOf = (date: GuideDate) => denverDay(date.date._seconds * 1000);
  const firstDay = state.data[0] ? dayOf(state.data[0]) : today;
  const from = firstDay > today ? firstDay : today;
  const until = denverDayPlus(from, weeks * SHOWN_DAYS);
  const shown = state.data.filter((date) => dayOf(date) < until);
  const later = state.data.length - shown.length;
  return (
    <>
      <p className="guide-note">
        {shown.length} {shown.length === 1 ? 'date' : 'dates'} from {formatDenverDay(from)} to {formatDenverDay(denverDayPlus(until, -1))}.
      </p>
      <ul className="guide-dates">
        {shown.map((date) => (
          <li key={date.id} className="guide-date">
            <a href={`/guide/roster?date=${encodeURIComponent(date.id)}`}>{formatDenverDateTime(date.date._seconds * 1000)}</a>
            <span className="guide-date-product">{date.activity}</span>
            <span className="guide-date-seats">{seatSummary(date)}</span>
          </li>
        ))}
      </ul>
      {later > 0 && (
        <button type="button" className="button secondary guide-later" onClick={() => setWeeks((count) => count + 1)}>
          Show two more weeks<span className="visually-hidden"> of dates</span>
        </button>
      )}
    </>
  );
}
