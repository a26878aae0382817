import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { CalendarEntry, Product } from '../../shared/contract/answers.ts';
import { bookingEventUid, bookingIcs, bookingIcsFileName } from '../../src/lib/booking-ics.ts';
import { meetingArea } from '../../shared/company/meeting-area.ts';
import { calendarFailure, DEFAULT_BOOKING_IMAGE, inviteLink, myBookingCards, type BookingCard } from '../../src/lib/my-bookings.ts';
import { fromWire } from './support/calendar.ts';

const at = (iso: string) => ({ _seconds: Date.parse(iso) / 1000, _nanoseconds: 0 });

// The dates as the API answers them (classEntry, tourEntry), and as the site reads them.
const classEntry: CalendarEntry = {
  id: 'class-dec-5',
  date: at('2026-12-05T14:00:00Z'), // 7:00 AM in Kamas
  partySize: 10,
  users: ['reserved', 'reserved', 'reserved'],
  stripeId: 'price_class_moto',
  inviteCode: 'INVITE123',
};
const otherClass = fromWire({
  id: 'class-dec-12',
  date: at('2026-12-12T14:00:00Z'),
  partySize: 10,
  users: [],
  stripeId: 'price_class_moto',
});
const tourEntry: CalendarEntry = {
  id: 'tour-jan-9',
  date: at('2027-01-09T15:00:00Z'),
  partySize: 4,
  users: ['reserved'],
  inviteCode: 'TOUR9',
};
const classDate = fromWire(classEntry);
const tourDate = fromWire(tourEntry);
const products: Product[] = [
  { id: 'prod_tours', name: 'Backcountry Tours', description: '', images: ['/images/tours/skin-track.svg'], prices: [] },
  {
    id: 'prod_classes',
    name: 'Avalanche Courses',
    description: '',
    images: ['/images/classes/pit.svg'],
    prices: [
      {
        id: 'price_class_moto',
        nickname: 'Motorized Backcountry Essentials',
        unit_amount: 30000,
        currency: 'usd',
        metadata: { image: '/images/classes/moto.svg' },
      },
    ],
  },
];

describe('which bookings My Bookings shows', () => {
  const all = { 'winter-classes': [otherClass, classDate], 'winter-day-tours': [tourDate], 'winter-mentorship': [] };

  it('waits until all three calendars have loaded', () => {
    expect(myBookingCards(['class-dec-5'], { 'winter-classes': [classDate], 'winter-day-tours': [] }, products)).toBeNull();
    expect(myBookingCards(['class-dec-5'], all, products)).toHaveLength(1);
  });

  it("shows only the customer's own dates, soonest first", () => {
    const cards = myBookingCards(['tour-jan-9', 'class-dec-5', 'gone-date'], all, products) ?? [];
    expect(cards.map((card) => card.id)).toEqual(['class-dec-5', 'tour-jan-9']);
    expect(myBookingCards([], all, products)).toEqual([]);
  });

  it('titles a card with its price nickname and image, else its product, else the default image', () => {
    const [course, tour] = myBookingCards(['class-dec-5', 'tour-jan-9'], all, products) ?? [];
    expect(course).toMatchObject({ title: 'Motorized Backcountry Essentials', image: '/images/classes/moto.svg', remainingSpots: 7 });
    expect(tour).toMatchObject({ title: 'Backcountry Tours', image: '/images/tours/skin-track.svg', calendar: 'winter-day-tours' });
    const [bare] = myBookingCards(['class-dec-5'], all, []) ?? [];
    expect(bare).toMatchObject({ title: 'Avalanche Courses', image: DEFAULT_BOOKING_IMAGE });
  });

  it('titles a day tour with the activity booked, which the API tells the party', () => {
    const withSki: Product[] = products.map((product) =>
      product.id === 'prod_tours'
        ? {
            ...product,
            prices: [
              { id: 'price_tour_ski', nickname: 'Ski & Splitboard Touring Day', unit_amount: 25000, currency: 'usd', metadata: {} },
              { id: 'price_tour_sled', nickname: 'Snowmobile Day', unit_amount: 35000, currency: 'usd', metadata: {} },
            ],
          }
        : product,
    );
    const booked = fromWire({ ...tourEntry, bookedPriceId: 'price_tour_sled' });
    const [tour] = myBookingCards(['tour-jan-9'], { ...all, 'winter-day-tours': [booked] }, withSki) ?? [];
    expect(tour).toMatchObject({ title: 'Snowmobile Day', image: '/images/tours/skin-track.svg' });
    expect(bookingIcs(tour as BookingCard)).toContain('SUMMARY:Snowmobile Day with');
  });

  it('names where the party meets: the meeting point the API gives the party, else the meeting area of the kind of day', () => {
    const set = fromWire({ ...classEntry, inviteCode: 'inv_abc', meetingPoint: 'Wolf Creek Pass Trailhead, 7:15 AM' });
    const [card] = myBookingCards(['class-dec-5'], { ...all, 'winter-classes': [set] }, products) ?? [];
    expect(card?.meetingPoint).toBe('Wolf Creek Pass Trailhead, 7:15 AM');
    const [unset] = myBookingCards(['class-dec-5'], all, products) ?? [];
    expect(unset?.meetingPoint).toBe(meetingArea('winter-classes'));
  });

  it("counts remaining spots as the party's seats nobody has claimed, which the API tells the party's members", () => {
    const mine = fromWire({ ...classEntry, inviteCode: 'inv_abc', partySeats: 3, partySpotsLeft: 2 });
    const [card] = myBookingCards(['class-dec-5'], { ...all, 'winter-classes': [mine] }, products) ?? [];
    expect(card?.remainingSpots).toBe(2);
    expect(card?.partySeats).toBe(3);
  });

  it("falls back to the date's capacity less the seats taken when the answer does not say", () => {
    const full = fromWire({ ...classEntry, users: Array.from({ length: 10 }, () => 'reserved') });
    const [card] = myBookingCards(['class-dec-5'], { ...all, 'winter-classes': [full] }, products) ?? [];
    expect(card?.remainingSpots).toBe(0);
    expect(card?.partySeats).toBeNull();
  });

  it('names the calendar that failed', () => {
    expect(calendarFailure('winter-day-tours')).toBe('Failed to fetch winter-day-tours.');
  });
});

describe('the invite link', () => {
  it('is the checkout page on the site\u2019s own origin with the invite code', () => {
    expect(inviteLink('INVITE123')).toBe('https://www.kamasbackcountry.com/checkout?invite=INVITE123');
    expect(inviteLink('a b&c')).toBe('https://www.kamasbackcountry.com/checkout?invite=a+b%26c');
    // A local run hands out links to itself, so a copied link opens the same run.
    expect(inviteLink('INVITE123', 'http://127.0.0.1:4322')).toBe('http://127.0.0.1:4322/checkout?invite=INVITE123');
  });

  it('is on a card only when the calendar gave the customer a code', () => {
    const { inviteCode: _code, ...rest } = classEntry;
    const withoutCode = fromWire(rest);
    const all = { 'winter-classes': [withoutCode], 'winter-day-tours': [tourDate], 'winter-mentorship': [] };
    const cards = myBookingCards(['class-dec-5', 'tour-jan-9'], all, products) ?? [];
    expect(cards.map((card) => card.inviteLink)).toEqual([null, 'https://www.kamasbackcountry.com/checkout?invite=TOUR9']);
  });

  it('offers no invite link once every seat of the party is claimed, and says the party is full', () => {
    const full = fromWire({ ...tourEntry, partySeats: 2, partySpotsLeft: 0 });
    const open = fromWire({ ...classEntry, partySeats: 3, partySpotsLeft: 1 });
    const calendars = { 'winter-classes': [open], 'winter-day-tours': [full], 'winter-mentorship': [] };
    const cards = myBookingCards(['tour-jan-9', 'class-dec-5'], calendars, products) ?? [];
    expect(cards.map((card) => [card.id, card.inviteLink !== null, card.partyFull])).toEqual([
      ['class-dec-5', true, false],
      ['tour-jan-9', false, true],
    ]);
  });
});

describe('the calendar event of a booking', () => {
  const card: BookingCard = {
    id: 'class-dec-5',
    bookingId: 'bk_jDaTQd5ro3D-qL0H',
    calendar: 'winter-classes',
    start: new Date('2026-12-05T14:00:00Z'),
    title: 'Motorized Backcountry Essentials',
    image: '/images/classes/moto.svg',
    remainingSpots: 7,
    partySeats: 3,
    inviteLink: 'https://www.kamasbackcountry.com/checkout?invite=INVITE123',
    partyFull: false,
    meetingPoint: meetingArea('winter-classes'),
  };

  function parsed(text: string) {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    if (zone) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    return { calendar, zone, event };
  }

  it('starts and ends on Kamas time, with the America/Denver VTIMEZONE, whatever zone the browser is in', () => {
    const machineZone = process.env['TZ'];
    const texts = ['Asia/Tokyo', 'Pacific/Pago_Pago', 'UTC'].map((zone) => {
      process.env['TZ'] = zone;
      return bookingIcs(card, new Date('2026-11-20T12:00:00Z'));
    });
    if (machineZone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = machineZone;
    expect(new Set(texts).size).toBe(1);
    const text = texts[0] ?? '';
    expect(text).toContain('DTSTART;TZID=America/Denver:20261205T070000');
    expect(text).toContain('DTEND;TZID=America/Denver:20261205T170000');
    expect(text).toContain('DTSTAMP:20261120T120000Z');
    const { zone, event } = parsed(text);
    expect(zone?.getFirstPropertyValue('tzid')).toBe('America/Denver');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-05T14:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-06T00:00:00.000Z');
  });

  it('says what, where and how to reach the company', () => {
    const { event } = parsed(bookingIcs(card));
    expect(event.summary).toBe('Motorized Backcountry Essentials with Kamas Backcountry');
    expect(event.location).toBe(meetingArea('winter-classes'));
    expect(event.description).toContain('(435) 555-0148');
    expect(event.description).toContain('hello@kamasbackcountry.com');
    expect(event.description).toContain('Sat, Dec 5, 7:00 AM');
    expect(event.description).toContain(card.inviteLink);
    expect(event.description).toContain('Booking JDAT-QD5R');
  });

  it('keeps one UID per booking, the booking’s own, so a second download and the confirmation’s file update the same event', () => {
    const first = parsed(bookingIcs(card, new Date('2026-11-20T12:00:00Z'))).event;
    const second = parsed(bookingIcs(card, new Date('2026-11-21T12:00:00Z'))).event;
    expect(first.uid).toBe(bookingEventUid('bk_jDaTQd5ro3D-qL0H'));
    expect(second.uid).toBe(first.uid);
    expect(parsed(bookingIcs({ ...card, bookingId: 'bk_otherBookingId00' })).event.uid).not.toBe(first.uid);
    expect(bookingIcsFileName({ id: 'bk_jDaTQd5ro3D-qL0H' })).toBe('kamas-booking-JDAT-QD5R.ics');
  });

  it('gives tours the trailheads as their meeting area and a full day out', () => {
    const tour = {
      ...card,
      calendar: 'winter-day-tours' as const,
      start: new Date('2027-01-09T15:00:00Z'),
      meetingPoint: meetingArea('winter-day-tours'),
    };
    const { event } = parsed(bookingIcs(tour));
    expect(event.location).toBe('Soapstone, Pine Valley or Wolf Creek Pass Trailhead, Kamas, Utah (confirmed two days before)');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-01-09T23:00:00.000Z');
  });

  it('names the meeting point once the office has set one', () => {
    const { event } = parsed(bookingIcs({ ...card, meetingPoint: 'Soapstone Trailhead, 6:45 AM' }));
    expect(event.location).toBe('Soapstone Trailhead, 6:45 AM');
    expect(event.description).toContain('Meeting area: Soapstone Trailhead, 6:45 AM.');
  });
});
