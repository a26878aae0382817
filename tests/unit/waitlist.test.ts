/** The waitlist's matching: a party waits as a party, an entry that does not fit keeps its place, and nearby dates. */
import { describe, expect, it } from 'vitest';
import {
  hasNearbyDate,
  offerEnds,
  offersFor,
  placeInLine,
  placeWords,
  waitsFor,
  type FreedDate,
  type WaitEntry,
} from '../../shared/rules/waitlist.ts';

/** Sat, Jan 9, 2027, 8:00 AM in Kamas; the same week runs Sun, Jan 3 to Sat, Jan 9. */
const SAT = Date.parse('2027-01-09T15:00:00Z');
const DAY = 86_400_000;
const date: FreedDate = { id: 'class-0109', startsAt: SAT, activity: 'price_class_moto' };

let joined = 0;
const entry = (partySize: number, changes: Partial<WaitEntry> = {}): WaitEntry => {
  joined += 1;
  return {
    id: `w${String(joined).padStart(3, '0')}`,
    dateId: date.id,
    startsAt: SAT,
    activity: date.activity,
    partySize,
    since: joined * 1000,
    nearby: false,
    ...changes,
  };
};

describe('seats coming free on a date', () => {
  it('go to the first entry whose whole party fits; an entry ahead that does not fit keeps its place', () => {
    const four = entry(4);
    const two = entry(2);
    const one = entry(1);
    expect(offersFor(date, 3, [one, two, four]).map((offer) => offer.id)).toEqual([two.id, one.id]);
    // When four come free, the party of four, first in line, has them all.
    expect(offersFor(date, 4, [one, two, four]).map((offer) => offer.id)).toEqual([four.id]);
    expect(placeInLine(one, [four, two, one])).toBe(3);
  });

  it('never offers more seats than are free, for every party of 1 to 4 and every count of 1 to 10 seats', () => {
    for (let free = 1; free <= 10; free += 1) {
      for (let size = 1; size <= 4; size += 1) {
        const line = [entry(size), entry(size), entry(size)];
        const offered = offersFor(date, free, line);
        expect(offered.reduce((sum, offer) => sum + offer.partySize, 0)).toBeLessThanOrEqual(free);
        expect(offered).toHaveLength(Math.min(3, Math.floor(free / size)));
      }
    }
    expect(offersFor(date, 0, [entry(1)])).toEqual([]);
  });

  it('go by who joined first, ties by id, whatever order the entries come in', () => {
    const first = entry(2, { since: 5 });
    const second = entry(2, { since: 5 });
    expect(offersFor(date, 2, [second, first]).map((offer) => offer.id)).toEqual([first.id]);
  });
});

describe('a nearby date', () => {
  it('is the same activity in the same Kamas week, and only for an entry that said so', () => {
    const tuesday = { ...date, id: 'class-0105', startsAt: SAT - 4 * DAY };
    const nextSunday = { ...date, id: 'class-0110', startsAt: SAT + DAY };
    const willing = entry(2, { nearby: true });
    expect(waitsFor(willing, tuesday)).toBe(true);
    expect(waitsFor(willing, nextSunday)).toBe(false);
    expect(waitsFor(willing, { ...tuesday, activity: 'price_class_sledski' })).toBe(false);
    expect(waitsFor(entry(2), tuesday)).toBe(false);
    expect(offersFor(tuesday, 2, [entry(2), willing]).map((offer) => offer.id)).toEqual([willing.id]);
  });

  it('is offered to ask for only where the activity has another date that week', () => {
    const tuesday = { ...date, id: 'class-0105', startsAt: SAT - 4 * DAY };
    const nextSunday = { ...date, id: 'class-0110', startsAt: SAT + DAY };
    const otherClass = { ...tuesday, id: 'sled-0105', activity: 'price_class_sledski' };
    expect(hasNearbyDate(date, [date, tuesday, nextSunday])).toBe(true);
    // Once a week: the next date is in the next week, and another class the same week is not the same activity.
    expect(hasNearbyDate(date, [date, nextSunday, otherClass])).toBe(false);
    expect(hasNearbyDate(date, [date])).toBe(false);
  });
});

describe('a place in line', () => {
  it('reads as My Bookings says it', () => {
    expect(placeWords(2, 3)).toBe('2nd in line for 3 seats');
    expect(placeWords(1, 1)).toBe('1st in line for 1 seat');
    expect(placeWords(3, 2)).toBe('3rd in line for 2 seats');
    expect(placeWords(11, 4)).toBe('11th in line for 4 seats');
    expect(placeWords(22, 2)).toBe('22nd in line for 2 seats');
  });
});

describe('how long an offer holds the seats', () => {
  const HOUR = 3_600_000;
  const closesAt = SAT - 12 * HOUR;
  it('is two hours, thirty minutes within 48 hours of the start, never past the close, and nothing once bookings closed', () => {
    expect(offerEnds(SAT - 72 * HOUR, SAT, closesAt)).toBe(SAT - 70 * HOUR);
    expect(offerEnds(SAT - 48 * HOUR - 1, SAT, closesAt)).toBe(SAT - 46 * HOUR - 1);
    expect(offerEnds(SAT - 48 * HOUR, SAT, closesAt)).toBe(SAT - 48 * HOUR + 30 * 60_000);
    expect(offerEnds(SAT - 12 * HOUR - 10 * 60_000, SAT, closesAt)).toBe(closesAt);
    expect(offerEnds(closesAt, SAT, closesAt)).toBeNull();
    expect(offerEnds(SAT, SAT, closesAt)).toBeNull();
  });
});
