import { describe, expect, it } from 'vitest';
import {
  figuresSeason,
  noShows,
  percentFull,
  sameDaysBefore,
  seasonMonths,
  seasonSoFar,
  yearBefore,
} from '../../shared/rules/season-figures.ts';
import type { TripDay } from '../../shared/rules/actual-use.ts';
import { seasonNamed } from '../../shared/rules/season.ts';
import { denverInstant } from '../../shared/rules/dates.ts';

const season = seasonNamed('2026-27')!;

describe('the days a season counts so far', () => {
  it('are none before it begins, through today while it runs, and all of it once it has ended', () => {
    expect(seasonSoFar(season, '2026-11-30').through).toBeNull();
    expect(seasonSoFar(season, '2026-12-01').through).toBe('2026-12-01');
    expect(seasonSoFar(season, '2027-01-09')).toEqual({
      label: '2026-27',
      firstDay: '2026-12-01',
      lastDay: '2027-03-31',
      through: '2027-01-09',
    });
    expect(seasonSoFar(season, '2027-08-01').through).toBe('2027-03-31');
  });

  it('are compared with the same days a year before, February 29 with February 28', () => {
    expect(sameDaysBefore(seasonSoFar(season, '2027-01-09'))).toEqual({
      label: '2025-26',
      firstDay: '2025-12-01',
      lastDay: '2026-03-31',
      through: '2026-01-09',
    });
    expect(yearBefore('2028-02-29')).toBe('2027-02-28');
    expect(sameDaysBefore(seasonSoFar(season, '2026-11-01')).through).toBeNull();
  });

  it('open on the season running, or the one just ended until the next begins', () => {
    expect(figuresSeason(denverInstant('2027-01-09', 9)).label).toBe('2026-27');
    expect(figuresSeason(denverInstant('2026-12-01', 0)).label).toBe('2026-27');
    expect(figuresSeason(denverInstant('2026-11-30', 23)).label).toBe('2025-26');
    expect(figuresSeason(denverInstant('2027-06-15', 12)).label).toBe('2026-27');
  });

  it('fall in the months December to March', () => {
    expect(seasonMonths(seasonSoFar(season, '2027-01-09'))).toEqual(['2026-12', '2027-01', '2027-02', '2027-03']);
  });
});

describe('the sums', () => {
  const day = (calledOff: boolean, marks: string[]): TripDay => ({
    dateId: `d${marks.length}`,
    day: '2027-01-09',
    activity: 'Avalanche Courses',
    location: 'Heber-Kamas Ranger District',
    onForestLand: true,
    calledOff,
    seats: [],
    marks: new Map(marks.map((mark, index) => [`b:${index}`, mark as 'here' | 'no-show'])),
  });

  it('count the no-shows of the days that went ahead', () => {
    expect(noShows([day(false, ['here', 'no-show', 'no-show']), day(true, ['no-show']), day(false, ['here'])])).toBe(2);
  });

  it('give how full seats ran as a whole percentage, none without seats', () => {
    expect(percentFull(5, 8)).toBe(63);
    expect(percentFull(0, 0)).toBeNull();
  });
});
