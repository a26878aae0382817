/** Select Date on the class and mentorship pages: each date with its start in Kamas and its spots left; full dates cannot be chosen. */
import { spotsLabel, type DateAvailability } from '../../lib/availability.ts';
import { formatDenverDateTime } from '../../lib/dates.ts';

interface Props {
  id: string;
  dates: readonly DateAvailability[];
  /** The chosen date's id, or '' for none. */
  value: string;
  disabled: boolean;
  /** The first, unchosen line: what to do, or why there is nothing to choose. */
  placeholder: string;
  onChoose: (dateId: string) => void;
}

export default function DateSelect({ id, dates, value, disabled, placeholder, onChoose }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>Select Date</label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChoose(event.target.value)}>
        <option value="" disabled>
          {placeholder}
        </option>
        {dates.map((date) => (
          <option key={date.entry.id} value={date.entry.id} disabled={date.spotsLeft <= 0}>
            {formatDenverDateTime(date.entry.startsAt)} - {spotsLabel(date.spotsLeft)}
          </option>
        ))}
      </select>
    </div>
  );
}
