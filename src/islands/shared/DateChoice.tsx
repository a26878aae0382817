/** A choice of dates as radio buttons, each labelled with its day and start time in Kamas. */
import type { MoveTarget } from '../../../shared/contract/answers.ts';
import { formatDenverDateTime } from '../../../shared/rules/dates.ts';

interface Props {
  /** The group's name, as a screen reader announces it. */
  legend: string;
  dates: readonly MoveTarget[];
  picked: string | null;
  onPick: (dateId: string) => void;
  /** Unique on the page: the radios' group. */
  name: string;
}

export default function DateChoice({ legend, dates, picked, onPick, name }: Props) {
  return (
    <fieldset className="date-choice">
      <legend>{legend}</legend>
      {dates.map((date) => (
        <label key={date.id} className="date-choice-option">
          <input type="radio" name={name} value={date.id} checked={picked === date.id} onChange={() => onPick(date.id)} />
          {formatDenverDateTime(Date.parse(date.startsAt))}
        </label>
      ))}
    </fieldset>
  );
}
