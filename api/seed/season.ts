/** The winter season's dates, generated relative to today so the demo never goes stale. */
import { tz } from '@date-fns/tz';
import { eachDayOfInterval, format } from 'date-fns';
import { COMPANY_TIME_ZONE, denverInstant } from '../../shared/rules/dates.ts';
import type { Season } from '../../shared/rules/season.ts';

/** One calendar day of the season in Kamas: 'YYYY-MM-DD', its weekday (0 is Sunday) and day of the month. */
export interface SeasonDay {
  day: string;
  weekday: number;
  dayOfMonth: number;
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
