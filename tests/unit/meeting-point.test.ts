/** Where and when a date's party meets, in Kamas time, and when a change is e-mailed. */
import { describe, expect, it } from 'vitest';
import { meetingArea } from '../../shared/company/meeting-area.ts';
import {
  meetingInstant,
  meetingMapUrl,
  meetingPointOf,
  meetingPointWords,
  tellsParty,
  TRAILHEAD_NAMES,
} from '../../shared/rules/meeting-point.ts';

/** Sat, Jan 9, 8:00 AM in Kamas (MST). */
const START = new Date('2027-01-09T15:00:00Z');
/** Sat, Mar 20, 8:00 AM in Kamas, after the change to daylight time (MDT). */
const SUMMER_START = new Date('2027-03-20T14:00:00Z');

describe('a meeting point', () => {
  it('is a time on the Kamas day of the start, on both sides of the clock change', () => {
    expect(meetingInstant(START, '07:30')?.toISOString()).toBe('2027-01-09T14:30:00.000Z');
    expect(meetingInstant(SUMMER_START, '07:30')?.toISOString()).toBe('2027-03-20T13:30:00.000Z');
    expect(meetingInstant(START, '7:30')).toBeNull();
    expect(meetingInstant(START, '24:00')).toBeNull();
  });

  it('reads as the trailhead and its time, or as the kind of day’s meeting area while none is set', () => {
    const point = { trailhead: 'Soapstone Trailhead', meetsAt: new Date('2027-01-09T14:30:00Z') };
    expect(meetingPointWords(point, 'winter-day-tours')).toBe('Soapstone Trailhead, 7:30 AM');
    expect(meetingPointWords(null, 'winter-classes')).toBe(meetingArea('winter-classes'));
    expect(meetingPointOf({ meeting_trailhead: 'Soapstone Trailhead', meets_at: '2027-01-09T14:30:00Z' })).toEqual(point);
    expect(meetingPointOf({ meeting_trailhead: null, meets_at: null })).toBeNull();
  });

  it('maps to its trailhead, else to Kamas', () => {
    expect(TRAILHEAD_NAMES).toContain('Wolf Creek Pass Trailhead');
    expect(meetingMapUrl({ trailhead: 'Wolf Creek Pass Trailhead', meetsAt: START })).toBe(
      'https://www.google.com/maps/search/?api=1&query=40.4869%2C-111.0319',
    );
    expect(meetingMapUrl(null)).toBe('https://www.google.com/maps/search/?api=1&query=Kamas%2C%20UT');
  });

  it('is e-mailed to the party when it changes within 48 hours of the start, and not once the day has begun', () => {
    expect(tellsParty(START, new Date('2027-01-07T15:00:00Z'))).toBe(true);
    expect(tellsParty(START, new Date('2027-01-07T14:59:00Z'))).toBe(false);
    expect(tellsParty(START, new Date('2027-01-09T14:59:00Z'))).toBe(true);
    expect(tellsParty(START, START)).toBe(false);
  });
});
