/**
 * The season's figures: which trip days count "so far", the same days of the season before to compare
 * them with, and the sums the figures are made of. A season counts its trips from its first day through
 * today (or through its last day once it has ended); the season before counts the same days a year earlier.
 */
import { subYears } from 'date-fns';
import { denverDay } from './dates.ts';
import { seasonFor, seasonNamed, type Season } from './season.ts';
import type { TripDay } from './actual-use.ts';

/** The Kamas days a season's figures count, 'YYYY-MM-DD', both included; `through` is null before the season begins. */
export interface FiguresWindow {
  label: string;
  firstDay: string;
  lastDay: string;
  through: string | null;
}

/** The same day a year before: February 29 becomes February 28. */
export const yearBefore = (day: string): string =>
  subYears(new Date(`${day}T12:00:00Z`), 1)
    .toISOString()
    .slice(0, 10);

/** The days a season's figures count on `today`. */
export function seasonSoFar(season: Season, today: string): FiguresWindow {
  const through = today < season.start ? null : today < season.end ? today : season.end;
  return { label: season.label, firstDay: season.start, lastDay: season.end, through };
}

/** The same days of the season before `window`'s. */
export function sameDaysBefore(window: FiguresWindow): FiguresWindow {
  const startYear = Number(window.firstDay.slice(0, 4)) - 1;
  const season = seasonNamed(`${startYear}-${String(startYear + 1).slice(2)}`);
  if (!season) throw new Error(`No season before ${window.label}`);
  return { label: season.label, firstDay: season.start, lastDay: season.end, through: window.through && yearBefore(window.through) };
}

/** The season the reports page opens on: the one running, or the one just ended until the next begins. */
export function figuresSeason(now: Date): Season {
  const coming = seasonFor(now);
  if (denverDay(now) >= coming.start) return coming;
  const startYear = Number(coming.start.slice(0, 4)) - 1;
  return seasonNamed(`${startYear}-${String(startYear + 1).slice(2)}`) ?? coming;
}

/** The clients marked as not there on trip days that went ahead. */
export const noShows = (days: readonly TripDay[]): number =>
  days.filter((day) => !day.calledOff).reduce((sum, day) => sum + [...day.marks.values()].filter((mark) => mark === 'no-show').length, 0);

/** How full seats ran, as a whole percentage; null when there were no seats. */
export const percentFull = (sold: number, capacity: number): number | null => (capacity > 0 ? Math.round((sold / capacity) * 100) : null);

/** The months a season's trips fall in, 'YYYY-MM', December to March. */
export function seasonMonths(window: Pick<FiguresWindow, 'firstDay' | 'lastDay'>): string[] {
  const months: string[] = [];
  let [year, month] = window.firstDay.split('-').map(Number) as [number, number];
  const last = window.lastDay.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}
