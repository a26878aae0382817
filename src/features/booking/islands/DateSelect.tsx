/**
 * Select Date on the class and mentorship pages: each date (its day in Kamas) with its spots left,
 * and under it the chosen date's start time; full dates read `Full` and cannot be chosen (their
 * waitlist can be joined below). Nothing can be chosen
 * before a price is; choosing a date lets go of any note on a date that was let go before.
 */
import { seatsWords, type DateAvailability } from '../../../../shared/rules/availability.ts';
import { formatDenverDate, formatDenverTime } from '../../../../shared/rules/dates.ts';
import { chooseDate } from '../stores/cart.ts';
import { dismissSelectionNotice, type CalendarLoad } from '../stores/calendars.ts';

interface Props {
  id: string;
  /** The dates open to the chosen price. */
  dates: readonly DateAvailability[];
  load: CalendarLoad;
  priced: boolean;
  /** The chosen date's id, or '' for none. */
  value: string;
  /** What the first, unchosen line says before a price is chosen (else what it would say after), when the dates failed to load, and when none is open. */
  says: { unpriced?: string; failed: string; none: string };
}

export default function DateSelect({ id, dates, load, priced, value, says }: Props) {
  const placeholder =
    !priced && says.unpriced
      ? says.unpriced
      : load.status === 'failed'
        ? says.failed
        : load.status !== 'ready'
          ? 'Loading dates...'
          : dates.length === 0
            ? says.none
            : 'Choose a date';
  const listed = priced ? dates : [];
  const chosen = listed.find((date) => date.entry.id === value);

  function choose(dateId: string) {
    const date = listed.find((candidate) => candidate.entry.id === dateId);
    if (!date) return;
    dismissSelectionNotice();
    chooseDate(date.entry);
  }

  return (
    <div className="field">
      <label htmlFor={id}>Select Date</label>
      <select id={id} value={value} disabled={!priced || dates.length === 0} onChange={(event) => choose(event.target.value)}>
        <option value="" disabled>
          {placeholder}
        </option>
        {listed.map((date) => (
          <option key={date.entry.id} value={date.entry.id} disabled={date.spotsLeft <= 0}>
            {formatDenverDate(date.entry.startsAt)} - {seatsWords(date.spotsLeft)}
          </option>
        ))}
      </select>
      {chosen && <p className="form-hint">Starts at {formatDenverTime(chosen.entry.startsAt)}, Kamas time.</p>}
    </div>
  );
}
