/**
 * The trip sheets saved on this phone, soonest first, each a link to its sheet: on /guide, where a
 * guide at a trailhead with no signal finds them (the dates below need a network; these do not).
 * Nothing shows while none is saved.
 */
import { useStore } from '@nanostores/react';
import { formatDenverDateTime, formatDenverMoment } from '../../../../shared/rules/dates.ts';
import { $knownUser } from '../../../stores/auth.ts';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';
import { savedSheets } from '../stores/trip-store.ts';
import '../../../styles/guide.css';

export default function SavedTripSheets() {
  const known = useStore($knownUser);
  const uid = known?.uid ?? null;
  const saved = useLoaded(uid, () => savedSheets(uid ?? ''), 'Could not read the trip sheets saved on this phone');
  if (saved.status !== 'ready' || saved.value.length === 0) return null;
  return (
    <section className="trip-saved-sheets" aria-labelledby="saved-sheets-title">
      <h2 id="saved-sheets-title">Saved on this phone</h2>
      <ul className="guide-dates">
        {saved.value.map(({ sheet }) => (
          <li key={sheet.date.id} className="guide-date">
            <a href={`/guide/trip?date=${encodeURIComponent(sheet.date.id)}`}>{formatDenverDateTime(sheet.date.date._seconds * 1000)}</a>
            <span className="guide-date-product">{sheet.date.activity}</span>
            <span className="guide-date-seats">Trip sheet saved {formatDenverMoment(Date.parse(sheet.savedAt))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
