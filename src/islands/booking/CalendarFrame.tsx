/** The calendar's place on a booking page: the same size while it loads, reconnects, fails or shows. */
import type { ReactNode } from 'react';
import type { CalendarLoad } from '../../stores/calendars.ts';

interface Props {
  load: CalendarLoad;
  /** What a failed load says, with its way to try again. */
  failed: ReactNode;
  children: ReactNode;
}

export default function CalendarFrame({ load, failed, children }: Props) {
  return (
    <div className="calendar-frame" aria-busy={load.status === 'loading' || load.status === 'reconnecting'}>
      {load.status === 'ready' ? (
        children
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
          {load.status === 'failed' && failed}
        </div>
      )}
    </div>
  );
}
