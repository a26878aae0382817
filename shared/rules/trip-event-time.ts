/**
 * When a guide's phone may say an event at the trailhead happened. Its clock is believed within a
 * window around the trip day: from a day before the start (a gear check the evening before) to a
 * day after the end, and never later than a few minutes past the moment the event reached us. A
 * time outside it (a phone set to 1970, or to next year) is the phone's clock, not the trip: the
 * event is refused, with the reason, and kept for the office.
 */
import { formatDenverRecordTime } from './dates.ts';

const HOUR_MS = 3_600_000;
export const EVENT_WINDOW = { beforeStartMs: 24 * HOUR_MS, afterEndMs: 24 * HOUR_MS, clockAheadMs: 10 * 60_000 } as const;

/** The trip the event belongs to, as epoch milliseconds. */
export interface TripSpan {
  startsAt: number;
  endsAt: number;
}

/** Why the phone's time `at` (ISO 8601) cannot be the trip's, for an event received at `receivedAt`; null when it can. */
export function eventTimeRefusal(at: string, trip: TripSpan, receivedAt: number): string | null {
  const time = Date.parse(at);
  const earliest = trip.startsAt - EVENT_WINDOW.beforeStartMs;
  const latest = Math.min(trip.endsAt + EVENT_WINDOW.afterEndMs, receivedAt + EVENT_WINDOW.clockAheadMs);
  if (time >= earliest && time <= latest) return null;
  return `The phone's clock said ${formatDenverRecordTime(time)}, outside the trip day: check the phone's date and time.`;
}
