/**
 * The winter season in Kamas: December 1 to March 31, named '2026-27'. The season's year of sales
 * (gift cards sold, used and credited) runs from April 1 before it, the day after the last season
 * ended, through its last day.
 */
import { denverDay } from './dates.ts';

export interface Season {
  /** First day, December 1, as 'YYYY-MM-DD' on the Kamas calendar. */
  start: string;
  /** Last day, March 31. */
  end: string;
  label: string;
}

/** The season that is running or comes next in Kamas: December 1 to March 31. */
export function seasonFor(today: Date): Season {
  const [year = 0, month = 1] = denverDay(today).split('-').map(Number);
  // January to March belong to the season that began the December before.
  const startYear = month <= 3 ? year - 1 : year;
  return { start: `${startYear}-12-01`, end: `${startYear + 1}-03-31`, label: `${startYear}-${String(startYear + 1).slice(2)}` };
}

/** The Kamas days of a season's year of sales: April 1 before it, through its last day. */
export function seasonSalesYear(season: Season): { first: string; last: string } {
  return { first: `${season.start.slice(0, 4)}-04-01`, last: season.end };
}

/** The season a label names ('2026-27': December 1, 2026 to March 31, 2027), or null when it names none. */
export function seasonNamed(label: string): Season | null {
  const match = /^(\d{4})-(\d{2})$/.exec(label);
  if (!match) return null;
  const startYear = Number(match[1]);
  if (String(startYear + 1).slice(2) !== match[2]) return null;
  return { start: `${startYear}-12-01`, end: `${startYear + 1}-03-31`, label };
}
