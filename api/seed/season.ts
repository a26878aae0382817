/** The winter season's dates, generated relative to today so the demo never goes stale. */

export interface Season {
  /** First day, December 1. */
  start: Date;
  /** Last day, March 31. */
  end: Date;
  label: string;
}

/** The season that is running or comes next: December 1 to March 31. */
export function seasonFor(today: Date): Season {
  const year = today.getUTCFullYear();
  // January to March belong to the season that began the December before.
  const startYear = today.getUTCMonth() <= 2 ? year - 1 : year;
  return {
    start: new Date(Date.UTC(startYear, 11, 1)),
    end: new Date(Date.UTC(startYear + 1, 2, 31)),
    label: `${startYear}-${String(startYear + 1).slice(2)}`,
  };
}

/** Every calendar day of the season, as UTC midnights. */
export function seasonDays(season: Season): Date[] {
  const days: Date[] = [];
  for (let day = season.start; day <= season.end; day = new Date(day.getTime() + 86_400_000)) days.push(day);
  return days;
}

export const isoDay = (day: Date) => day.toISOString().slice(0, 10);

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver', timeZoneName: 'shortOffset' });

/** Hours Kamas (America/Denver) is behind UTC at an instant: 7 in winter, 6 after the March clock change. */
export function mountainOffsetHours(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT-7';
  return -Number(name.replace('GMT', '') || '0');
}

/** A local start time in Kamas on a calendar day, as an ISO instant. */
export function mountainTime(day: Date, hour: number): string {
  const guess = new Date(day.getTime() + (hour + 7) * 3_600_000);
  return new Date(day.getTime() + (hour + mountainOffsetHours(guess)) * 3_600_000).toISOString();
}
