/** A calendar as the API answers it, read once where the answer arrives into the names the site uses. */
import { describe, expect, it } from 'vitest';
import { calendarDatesAnswer, readAnswer, UnreadableAnswer } from '../../src/lib/api/answers.ts';

const START = Date.parse('2026-12-05T14:00:00Z') / 1000;

const publicClass = {
  id: 'class-dec-5',
  date: { _seconds: START, _nanoseconds: 500_000_000 },
  closesAt: { _seconds: START - 12 * 3600, _nanoseconds: 0 },
  partySize: 10,
  users: ['reserved', 'reserved', 'reserved'],
  stripeId: 'price_class_moto',
  type: 'moto',
};

const read = (answer: unknown) => readAnswer('winter-classes', calendarDatesAnswer, answer);

describe('a calendar date', () => {
  it('says when it starts and closes, its capacity, the seats taken, its price and its class', () => {
    expect(read([publicClass])).toEqual([
      {
        id: 'class-dec-5',
        startsAt: new Date((START + 0.5) * 1000),
        closesAt: new Date((START - 12 * 3600) * 1000),
        capacity: 10,
        seatsTaken: 3,
        priceId: 'price_class_moto',
        classType: 'moto',
        title: null,
        description: null,
      },
    ]);
  });

  it('has no cut-off, price or class when the answer gives none, and starts on the whole second without nanoseconds', () => {
    const [date] = read([{ id: 'tour-jan-9', date: { _seconds: START }, partySize: 4, users: [] }]);
    expect(date).toMatchObject({ startsAt: new Date(START * 1000), closesAt: null, priceId: null, classType: null, seatsTaken: 0 });
    expect(date?.booking).toBeUndefined();
  });

  it("carries a member's own booking, with what the answer leaves out as null", () => {
    const booking = {
      bookingId: 'bk_jDaTQd5ro3D-qL0H',
      inviteCode: 'INVITE123',
      partySeats: 3,
      partySpotsLeft: 1,
      bookedPriceId: 'price_class_moto',
      meetingPoint: 'Soapstone Trailhead, 7:30 AM',
    };
    expect(read([{ ...publicClass, ...booking }])[0]?.booking).toEqual(booking);
    expect(read([{ ...publicClass, inviteCode: 'INVITE123' }])[0]?.booking).toEqual({
      bookingId: null,
      inviteCode: 'INVITE123',
      partySeats: null,
      partySpotsLeft: null,
      bookedPriceId: null,
      meetingPoint: null,
    });
  });

  it('is refused when a field the pages read is of another kind', () => {
    expect(() => read([{ ...publicClass, stripeId: 7 }])).toThrow(UnreadableAnswer);
    expect(() => read([{ ...publicClass, users: 3 }])).toThrow(UnreadableAnswer);
  });
});
