/** Trips starting at 8:00 AM Kamas time, on both sides of the change to daylight time on Sun, Mar 14, 2027. */

/** Sat, Dec 5, 2026, 8:00 AM in Kamas (MST, UTC-7). */
export const DECEMBER_START = new Date('2026-12-05T15:00:00Z');
/** Sat, Mar 13, 2027, 8:00 AM in Kamas: the last Saturday before the change (MST). */
export const MARCH_BEFORE_CHANGE = new Date('2027-03-13T15:00:00Z');
/** Sat, Mar 20, 2027, 8:00 AM in Kamas: after the change to daylight time (MDT, UTC-6). */
export const MARCH_START = new Date('2027-03-20T14:00:00Z');
