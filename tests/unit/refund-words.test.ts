/** What the site says about where a refund goes: to the card, or from the office for a booking it took in cash or by check. */
import { bonusEnded, bonusLeft, bonusWords, creditFor, creditOfferFor, creditOfferWords } from '../../shared/rules/gift-card-credit.ts';
import { describe, expect, it } from 'vitest';
import type { CallOffChoice } from '../../shared/contract/answers.ts';
import { chosenLine, creditOffer, refundOffer } from '../../shared/rules/called-off.ts';
import { cancelledNotice, quoteSummary } from '../../src/lib/cancellation-quote.ts';
import { refundRoute, refundRouteAndWhen } from '../../shared/rules/paid-by.ts';

describe('where a refund goes', () => {
  it('goes back to the card within business days, or from the office by arrangement', () => {
    expect(refundRouteAndWhen('card')).toBe('to the card you paid with, usually within 5 to 10 business days');
    expect(refundRouteAndWhen('cash')).toBe('in cash from our office, and we will contact you to arrange it');
    expect(refundRouteAndWhen('check')).toBe('by check from our office, and we will contact you to arrange it');
    expect(refundRoute('complimentary')).toBe('from our office');
  });
});

describe('My Bookings once a booking is cancelled', () => {
  it('says where the refund goes by how the booking was paid', () => {
    expect(cancelledNotice(45000, 'card')).toBe(
      'Booking cancelled. $450 goes back to the card you paid with, usually within 5 to 10 business days. Your party has been told.',
    );
    expect(cancelledNotice(45000, 'cash')).toBe(
      'Booking cancelled. $450 goes back in cash from our office, and we will contact you to arrange it. Your party has been told.',
    );
    expect(cancelledNotice(0, 'check')).toBe('Booking cancelled. Nothing is refunded; your party has been told.');
  });

  it('says what goes back onto a gift card that paid part of it, at once', () => {
    expect(cancelledNotice(35000, 'card', 15000)).toBe(
      'Booking cancelled. $200 goes back to the card you paid with, usually within 5 to 10 business days, and $150 is back on your gift card now. Your party has been told.',
    );
    expect(cancelledNotice(29500, 'card', 29500)).toBe('Booking cancelled. $295 is back on your gift card now. Your party has been told.');
  });
});

describe('a quote of a booking gift cards paid part of', () => {
  const quote = (paid: number, toGiftCards: number) => ({
    quoteId: 'cq_1',
    bookingId: 'bk_1',
    policyVersion: '2026-1',
    noticeDays: 45,
    paid,
    refund: paid - 5_000,
    toGiftCards,
    credit: null,
    currency: 'usd',
    canMove: true,
    moveFee: 5_000,
    quoteDay: '2026-11-28',
    goodUntil: '2026-11-29T07:00:00.000Z',
    paidBy: 'card' as const,
  });

  it('says what goes back to the card and what to the gift card', () => {
    expect(quoteSummary(quote(40_000, 15_000))).toBe(
      "Cancelling now, with 45 days' notice: $400 paid, less the $50 cancellation fee, gives $200 back to the card you paid with and $150 back to your gift card.",
    );
    expect(quoteSummary(quote(40_000, 35_000))).toBe(
      "Cancelling now, with 45 days' notice: $400 paid, less the $50 cancellation fee, gives $350 back to your gift card.",
    );
    expect(quoteSummary(quote(40_000, 0))).toBe(
      "Cancelling now, with 45 days' notice: $400 paid, less the $50 cancellation fee, gives $350 back to the card you paid with.",
    );
  });
});

describe('the called-off page', () => {
  const choice: CallOffChoice = {
    bookingId: 'bk_1',
    title: 'Avalanche Level 1',
    dateId: 'date_1',
    startsAt: '2026-12-05T15:00:00Z',
    reason: 'High avalanche danger',
    chooseBy: '2026-12-05T15:00:00Z',
    amountPaid: 50000,
    feesPaid: 0,
    currency: 'usd',
    paidBy: 'check',
    partySize: 1,
    choice: null,
    credit: null,
    movedTo: null,
    movedToStartsAt: null,
    dates: [],
  };

  it('offers the refund the way the booking was paid', () => {
    expect(refundOffer(choice)).toBe('$500 back by check from our office.');
    expect(refundOffer({ ...choice, paidBy: 'card' })).toBe('$500 back to the card you paid with.');
    expect(chosenLine({ ...choice, choice: 'refund' })).toBe(
      'You chose a full refund: $500 goes back by check from our office, and we will contact you to arrange it.',
    );
  });

  it('says a fee paid earlier to change the date comes back with the rest', () => {
    const moved = { ...choice, paidBy: 'card' as const, amountPaid: 55000, feesPaid: 5000 };
    expect(refundOffer(moved)).toBe('$550 (the $50 you paid to change the date included) back to the card you paid with.');
    expect(chosenLine({ ...moved, choice: 'refund' })).toBe(
      'You chose a full refund: $550 (the $50 you paid to change the date included) goes back to the card you paid with, usually within 5 to 10 business days.',
    );
  });

  it('offers credit worth more, with its bonus named as a promotional amount', () => {
    expect(creditOffer(choice)).toBeNull();
    const offered = { ...choice, credit: { amount: 55000, bonus: 5000, percent: 10 } };
    expect(creditOffer(offered)).toBe(
      'A gift card for $550, 10% more than you paid: $50 of it is a promotional bonus. It never expires, and pays for any of our trips.',
    );
    expect(chosenLine({ ...offered, choice: 'credit' })).toBe(
      'You kept it as credit: a gift card for $550. It is on its way by e-mail and listed in My Bookings.',
    );
  });
});

describe('credit instead of a refund', () => {
  it('is offered as a gift card worth more, and the notice says where it is', () => {
    expect(creditOfferWords({ amount: 38_500, bonus: 3_500, percent: 10 }, 'the refund')).toBe(
      'A gift card for $385, 10% more than the refund: $35 of it is a promotional bonus. It never expires, and pays for any of our trips.',
    );
    expect(cancelledNotice(0, 'card', 0, 38_500)).toBe(
      'Booking cancelled. A gift card for $385 is on its way by e-mail and listed below. Your party has been told.',
    );
  });

  it('is worth what was paid and the bonus percentage more, rounded to the cent', () => {
    expect(creditFor(35_000, 10)).toEqual({ value: 38_500, bonus: 3_500 });
    expect(creditFor(12_345, 10)).toEqual({ value: 13_580, bonus: 1_235 });
    expect(creditFor(20_000, 0)).toEqual({ value: 20_000, bonus: 0 });
  });

  it('has a bonus that ends the set months after the day it is made, and says so', () => {
    const ending = creditOfferFor(35_000, { percent: 10, bonusMonths: 12 }, '2026-11-29');
    expect(ending).toEqual({ amount: 38_500, bonus: 3_500, percent: 10, bonusEndsOn: '2027-11-29' });
    expect(creditOfferWords(ending)).toBe(
      'A gift card for $385, 10% more than you paid: $35 of it is a promotional bonus, to use by Mon, Nov 29, 2027. The rest never expires, and pays for any of our trips.',
    );
    // A month shorter than the day: its last day.
    expect(creditOfferFor(10_000, { percent: 10, bonusMonths: 1 }, '2027-01-31').bonusEndsOn).toBe('2027-02-28');
    // No end set, or no bonus to end: none.
    expect(creditOfferFor(35_000, { percent: 10, bonusMonths: null }, '2026-11-29')).toEqual({ amount: 38_500, bonus: 3_500, percent: 10 });
    expect(creditOfferFor(35_000, { percent: 0, bonusMonths: 12 }, '2026-11-29')).toEqual({ amount: 35_000, bonus: 0, percent: 0 });
  });

  it('spends its bonus first, so an ended bonus takes off only what is left of it', () => {
    expect(bonusLeft({ value: 38_500, bonus: 3_500, balance: 38_500 })).toBe(3_500);
    expect(bonusLeft({ value: 38_500, bonus: 3_500, balance: 36_000 })).toBe(1_000);
    expect(bonusLeft({ value: 38_500, bonus: 3_500, balance: 35_000 })).toBe(0);
    expect(bonusLeft({ value: 38_500, bonus: 3_500, balance: 0 })).toBe(0);
  });

  it('names the bonus with its last day, and once that day has passed, that it ended', () => {
    expect(bonusWords('$35', null, false)).toBe('$35 of it is a promotional bonus.');
    expect(bonusWords('$35', '2027-11-29', false)).toBe('$35 of it is a promotional bonus, to use by Mon, Nov 29, 2027.');
    expect(bonusWords('$35', '2027-11-29', true)).toBe('$35 of it was a promotional bonus, which ended on Mon, Nov 29, 2027.');
    expect(bonusEnded('2027-11-29', '2027-11-29')).toBe(false);
    expect(bonusEnded('2027-11-29', '2027-11-30')).toBe(true);
    expect(bonusEnded(null, '2099-01-01')).toBe(false);
  });
});
