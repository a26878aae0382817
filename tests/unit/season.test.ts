import { describe, expect, it } from 'vitest';
import { mountainTime, seasonDays, seasonFor } from '../../api/seed/season.ts';
import { CLASS_CAPACITY, seasonDates } from '../../api/seed/seed.ts';

describe('the winter season', () => {
  it('is the next December 1 to March 31 before winter, and the running one during it', () => {
    expect(seasonFor(new Date('2026-11-21T12:00:00Z'))).toMatchObject({ label: '2026-27' });
    expect(seasonFor(new Date('2026-11-21T12:00:00Z')).start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(seasonFor(new Date('2027-02-10T12:00:00Z')).end.toISOString()).toBe('2027-03-31T00:00:00.000Z');
    expect(seasonFor(new Date('2027-04-02T12:00:00Z')).label).toBe('2027-28');
  });

  it('has 121 days in a normal winter and 122 with a leap day', () => {
    expect(seasonDays(seasonFor(new Date('2026-11-21')))).toHaveLength(121);
    expect(seasonDays(seasonFor(new Date('2027-11-21')))).toHaveLength(122);
  });

  it('starts tours at local time on both sides of the March clock change', () => {
    expect(mountainTime(new Date('2027-01-10T00:00:00Z'), 8)).toBe('2027-01-10T15:00:00.000Z');
    expect(mountainTime(new Date('2027-03-20T00:00:00Z'), 8)).toBe('2027-03-20T14:00:00.000Z');
  });

  it('has weekend classes of both types with capacity 10, day tours and monthly mentorship days', () => {
    const dates = seasonDates(seasonFor(new Date('2026-11-21')));
    const classes = dates.filter((date) => date.calendar === 'winter-classes');
    expect(new Set(classes.map((date) => date.type))).toEqual(new Set(['moto', 'sledski']));
    expect(classes.every((date) => date.capacity === CLASS_CAPACITY)).toBe(true);
    expect(dates.filter((date) => date.calendar === 'winter-day-tours').length).toBeGreaterThan(100);
    expect(dates.filter((date) => date.calendar === 'winter-mentorship')).toHaveLength(4);
    expect(new Set(dates.map((date) => date.id)).size).toBe(dates.length);
  });
});
