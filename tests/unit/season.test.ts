import { describe, expect, it } from 'vitest';
import { denverDay } from '../../shared/rules/dates.ts';
import { seasonDays } from '../../api/seed/season.ts';
import { seasonFor, seasonNamed, seasonSalesYear } from '../../shared/rules/season.ts';
import { CLASS_CAPACITY, seasonDates } from '../../api/seed/seed.ts';

describe('the winter season', () => {
  it('is the next December 1 to March 31 before winter, and the running one during it', () => {
    expect(seasonFor(new Date('2026-11-21T12:00:00Z'))).toEqual({ start: '2026-12-01', end: '2027-03-31', label: '2026-27' });
    expect(seasonFor(new Date('2027-02-10T12:00:00Z'))).toMatchObject({ start: '2026-12-01', end: '2027-03-31' });
    expect(seasonFor(new Date('2027-04-02T12:00:00Z')).label).toBe('2027-28');
  });

  it('is decided by today\u2019s date in Kamas, not in UTC', () => {
    // 11 PM on March 31 in Kamas is already April 1 in UTC: the running season still has a day to go.
    expect(seasonFor(new Date('2027-04-01T05:00:00Z')).label).toBe('2026-27');
    expect(seasonFor(new Date('2027-04-01T06:00:00Z')).label).toBe('2027-28');
    // 10 PM on December 31 in Kamas: the season that began this December.
    expect(seasonFor(new Date('2027-01-01T05:00:00Z')).label).toBe('2026-27');
  });

  it('is named by its two years, and a name of no season names none', () => {
    expect(seasonNamed('2026-27')).toEqual({ start: '2026-12-01', end: '2027-03-31', label: '2026-27' });
    expect(seasonNamed('1999-00')).toEqual({ start: '1999-12-01', end: '2000-03-31', label: '1999-00' });
    for (const wrong of ['2026-28', '2026', '2026-2027', ' 2026-27', 'winter']) expect(seasonNamed(wrong)).toBeNull();
  });

  it('counts its sales from April 1 before it through its last day', () => {
    expect(seasonSalesYear(seasonFor(new Date('2026-11-21T12:00:00Z')))).toEqual({ first: '2026-04-01', last: '2027-03-31' });
    // April 1 in Kamas begins the next season's year.
    expect(seasonSalesYear(seasonFor(new Date('2027-04-01T06:00:00Z')))).toEqual({ first: '2027-04-01', last: '2028-03-31' });
  });

  it('has 121 days in a normal winter and 122 with a leap day, each a Denver calendar day', () => {
    const days = seasonDays(seasonFor(new Date('2026-11-21')));
    expect(days).toHaveLength(121);
    expect(days[0]).toEqual({ day: '2026-12-01', weekday: 2, dayOfMonth: 1 });
    expect(days.at(-1)).toEqual({ day: '2027-03-31', weekday: 3, dayOfMonth: 31 });
    expect(days.find((entry) => entry.day === '2027-03-14')).toEqual({ day: '2027-03-14', weekday: 0, dayOfMonth: 14 });
    expect(new Set(days.map((entry) => entry.day)).size).toBe(121);
    expect(seasonDays(seasonFor(new Date('2027-11-21')))).toHaveLength(122);
  });

  it('starts tours at 8:00 and classes at 7:00 Kamas time on both sides of the March clock change', () => {
    const dates = seasonDates(seasonFor(new Date('2026-11-21')));
    const startOf = (id: string) => dates.find((date) => date.id === id)?.startsAt;
    expect(startOf('tour-2027-01-10')).toBe('2027-01-10T15:00:00.000Z');
    expect(startOf('tour-2027-03-13')).toBe('2027-03-13T15:00:00.000Z');
    expect(startOf('tour-2027-03-14')).toBe('2027-03-14T14:00:00.000Z');
    expect(startOf('tour-2027-03-20')).toBe('2027-03-20T14:00:00.000Z');
    expect(startOf('class-moto-2027-03-13')).toBe('2027-03-13T14:00:00.000Z');
    expect(startOf('class-sledski-2027-03-14')).toBe('2027-03-14T13:00:00.000Z');
    expect(startOf('class-moto-2026-12-05')).toBe('2026-12-05T14:00:00.000Z');
    expect(startOf('mentorship-2026-12-02')).toBe('2026-12-02T15:00:00.000Z');
  });

  it('names every date after the Kamas day it starts on', () => {
    for (const date of seasonDates(seasonFor(new Date('2026-11-21')))) {
      expect(date.id.endsWith(denverDay(new Date(date.startsAt)))).toBe(true);
    }
  });

  it('has weekend classes of both types with capacity 10, day tours and monthly mentorship days', () => {
    const dates = seasonDates(seasonFor(new Date('2026-11-21')));
    const classes = dates.filter((date) => date.calendar === 'winter-classes');
    expect(new Set(classes.map((date) => date.type))).toEqual(new Set(['moto', 'sledski']));
    expect(classes.every((date) => date.capacity === CLASS_CAPACITY)).toBe(true);
    expect(classes.filter((date) => date.type === 'moto').every((date) => date.id.startsWith('class-moto-'))).toBe(true);
    expect(dates.filter((date) => date.calendar === 'winter-day-tours').length).toBeGreaterThan(100);
    expect(dates.some((date) => date.id === 'tour-2026-12-08')).toBe(false); // a Tuesday
    expect(dates.filter((date) => date.calendar === 'winter-mentorship').map((date) => date.id)).toEqual([
      'mentorship-2026-12-02',
      'mentorship-2027-01-06',
      'mentorship-2027-02-03',
      'mentorship-2027-03-03',
    ]);
    expect(new Set(dates.map((date) => date.id)).size).toBe(dates.length);
  });
});
