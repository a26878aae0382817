/**
 * The month view of the booking calendars (Prev, Next, Sun to Sat, 42 cells), a keyboard grid
 * after the WAI-ARIA date grid: arrows move by day and week, Home and End to the week's ends, Page Up
 * and Page Down by month, Enter or Space chooses. Each day's name says its date and state.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  addDaysTo,
  addMonthsTo,
  formatLongDay,
  formatMonth,
  monthGrid,
  monthOf,
  shiftMonth,
  weekBounds,
  WEEKDAYS,
  type DayKey,
  type MonthKey,
} from '../../../../shared/rules/calendar-grid.ts';
import type { DayState } from '../../../../shared/rules/availability.ts';

export interface DayView {
  state: DayState;
  /** Read after the date, such as "Available" or "Motorized Backcountry Essentials, 4 spots left". */
  description: string;
  /** Drawn in the cell under the day's number (icons, a cross). */
  marker?: ReactNode;
}

export interface MonthCalendarProps {
  /** Names the grid, such as "Day tour dates". */
  label: string;
  /** The month shown first; a new value moves the view there. */
  month: MonthKey;
  /** No month before this one can be shown (the current month in Kamas). */
  firstMonth: MonthKey;
  dayView: (day: DayKey) => DayView;
  selectedDay: DayKey | null;
  onSelect: (day: DayKey) => void;
  /** A full day tapped: its waitlist opens. Without it, a full day does nothing. */
  onFullSelect?: ((day: DayKey) => void) | undefined;
  /** False before the island runs: every control is disabled. */
  enabled?: boolean;
  /** The month's title's heading level, under the heading the calendar sits beneath (3 unless told). */
  headingLevel?: 3 | 4 | 5;
}

const KEY_MOVES: Record<string, (day: DayKey) => DayKey> = {
  ArrowLeft: (day) => addDaysTo(day, -1),
  ArrowRight: (day) => addDaysTo(day, 1),
  ArrowUp: (day) => addDaysTo(day, -7),
  ArrowDown: (day) => addDaysTo(day, 7),
  Home: (day) => weekBounds(day).first,
  End: (day) => weekBounds(day).last,
  PageUp: (day) => addMonthsTo(day, -1),
  PageDown: (day) => addMonthsTo(day, 1),
};

export default function MonthCalendar({
  label,
  month,
  firstMonth,
  dayView,
  selectedDay,
  onSelect,
  onFullSelect,
  enabled = true,
  headingLevel = 3,
}: MonthCalendarProps) {
  const Title = `h${headingLevel}` as const;
  const [shown, setShown] = useState(month);
  const [openedOn, setOpenedOn] = useState(month);
  const [lastSelected, setLastSelected] = useState(selectedDay);
  const [focusDay, setFocusDay] = useState<DayKey | null>(null);
  const focusWanted = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  // A new opening month (data arrived, a date was chosen elsewhere) moves the view. A date let go
  // (it filled up or closed, or the class changed) does not: the visitor keeps the month they were
  // looking at, and sees that date as it is now.
  if (month !== openedOn || selectedDay !== lastSelected) {
    const letGo = lastSelected !== null && selectedDay === null;
    setOpenedOn(month);
    setLastSelected(selectedDay);
    if (month !== openedOn && !letGo) setShown(month);
  }

  const cells = useMemo(() => monthGrid(shown), [shown]);
  const inShown = (day: DayKey | null): day is DayKey => day !== null && monthOf(day) === shown;
  const firstOpen = cells.find((cell) => cell.inMonth && dayView(cell.day).state === 'available')?.day;
  const tabDay = inShown(focusDay) ? focusDay : inShown(selectedDay) ? selectedDay : (firstOpen ?? `${shown}-01`);

  useEffect(() => {
    if (!focusWanted.current) return;
    focusWanted.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${tabDay}"]`)?.focus();
  });

  function moveFocus(day: DayKey) {
    if (monthOf(day) < firstMonth) return;
    focusWanted.current = true;
    setFocusDay(day);
    setShown(monthOf(day));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const move = KEY_MOVES[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    moveFocus(move(tabDay));
  }

  function choose(day: DayKey) {
    setFocusDay(day);
    const { state } = dayView(day);
    if (state === 'available') onSelect(day);
    else if (state === 'full') onFullSelect?.(day);
  }

  const weeks = Array.from({ length: 6 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
  return (
    <div className="calendar">
      <div className="calendar-head">
        <button
          type="button"
          className="button secondary"
          disabled={!enabled || shown <= firstMonth}
          onClick={() => setShown(shiftMonth(shown, -1))}
        >
          Prev<span className="visually-hidden"> month</span>
        </button>
        <Title className="calendar-title" aria-live="polite">
          {formatMonth(shown)}
        </Title>
        <button type="button" className="button secondary" disabled={!enabled} onClick={() => setShown(shiftMonth(shown, 1))}>
          Next<span className="visually-hidden"> month</span>
        </button>
      </div>
      <table role="grid" ref={grid} className="calendar-grid" aria-label={`${label}, ${formatMonth(shown)}`} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.short} scope="col" abbr={weekday.long}>
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.day}>
              {week.map((cell) => {
                if (!cell.inMonth) {
                  return (
                    <td key={cell.day} className="calendar-outside">
                      <span aria-hidden="true">{cell.dayOfMonth}</span>
                    </td>
                  );
                }
                const view = dayView(cell.day);
                const selected = cell.day === selectedDay;
                return (
                  <td key={cell.day} aria-selected={selected}>
                    <button
                      type="button"
                      data-day={cell.day}
                      className={`calendar-day ${view.state}${selected ? ' selected' : ''}`}
                      tabIndex={cell.day === tabDay ? 0 : -1}
                      disabled={!enabled}
                      aria-disabled={view.state !== 'available' && !(view.state === 'full' && onFullSelect)}
                      aria-label={`${formatLongDay(cell.day)}, ${view.description}${selected ? ', selected' : ''}`}
                      onClick={() => choose(cell.day)}
                    >
                      <span aria-hidden="true">{cell.dayOfMonth}</span>
                      {view.marker}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
