import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDenverDayWithYear,
  denverHour,
  denverDayPlus,
  denverDaysBetween,
  nextDenverMidnight,
  COMPANY_TIME_ZONE,
  denverDay,
  denverInstant,
  formatDenverDate,
  formatDenverDateTime,
  formatDenverLongDate,
  formatDenverDeadline,
  formatDenverMoment,
  denverClock,
  formatDenverRecordTime,
  formatUtcMinute,
  inclusiveDenverDays,
} from '../../shared/rules/dates.ts';

/** Zones a server or a visitor's browser may be in, far on both sides of Denver. */
const MACHINE_ZONES = ['Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/London', 'UTC'];
const originalZone = process.env['TZ'];

afterEach(() => {
  if (originalZone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = originalZone;
});

/** Runs a check once per machine zone: the answers must not depend on it. */
function inEveryZone(check: () => void) {
  for (const zone of MACHINE_ZONES) {
    process.env['TZ'] = zone;
    check();
  }
}

describe('dates in Kamas', () => {
  it('counts in America/Denver', () => {
    expect(COMPANY_TIME_ZONE).toBe('America/Denver');
  });

  it('gives the Denver calendar day of an instant, also just before and after Denver midnight', () => {
    inEveryZone(() => {
      const days: [instant: string, day: string][] = [
        // 11:30 PM on Friday December 4 in Kamas is already December 5 in UTC and in Tokyo.
        ['2026-12-05T06:30:00Z', '2026-12-04'],
        ['2026-12-05T07:00:00Z', '2026-12-05'],
        ['2026-12-06T06:59:59Z', '2026-12-05'],
        // After the March change Denver is six hours behind UTC.
        ['2027-03-20T05:59:00Z', '2027-03-19'],
        ['2027-03-20T06:00:00Z', '2027-03-20'],
      ];
      for (const [instant, day] of days) expect(denverDay(new Date(instant))).toBe(day);
      expect(denverDay(Date.parse('2027-01-01T06:59:00Z'))).toBe('2026-12-31');
    });
  });

  it('turns a local Denver day and time into an instant on both sides of the March clock change', () => {
    inEveryZone(() => {
      expect(denverInstant('2026-12-05', 8).toISOString()).toBe('2026-12-05T15:00:00.000Z');
      expect(denverInstant('2027-03-13', 7).toISOString()).toBe('2027-03-13T14:00:00.000Z');
      // Clocks go forward at 2 AM on Sunday March 14, 2027.
      expect(denverInstant('2027-03-14', 7).toISOString()).toBe('2027-03-14T13:00:00.000Z');
      expect(denverInstant('2027-03-14', 1, 59).toISOString()).toBe('2027-03-14T08:59:00.000Z');
      expect(denverInstant('2027-03-14', 3).toISOString()).toBe('2027-03-14T09:00:00.000Z');
      expect(denverInstant('2027-11-07', 8, 30).toISOString()).toBe('2027-11-07T15:30:00.000Z');
      expect(denverInstant('2026-12-31').toISOString()).toBe('2026-12-31T07:00:00.000Z');
    });
  });

  it('refuses a day that is not YYYY-MM-DD or does not exist, and a time outside the clock', () => {
    expect(() => denverInstant('12/05/2026', 8)).toThrow(RangeError);
    expect(() => denverInstant('2027-02-29', 8)).toThrow(RangeError);
    expect(() => denverInstant('2026-12-05', 24)).toThrow(RangeError);
    expect(() => denverInstant('2026-12-05', 8, 60)).toThrow(RangeError);
  });

  it('counts Denver calendar days, both ends included, near midnight and across the clock change', () => {
    inEveryZone(() => {
      const friday2330 = new Date('2026-12-05T06:30:00Z');
      const saturday0030 = new Date('2026-12-05T07:30:00Z');
      expect(inclusiveDenverDays(friday2330, saturday0030)).toBe(2);
      expect(inclusiveDenverDays(saturday0030, new Date('2026-12-06T06:59:00Z'))).toBe(1);
      expect(inclusiveDenverDays(denverInstant('2027-03-13', 8), denverInstant('2027-03-15', 8))).toBe(3);
      expect(inclusiveDenverDays(denverInstant('2026-12-30', 8), denverInstant('2027-01-02', 8))).toBe(4);
      expect(inclusiveDenverDays(saturday0030, friday2330)).toBe(0);
    });
  });

  it('writes dates the way the site shows them, in Denver time', () => {
    inEveryZone(() => {
      expect(formatDenverDate(denverInstant('2026-12-05', 8))).toBe('Sat, Dec 5');
      expect(formatDenverDateTime(denverInstant('2026-12-05', 8))).toBe('Sat, Dec 5, 8:00 AM');
      expect(formatDenverDateTime(denverInstant('2027-03-14', 13, 5))).toBe('Sun, Mar 14, 1:05 PM');
      // 11:30 PM in Kamas: still Friday there, whatever day it is where the page is read.
      expect(formatDenverDate(new Date('2026-12-05T06:30:00Z'))).toBe('Fri, Dec 4');
      expect(formatDenverDateTime(new Date('2026-12-05T06:30:00Z'))).toBe('Fri, Dec 4, 11:30 PM');
      expect(formatDenverDateTime(new Date('2026-12-05T07:00:00Z'))).toBe('Sat, Dec 5, 12:00 AM');
    });
  });

  it('writes the time of a record with its year and zone, standard time in winter and daylight time in summer', () => {
    inEveryZone(() => {
      expect(formatDenverRecordTime(new Date('2026-11-22T08:14:00Z'))).toBe('Sun, Nov 22, 2026, 1:14 AM MST');
      expect(formatDenverRecordTime(new Date('2027-07-01T18:05:00Z'))).toBe('Thu, Jul 1, 2027, 12:05 PM MDT');
      expect(formatDenverLongDate(new Date('2027-04-01T05:59:59.999Z'))).toBe('March 31, 2027');
      expect(formatUtcMinute(new Date('2026-11-22T08:14:59Z'))).toBe('2026-11-22 08:14 UTC');
    });
  });

  it('counts calendar days forward and back from a Kamas day, across month ends and both clock changes', () => {
    inEveryZone(() => {
      expect(denverDayPlus('2026-11-24', 1)).toBe('2026-11-25');
      expect(denverDayPlus('2026-11-30', 1)).toBe('2026-12-01');
      expect(denverDayPlus('2027-03-13', 1)).toBe('2027-03-14');
      expect(denverDayPlus('2027-03-14', 1)).toBe('2027-03-15');
      expect(denverDayPlus('2026-11-01', 1)).toBe('2026-11-02');
      expect(denverDayPlus('2027-01-01', -1)).toBe('2026-12-31');
      expect(denverDayPlus('2026-11-24', 0)).toBe('2026-11-24');
      expect(denverDayPlus('2028-02-28', 1)).toBe('2028-02-29');
      expect(() => denverDayPlus('2027-02-30', 1)).toThrow(RangeError);
      expect(() => denverDayPlus('Feb 3', 1)).toThrow(RangeError);
    });
  });

  it('counts the Kamas calendar days between two instants, however late in the evening, across both clock changes', () => {
    inEveryZone(() => {
      // 11:30 PM on Sat, Mar 13, 2027 in Kamas (06:30 UTC on the 14th) to 12:30 AM on Mon, Mar 15 (06:30 UTC): two days, 23 hours apart.
      expect(denverDaysBetween(new Date('2027-03-14T06:30:00Z'), new Date('2027-03-15T06:30:00Z'))).toBe(2);
      expect(denverDaysBetween(new Date('2027-03-15T06:30:00Z'), new Date('2027-03-14T06:30:00Z'))).toBe(-2);
      // The same Kamas day, 11:59 PM and midnight UTC apart.
      expect(denverDaysBetween(new Date('2026-11-26T07:00:00Z'), new Date('2026-11-27T06:59:00Z'))).toBe(0);
      expect(denverDaysBetween(new Date('2026-10-31T12:00:00Z'), new Date('2027-11-01T12:00:00Z'))).toBe(366);
      // The midnight after Sat, Nov 6, 2027 (the night the clocks go back) is 06:00 UTC; after Sat, Mar 13, 2027 it is 07:00 UTC.
      expect(nextDenverMidnight(new Date('2027-11-06T20:00:00Z'))).toEqual(new Date('2027-11-07T06:00:00Z'));
      expect(nextDenverMidnight(new Date('2027-03-13T20:00:00Z'))).toEqual(new Date('2027-03-14T07:00:00Z'));
    });
  });

  it('says when something ends: the clock time and today in Kamas, else the day', () => {
    inEveryZone(() => {
      // 9:27 AM on Thu, Nov 26 in Kamas is 16:27 UTC; 5:00 AM that day is 12:00 UTC, and 6:00 PM the day before is 01:00 UTC on the 26th.
      const ends = new Date('2026-11-26T16:27:00Z');
      expect(formatDenverDeadline(ends, new Date('2026-11-26T12:00:00Z'))).toBe('9:27 AM today');
      expect(formatDenverDeadline(ends, new Date('2026-11-26T01:00:00Z'))).toBe('9:27 AM on Thu, Nov 26');
    });
  });

  it('says when something was saved: the clock time today in Kamas, else the day with it', () => {
    inEveryZone(() => {
      // 5:40 AM on Thu, Nov 26 in Kamas is 12:40 UTC; 11:30 PM the evening before is 06:30 UTC on the 26th.
      const saved = new Date('2026-11-26T12:40:00Z');
      expect(formatDenverMoment(saved, new Date('2026-11-26T20:00:00Z'))).toBe('5:40 AM');
      expect(formatDenverMoment(saved, new Date('2026-11-27T08:00:00Z'))).toBe('Thu, Nov 26, 5:40 AM');
      expect(formatDenverMoment(new Date('2026-11-26T06:30:00Z'), saved)).toBe('Wed, Nov 25, 11:30 PM');
      expect(denverClock(saved)).toBe('05:40');
      expect(denverClock(new Date('2026-11-26T06:30:00Z'))).toBe('23:30');
    });
  });
});

describe('the hour on Kamas clocks', () => {
  it('is read in Denver time, in winter and in summer', () => {
    expect(denverHour(Date.parse('2026-12-25T15:00:00Z'))).toBe(8);
    expect(denverHour(Date.parse('2027-07-04T14:00:00Z'))).toBe(8);
    expect(denverHour(Date.parse('2027-01-01T06:59:00Z'))).toBe(23);
  });
});

describe('a Kamas calendar day with its year', () => {
  it('reads as the site writes a day, then the year', () => {
    expect(formatDenverDayWithYear('2026-12-01')).toBe('Tue, Dec 1, 2026');
    expect(formatDenverDayWithYear('2027-03-31')).toBe('Wed, Mar 31, 2027');
  });
});
