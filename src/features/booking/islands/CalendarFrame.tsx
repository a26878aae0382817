/**
 * The calendar part of a booking page: the month calendar in a frame that keeps its size while it
 * loads, reconnects, fails or shows; its key; and the note on a chosen date that was let go.
 */
import type { ReactNode } from 'react';
import type { CalendarLoad } from '../stores/calendars.ts';
import MonthCalendar, { type MonthCalendarProps } from './MonthCalendar.tsx';

interface Props {
  load: CalendarLoad;
  /** What a failed load says, and its button to try again. */
  failure: { text: string; retryLabel: string; onRetry: () => void };
  calendar: MonthCalendarProps;
  /** The calendar's key, as list items. */
  legend: ReactNode;
  legendClassName?: string;
  /** Why the chosen date was let go, if it was. */
  notice: string | null;
}

export default function CalendarFrame({ load, failure, calendar, legend, legendClassName, notice }: Props) {
  return (
    <>
      <div className="calendar-frame" aria-busy={load.status === 'loading' || load.status === 'reconnecting'}>
        {load.status === 'ready' ? (
          <MonthCalendar {...calendar} />
        ) : (
          <div className="calendar-placeholder" role={load.status === 'failed' ? 'alert' : 'status'}>
            {load.status === 'loading' && (
              <p>
                <span className="spinner" aria-hidden="true" /> Loading dates...
              </p>
            )}
            {load.status === 'reconnecting' && (
              <p>
                <span className="spinner" aria-hidden="true" /> Attempting to reconnect... (Attempt {load.attempt}/{load.of})
              </p>
            )}
            {load.status === 'failed' && (
              <>
                <p className="form-error">{failure.text}</p>
                <button type="button" className="button secondary" onClick={failure.onRetry}>
                  {failure.retryLabel}
                </button>
              </>
            )}
          </div>
        )}
      </div>
      <ul className={legendClassName ? `calendar-legend ${legendClassName}` : 'calendar-legend'} aria-label="Calendar key">
        {legend}
      </ul>
      <p className="form-hint selection-notice" role="status">
        {notice}
      </p>
    </>
  );
}
