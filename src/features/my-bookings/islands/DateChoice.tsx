/**
 * A choice of dates, as a changing or called-off booking offers them: the nearest few as radio
 * buttons (each its day and start time in Kamas), and every date on the booking pages' month
 * calendar, opened at the nearest; a day with two starts asks which. What is chosen is said beneath.
 */
import { useMemo } from 'react';
import type { MoveTarget } from '../../../../shared/contract/answers.ts';
import { formatDenverDateTime, formatDenverTime, denverDay } from '../../../../shared/rules/dates.ts';
import { monthOf, type DayKey } from '../../../../shared/rules/calendar-grid.ts';
import MonthCalendar from '../../booking/islands/MonthCalendar.tsx';

/** How many of the nearest dates are offered as buttons above the calendar. */
const NEAREST = 3;

interface Props {
  /** The group's name, as a screen reader announces it. */
  legend: string;
  dates: readonly MoveTarget[];
  picked: string | null;
  onPick: (dateId: string) => void;
  /** Unique on the page: the radios' group. */
  name: string;
  /** The month titles' heading level, under the heading the choice sits beneath. */
  headingLevel?: 3 | 4 | 5;
}

const startOf = (date: MoveTarget) => Date.parse(date.startsAt);

export default function DateChoice({ legend, dates, picked, onPick, name, headingLevel = 3 }: Props) {
  const sorted = useMemo(() => [...dates].sort((a, b) => startOf(a) - startOf(b)), [dates]);
  const byDay = useMemo(() => {
    const days = new Map<DayKey, MoveTarget[]>();
    for (const date of sorted) days.set(denverDay(startOf(date)), [...(days.get(denverDay(startOf(date))) ?? []), date]);
    return days;
  }, [sorted]);
  const chosen = sorted.find((date) => date.id === picked) ?? null;
  const chosenDay = chosen ? denverDay(startOf(chosen)) : null;
  const nearest = sorted.slice(0, NEAREST);
  const first = sorted[0];
  if (!first) return null;
  const firstMonth = monthOf(denverDay(startOf(first)));
  const sameDay = chosenDay ? (byDay.get(chosenDay) ?? []) : [];
  const radio = (date: MoveTarget, label: string) => (
    <label key={date.id} className="date-choice-option">
      <input type="radio" name={name} value={date.id} checked={picked === date.id} onChange={() => onPick(date.id)} />
      {label}
    </label>
  );

  return (
    <fieldset className="date-choice">
      <legend>{legend}</legend>
      <p className="date-choice-lead">The nearest:</p>
      <div className="date-choice-nearest">{nearest.map((date) => radio(date, formatDenverDateTime(startOf(date))))}</div>
      {sorted.length > NEAREST && <p className="date-choice-lead">Or any of the {sorted.length} dates on the calendar:</p>}
      {sorted.length > NEAREST && (
        <MonthCalendar
          label="Dates you can choose"
          month={chosenDay ? monthOf(chosenDay) : firstMonth}
          firstMonth={firstMonth}
          headingLevel={headingLevel}
          dayView={(day) => {
            const starts = byDay.get(day);
            if (!starts) return { state: 'unavailable', description: 'No date' };
            return { state: 'available', description: `starts at ${starts.map((date) => formatDenverTime(startOf(date))).join(' or ')}` };
          }}
          selectedDay={chosenDay}
          onSelect={(day) => {
            const [date] = byDay.get(day) ?? [];
            if (date) onPick(date.id);
          }}
        />
      )}
      {sameDay.length > 1 && !nearest.some((date) => date.id === picked) && (
        <div className="date-choice-times" role="group" aria-label="Start time">
          {sameDay.map((date) => radio(date, formatDenverTime(startOf(date))))}
        </div>
      )}
      <p className="date-choice-chosen" role="status">
        {chosen ? `Chosen: ${formatDenverDateTime(startOf(chosen))}` : ''}
      </p>
    </fieldset>
  );
}
