/**
 * A credit's bonus with an end (GIFT_CREDIT_BONUS_MONTHS): offered and issued with its last day,
 * shown on the card, and taken off by the sweep after that day, only what is left of it, once, and
 * not while a checkout holds some of the card.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CancellationQuote } from '../../api/bookings/cancellation.ts';
import { endBonuses } from '../../api/gift-cards/bonus-ends.ts';
import { holdOnCard, releaseFromCards } from '../../api/gift-cards/ledger.ts';
import { denverDay, denverDayPlus, denverDayPlusMonths } from '../../shared/rules/dates.ts';
import { freeDate, harness, holdDate, type Harness } from './harness.ts';
import { paidBooking } from './paid-booking.ts';

const CALENDAR = 'winter-day-tours';
const PRICE = 'price_tour_ski';

let h: Harness;
beforeAll(async () => {
  h = await harness({ creditTerms: { percent: 10, bonusMonths: 12 } });
});

interface MyCard {
  code: string;
  balance: number;
  bonus: number;
  bonusEndsOn: string | null;
}

/** A booking cancelled by its payer, the refund kept as credit: the quote, the payer and their card. */
async function keptAsCredit() {
  const date = await freeDate(h, CALENDAR);
  const { payer, bookingId } = await paidBooking(h, { date, calendar: CALENDAR, priceId: PRICE, partySize: 1 });
  const quote = await h.json<CancellationQuote>('GET', `/bookings/${bookingId}/cancellation`, { token: payer.token });
  const done = await h.json('POST', `/bookings/${bookingId}/cancellation`, {
    token: payer.token,
    body: { quoteId: quote.body.quoteId, asCredit: true },
  });
  expect(done.status).toBe(200);
  const mine = await h.json<MyCard[]>('GET', '/gift-cards/mine', { token: payer.token });
  const [card] = mine.body;
  if (!card) throw new Error('no credit card');
  const [row] = await h.db.query<{ id: string }>('select id from gift_cards where code = $1', [card.code]);
  return { quote: quote.body, payer, card, cardId: row?.id ?? '' };
}

const balanceOf = async (code: string) =>
  (await h.json<{ balance: number }>('POST', '/gift-cards/balance', { body: { code } })).body.balance;

/** The test moves the bonus's last day to yesterday, as if its months had passed. */
const endedYesterday = (cardId: string) =>
  h.db.query(`update gift_cards set bonus_ends_on = $2::date where id = $1`, [cardId, denverDayPlus(denverDay(new Date()), -1)]);

describe('a credit whose bonus ends', () => {
  it('is offered and issued with the last day of its bonus, twelve months on', async () => {
    const { quote, card } = await keptAsCredit();
    const endsOn = denverDayPlusMonths(quote.quoteDay, 12);
    const bonus = Math.round(quote.refund / 10);
    expect(quote.credit).toEqual({ amount: quote.refund + bonus, bonus, percent: 10, bonusEndsOn: endsOn });
    expect(card).toMatchObject({ balance: quote.refund + bonus, bonus, bonusEndsOn: endsOn });
    // Before its day, the sweep takes nothing.
    expect(await endBonuses(h.db)).toBe(0);
    expect(await balanceOf(card.code)).toBe(quote.refund + bonus);
  });

  it('loses what is left of the bonus after its last day, once, and keeps what was paid', async () => {
    const { quote, card, cardId } = await keptAsCredit();
    const bonus = card.bonus;
    // $10 of it spent meanwhile: the bonus went first, so that much of it is left.
    await h.db.query(
      `insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, key) values ($1, $2, 'spend', -1000, 'paid for a booking', 'customer:x', $1)`,
      [`gcl_spent_${cardId}`, cardId],
    );
    await endedYesterday(cardId);
    expect(await endBonuses(h.db)).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(card.code)).toBe(quote.refund);
    const [ended] = await h.db.query<{ amount: number; reason: string; caused_by: string }>(
      `select amount, reason, caused_by from gift_card_ledger where card_id = $1 and kind = 'adjustment'`,
      [cardId],
    );
    expect(ended).toMatchObject({ amount: -(bonus - 1000), caused_by: 'sweep' });
    expect(ended?.reason).toMatch(/^its promotional bonus ended on .+: \$\d+(\.\d\d)? of it was left$/);
    // A second run, or another instance's, takes nothing more.
    await endBonuses(h.db);
    expect(await balanceOf(card.code)).toBe(quote.refund);
  });

  it('takes nothing from a card whose bonus was all spent, and says so on its ledger', async () => {
    const { quote, card, cardId } = await keptAsCredit();
    await h.db.query(
      `insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, key) values ($1, $2, 'spend', $3, 'paid for a booking', 'customer:x', $1)`,
      [`gcl_spent_${cardId}`, cardId, -(card.bonus + 500)],
    );
    await endedYesterday(cardId);
    await endBonuses(h.db);
    expect(await balanceOf(card.code)).toBe(quote.refund - 500);
    const rows = await h.db.query<{ amount: number; reason: string }>(
      `select amount, reason from gift_card_ledger where card_id = $1 and kind = 'adjustment'`,
      [cardId],
    );
    expect(rows).toEqual([{ amount: 0, reason: expect.stringMatching(/, all of it spent$/) }]);
  });

  it('waits while a checkout holds some of the card, and takes the bonus once the hold gives it back', async () => {
    const { quote, payer, card, cardId } = await keptAsCredit();
    // A checkout holds all of the card as the bonus's last day passes.
    const date = await freeDate(h, CALENDAR);
    const held = await holdDate(h, payer, date, CALENDAR, PRICE);
    expect(held.status).toBe(200);
    await h.db.transaction((tx) =>
      holdOnCard(tx, { code: card.code, bookingId: held.body.bookingId, amount: card.balance, causedBy: `customer:${payer.uid}` }),
    );
    await endedYesterday(cardId);
    await endBonuses(h.db);
    expect(await h.db.query(`select 1 from gift_card_ledger where card_id = $1 and kind = 'adjustment'`, [cardId])).toEqual([]);

    // The checkout is abandoned: all of it comes back, and the next run takes the bonus.
    await h.db.transaction((tx) => releaseFromCards(tx, held.body.bookingId, 'hold lapsed', 'sweep'));
    expect(await balanceOf(card.code)).toBe(quote.refund + card.bonus);
    await endBonuses(h.db);
    expect(await balanceOf(card.code)).toBe(quote.refund);
  });
});
