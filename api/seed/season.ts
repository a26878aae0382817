/** The winter season's dates, generated relative to today so the demo never goes stale. */
import { tz } from '@date-fns/tz';
import { eachDayOfInterval, format } from 'date-fns';
import { COMPANY_TIME_ZONE, denverDay, denverInstant } from '../../shared/rules/dates.ts';

export interface Season {
  /** First day, December 1, as 'YYYY-MM-DD' on the Kamas calendar. */
  start: string;
  /** Last day, March 31. */
  end: string;
  label: string;
}

/** One calendar day of the season in Kamas: 'YYYY-MM-DD', its weekday (0 is Sunday) and day of the month. */
export interface SeasonDay {
  day: string;
  weekday: number;
  dayOfMonth: number;
}

/** The season that is running or comes next in Kamas: December 1 to March 31. */
export function seasonFor(today: Date): Season {
  const [year = 0, month = 1] = denverDay(today).split('-').map(Number);
  // January to March belong to the season that began the December before.
  const startYear = month <= 3 ? year - 1 : year;
  return { start: `${startYear}-12-01`, end: `${startYear + 1}-03-31`, label: `${startYear}-${String(startYear + 1).slice(2)}` };
}

/** Every calendar day of the season, in order. */
export function seasonDays(season: Season): SeasonDay[] {
  const inDenver = tz(COMPANY_TIME_ZONE);
  return eachDayOfInterval({ start: denverInstant(season.start), end: denverInstant(season.end) }, { in: inDenver }).map((day) => ({
    day: format(day, 'yyyy-MM-dd'),
    weekday: day.getDay(),
    dayOfMonth: day.getDate(),
  }));
}

/** A local start time in Kamas on a season day, as an ISO instant. */
export function kamasStart(day: string, hour: number): string {
  return denverInstant(day, hour).toISOString();
}
