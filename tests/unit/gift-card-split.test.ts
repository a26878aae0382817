import { describe, expect, it } from 'vitest';
import { refundSplit, splitPayment } from '../../shared/rules/gift-card-split.ts';

const MINIMUM = 50;

describe('paying an order with gift cards', () => {
  it('takes from each card in turn what it has, and leaves the rest for the card payment', () => {
    expect(splitPayment(35_000, [10_000, 15_000], MINIMUM)).toEqual({ fromCards: [10_000, 15_000], byCard: 10_000 });
    expect(splitPayment(35_000, [], MINIMUM)).toEqual({ fromCards: [], byCard: 35_000 });
  });

  it('needs no card payment when the cards cover everything, and leaves a card it does not need untouched', () => {
    expect(splitPayment(12_500, [20_000, 5_000], MINIMUM)).toEqual({ fromCards: [12_500, 0], byCard: 0 });
    expect(splitPayment(12_500, [10_000, 2_500, 900], MINIMUM)).toEqual({ fromCards: [10_000, 2_500, 0], byCard: 0 });
  });

  it('takes nothing from an empty card', () => {
    expect(splitPayment(10_000, [0, 4_000], MINIMUM)).toEqual({ fromCards: [0, 4_000], byCard: 6_000 });
  });

  it('leaves the smallest card charge to the card when less would be left, taking it back from the last cards used', () => {
    expect(splitPayment(10_000, [9_980], MINIMUM)).toEqual({ fromCards: [9_950], byCard: 50 });
    // The last card gives back all it can, then the one before it.
    expect(splitPayment(10_000, [9_970, 20], MINIMUM)).toEqual({ fromCards: [9_950, 0], byCard: 50 });
    expect(splitPayment(10_000, [9_999], MINIMUM)).toEqual({ fromCards: [9_950], byCard: 50 });
  });
});

describe('a refund of a booking gift cards paid part of', () => {
  it('goes back in proportion to what each way of paying paid', () => {
    expect(refundSplit(35_000, 40_000, 16_000)).toEqual({ toGiftCards: 14_000, rest: 21_000 });
    expect(refundSplit(34_500, 34_500, 34_500)).toEqual({ toGiftCards: 34_500, rest: 0 });
    expect(refundSplit(35_000, 40_000, 0)).toEqual({ toGiftCards: 0, rest: 35_000 });
    // A cent that does not divide goes where rounding puts it, never more than the cards paid.
    expect(refundSplit(10_001, 20_000, 10_000)).toEqual({ toGiftCards: 5_001, rest: 5_000 });
  });
});
