import { describe, expect, it } from 'vitest';
import {
  GIFT_AMOUNT_MESSAGE,
  GIFT_EMAIL_MESSAGE,
  GIFT_MESSAGE_MESSAGE,
  GIFT_NAME_MESSAGE,
  GIFT_WHEN_MESSAGE,
} from '../../shared/contract/gift-cards.ts';
import { NO_PRICE_MESSAGE } from '../../shared/contract/messages.ts';
import type { Product } from '../../shared/contract/answers.ts';
import {
  deliveryDays,
  EMPTY_GIFT_FORM,
  firstWrong,
  giftRequest,
  giftSummary,
  hourLabel,
  stillWrong,
  voucherTrips,
  whatHappensNext,
  type GiftForm,
} from '../../src/features/gift-cards/rules/gift-purchase.ts';

const FILLED: GiftForm = {
  ...EMPTY_GIFT_FORM,
  dollars: '150',
  recipientName: '  Sam Ridge ',
  recipientEmail: 'sam@example.com',
  message: 'Happy birthday!',
};

const price = (id: string, nickname: string, unit_amount: number) => ({ id, nickname, unit_amount, currency: 'usd', metadata: {} });
const CATALOG: Product[] = [
  { id: 'prod_mentor', name: 'Mentorship Program', description: '', images: [], prices: [price('price_mentor', 'Mentorship Day', 15_000)] },
  { id: 'prod_tours', name: 'Backcountry Tours', description: '', images: [], prices: [price('price_tour_ski', 'Ski Touring', 45_000)] },
  {
    id: 'prod_classes',
    name: 'Avalanche Courses',
    description: '',
    images: [],
    prices: [price('price_class_moto', 'Motorized Backcountry Essentials', 39_500)],
  },
];

describe('the gift form read into the purchase request', () => {
  it('sends an amount for someone now, trimmed, with their address', () => {
    expect(giftRequest(FILLED)).toEqual({
      ok: true,
      request: {
        gift: { kind: 'amount', dollars: 150 },
        recipientName: 'Sam Ridge',
        message: 'Happy birthday!',
        delivery: { when: 'now', recipientEmail: 'sam@example.com' },
      },
    });
  });

  it('reads dollars typed with a sign and a thousands comma', () => {
    const checked = giftRequest({ ...FILLED, dollars: '$1,000' });
    expect(checked.ok && checked.request.gift).toEqual({ kind: 'amount', dollars: 1000 });
  });

  it("refuses an amount out of range, with cents or left empty, in the contract's words", () => {
    for (const dollars of ['10', '1001', '150.50', '', 'fifty']) {
      expect(giftRequest({ ...FILLED, dollars })).toEqual({ ok: false, errors: { dollars: GIFT_AMOUNT_MESSAGE } });
    }
  });

  it('sends a voucher by its price, and asks for a trip when none is chosen', () => {
    const checked = giftRequest({ ...FILLED, kind: 'voucher', priceId: 'price_tour_ski' });
    expect(checked.ok && checked.request.gift).toEqual({ kind: 'voucher', priceId: 'price_tour_ski' });
    expect(giftRequest({ ...FILLED, kind: 'voucher' })).toEqual({ ok: false, errors: { priceId: NO_PRICE_MESSAGE } });
  });

  it('sends a chosen Kamas day and hour, and asks for the day when it is missing', () => {
    const checked = giftRequest({ ...FILLED, when: 'on', day: '2026-12-25', hour: '8' });
    expect(checked.ok && checked.request.delivery).toEqual({ when: 'on', recipientEmail: 'sam@example.com', day: '2026-12-25', hour: 8 });
    expect(giftRequest({ ...FILLED, when: 'on', day: '' })).toEqual({ ok: false, errors: { when: GIFT_WHEN_MESSAGE } });
  });

  it('asks for no address when the gift is sent to the buyer to print', () => {
    const checked = giftRequest({ ...FILLED, when: 'print', recipientEmail: 'not an address' });
    expect(checked.ok && checked.request.delivery).toEqual({ when: 'print' });
  });

  it('names each wrong field once, and the first in the order of the form takes the focus', () => {
    const checked = giftRequest({ ...EMPTY_GIFT_FORM, dollars: '150', recipientEmail: 'sam@', message: 'x'.repeat(301) });
    expect(checked).toEqual({
      ok: false,
      errors: { recipientName: GIFT_NAME_MESSAGE, recipientEmail: GIFT_EMAIL_MESSAGE, message: GIFT_MESSAGE_MESSAGE },
    });
    expect(!checked.ok && firstWrong(checked.errors)).toBe('recipientName');
  });

  it('drops a message once its field is put right, and adds none before the next try', () => {
    const shown = { dollars: GIFT_AMOUNT_MESSAGE, recipientName: GIFT_NAME_MESSAGE };
    expect(stillWrong({ ...FILLED, dollars: '10', recipientName: '' }, shown)).toEqual(shown);
    expect(stillWrong({ ...FILLED, recipientName: '', recipientEmail: '' }, shown)).toEqual({ recipientName: GIFT_NAME_MESSAGE });
    expect(stillWrong(FILLED, shown)).toEqual({});
  });
});

describe('the trips a voucher may be for', () => {
  it('are the classes and the day-tour activities, each at its price now', () => {
    expect(voucherTrips(CATALOG)).toEqual([
      {
        priceId: 'price_class_moto',
        name: 'Motorized Backcountry Essentials',
        amount: 39_500,
        label: 'Motorized Backcountry Essentials, $395',
      },
      { priceId: 'price_tour_ski', name: 'Ski Touring', amount: 45_000, label: 'Ski Touring, $450' },
    ]);
  });
});

describe('what the payment step says of the gift', () => {
  const trips = voucherTrips(CATALOG);

  it('names an amount card, its recipient, the day and hour in Kamas, and the total in dollars', () => {
    const checked = giftRequest({ ...FILLED, when: 'on', day: '2026-12-25', hour: '8' });
    if (!checked.ok) throw new Error('the form should be good');
    expect(giftSummary(checked.request, { amount: 15_000, currency: 'usd' }, trips)).toEqual({
      what: 'Gift card: $150',
      to: 'Sam Ridge (sam@example.com)',
      when: 'Fri, Dec 25, 8:00 AM, Kamas time',
      total: '$150',
    });
  });

  it('names a voucher by its trip, and a gift to print by the recipient alone', () => {
    const checked = giftRequest({ ...FILLED, kind: 'voucher', priceId: 'price_tour_ski', when: 'print' });
    if (!checked.ok) throw new Error('the form should be good');
    expect(giftSummary(checked.request, { amount: 125_000, currency: 'usd' }, trips)).toEqual({
      what: 'Trip voucher: Ski Touring',
      to: 'Sam Ridge',
      when: 'To you by e-mail, to print',
      total: '$1,250',
    });
  });

  it('says what happens once it is paid, by when it arrives', () => {
    expect(whatHappensNext('now')).toMatch(/on its way to the recipient/);
    expect(whatHappensNext('on')).toMatch(/on the day and hour you chose/);
    expect(whatHappensNext('print')).toMatch(/ready to print/);
  });
});

describe('the day and hour a gift is sent', () => {
  it('lists hours on a 12-hour clock', () => {
    expect([0, 8, 12, 23].map(hourLabel)).toEqual(['12:00 AM', '8:00 AM', '12:00 PM', '11:00 PM']);
  });

  it('may be from today in Kamas to a year on', () => {
    // 03:00 UTC on Dec 1 is still Nov 30 in Kamas.
    expect(deliveryDays(Date.UTC(2026, 11, 1, 3))).toEqual({ first: '2026-11-30', last: '2027-11-30' });
  });
});
