import { describe, expect, it } from 'vitest';
import {
  dollarsField,
  messageLine,
  namesInWords,
  offersMadeWords,
  offersTakenBackFor,
  opsBookingLink,
  paidText,
  paymentLine,
  promoTerms,
  refundHint,
} from '../../src/lib/ops-links.ts';
import { denverInstant } from '../../shared/rules/dates.ts';
import type { WaitlistRowAnswer } from '../../shared/contract/waitlist.ts';

describe('the words of the console', () => {
  it('says how a booking was paid', () => {
    expect(paidText({ amount: 79000, paidBy: 'card', promoCode: 'WELCOME10' })).toBe('$790 by card with WELCOME10');
    expect(paidText({ amount: 69000, paidBy: 'cash' })).toBe('$690 in cash');
    expect(paidText({ amount: 34550, paidBy: 'check' })).toBe('$345.50 by check');
    expect(paidText({ amount: 0, paidBy: 'complimentary' })).toBe('Complimentary');
  });

  it('says what a refund may be, and writes cents for the refund field', () => {
    expect(refundHint(12000, 7000)).toBe('Up to the $120 paid. The policy gives $70 today.');
    expect(refundHint(12000, null)).toBe('Up to the $120 paid.');
    expect([dollarsField(7000), dollarsField(7050)]).toEqual(['70', '70.50']);
    expect(opsBookingLink('bk_a b')).toBe('/ops/booking?id=bk_a%20b');
  });
});

describe('a booking’s messages as the console lists them', () => {
  it('names each message and its state in words', () => {
    expect(messageLine({ kind: 'booking-confirmed', to: 'casey@example.com', status: 'sent' })).toBe(
      'Booking confirmation to casey@example.com, sent',
    );
    expect(messageLine({ kind: 'date-called-off', to: null, status: 'pending' })).toBe('Date called off to no address, waiting to be sent');
    expect(messageLine({ kind: 'trip-briefing', to: 'kim@example.com', status: 'skipped' })).toBe(
      'Trip briefing to kim@example.com, not sent',
    );
  });
});

describe('a booking’s payments and refunds as the console lists them', () => {
  const booking = { amount: 79000, paidBy: 'cash' as const };
  it('says each in words: a payment, a fee taken for a move, a refund and an unfinished card payment let go', () => {
    expect(paymentLine({ kind: 'payment', amount: 79000, status: 'paid', reason: null }, booking)).toBe('paid $790 in cash');
    expect(paymentLine({ kind: 'fee', amount: 5000, status: 'paid', reason: 'taken in cash' }, booking)).toBe(
      'change-of-date fee of $50, taken in cash',
    );
    expect(paymentLine({ kind: 'refund', amount: 12050, status: 'done', reason: 'cancelled by the company' }, booking)).toBe(
      'refund of $120.50, done (cancelled by the company)',
    );
    expect(paymentLine({ kind: 'cancel', amount: null, status: 'pending', reason: null }, booking)).toBe(
      'unfinished card payment cancelled, pending',
    );
  });
});

describe('a promo code’s terms as the console lists them', () => {
  const promo = {
    code: 'EARLY10',
    percentOff: 20,
    amountOff: null,
    lastDay: '2027-01-31',
    maxRedemptions: 10,
    uses: 3,
    active: true,
    onlyForSomeActivities: false,
  };
  it('names the year of its last day, and says Expired after it', () => {
    expect(promoTerms(promo, '2027-01-31')).toBe('20% off · through Sun, Jan 31, 2027 · 3 of 10 uses · Active');
    expect(promoTerms(promo, '2027-02-01')).toBe('20% off · ended Sun, Jan 31, 2027 · 3 of 10 uses · Expired');
  });

  it('says Used up once its uses are taken, and Paused while paused', () => {
    expect(promoTerms({ ...promo, uses: 10 }, '2027-01-01')).toMatch(/· Used up$/);
    expect(
      promoTerms({ ...promo, active: false, amountOff: 2500, percentOff: null, lastDay: null, maxRedemptions: null }, '2027-01-01'),
    ).toBe('$25 off · no last day · 3 uses · Paused');
  });
});

describe('the offers an action made', () => {
  const now = denverInstant('2027-01-08', 18);

  it('names each party, its seats and when the offer ends, with the day when it is not today', () => {
    expect(offersMadeWords([{ name: 'Ben Okafor', seats: 2, endsAt: denverInstant('2027-01-08', 20, 24).toISOString() }], now)).toBe(
      '2 seats offered to Ben Okafor until 8:24 PM.',
    );
    expect(
      offersMadeWords(
        [
          { name: 'Ben Okafor', seats: 2, endsAt: denverInstant('2027-01-08', 20, 24).toISOString() },
          { name: 'Sam Small', seats: 1, endsAt: denverInstant('2027-01-09', 6).toISOString() },
        ],
        now,
      ),
    ).toBe('2 seats offered to Ben Okafor until 8:24 PM. 1 seat offered to Sam Small until Sat, Jan 9, 6:00 AM.');
    expect(offersMadeWords([], now)).toBe('');
  });
});

describe('an offer out of order, said before it is made', () => {
  const offer = (seats: number, madeAt: string, state: 'open' | 'lapsed' = 'open', elsewhere = false) => ({
    state,
    seats,
    madeAt,
    endsAt: '2027-01-09T03:00:00.000Z',
    outOfOrder: null,
    elsewhere,
  });
  const row = (id: string, name: string, partySize: number, offers: ReturnType<typeof offer>[] = []): WaitlistRowAnswer => ({
    id,
    name,
    email: `${id}@example.com`,
    partySize,
    nearby: false,
    joinedAt: '2027-01-01T00:00:00.000Z',
    status: offers.length > 0 ? 'offered' : 'waiting',
    offers,
  });
  const sam = row('sam', 'Sam Small', 1, [offer(1, '2027-01-08T20:00:00.000Z')]);
  const ann = row('ann', 'Ann Lee', 2, [offer(2, '2027-01-08T21:00:00.000Z')]);
  const old = row('old', 'Old Offer', 2, [
    offer(2, '2027-01-08T22:00:00.000Z', 'lapsed'),
    offer(2, '2027-01-08T23:00:00.000Z', 'open', true),
  ]);
  const bea = row('bea', 'Bea Big', 3);

  it('takes back nothing while the free seats are enough', () => {
    expect(offersTakenBackFor([sam, ann, bea], bea, 3)).toEqual([]);
  });

  it('takes back the newest open offers of this date first, as far as needed', () => {
    expect(offersTakenBackFor([sam, ann, old, bea], bea, 1)).toEqual(['Ann Lee']);
    expect(offersTakenBackFor([sam, ann, old, bea], bea, 0)).toEqual(['Ann Lee', 'Sam Small']);
  });

  it('names people in a sentence', () => {
    expect([namesInWords(['Sam']), namesInWords(['Sam', 'Ann']), namesInWords(['Sam', 'Ann', 'Bo'])]).toEqual([
      'Sam',
      'Sam and Ann',
      'Sam, Ann and Bo',
    ]);
  });
});
