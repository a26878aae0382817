/**
 * A gift card's ledger: a card issued once, held from for a checkout, released when the hold ends,
 * spent when the booking is paid, each change once however often it is asked for; two checkouts
 * reaching for its last dollars at once (on PGlite here, and on a Postgres server in the Postgres
 * step, where the two transactions truly overlap): one takes them, the other is told what is left.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { activateCard, cardBalance, createCard, issueCard } from '../../api/gift-cards/cards.ts';
import { holdOnCard, releaseFromCards, spendHeld } from '../../api/gift-cards/ledger.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { freeDate, harness, holdDate, readyUser, type Harness, type TestUser } from './harness.ts';

let h: Harness;
let rider: TestUser;
const CLASSES = 'winter-classes';
const OFFICE = 'operator:test-office';

beforeAll(async () => {
  h = await harness();
  rider = await readyUser(h);
});

/** A booking's hold to take gift card money for: each call holds another date (`by`'s hold before it is replaced, and what it held given back). */
const taken: string[] = [];
async function heldBooking(by: TestUser = rider): Promise<string> {
  const date: CalendarEntry = await freeDate(h, CLASSES, (entry) => Boolean(entry.stripeId) && !taken.includes(entry.id));
  taken.push(date.id);
  const hold = await holdDate(h, by, date, CLASSES, date.stripeId ?? '');
  expect(hold.status, JSON.stringify(hold.body)).toBe(200);
  return hold.body.bookingId;
}

const issue = (value: number) =>
  h.db.transaction((tx) =>
    issueCard(tx, { kind: 'amount', value, origin: 'issue', recipientName: 'Sam Ridge', delivery: 'print' }, OFFICE, 'a raffle prize'),
  );
const hold = (code: string, bookingId: string, amount: number) =>
  h.db.transaction((tx) => holdOnCard(tx, { code, bookingId, amount, causedBy: `customer:${rider.uid}` }));
const balance = async (code: string) => (await cardBalance(h.db, code, null)).balance;

describe('a gift card', () => {
  it('is issued with its value once, and shows what is left and no names to whoever has its code, typed any way', async () => {
    const { id, code } = await issue(10_000);
    expect(await h.db.transaction((tx) => activateCard(tx, id, OFFICE))).toBe(false);
    const seen = await cardBalance(h.db, code.toLowerCase().replaceAll('-', ' '), null);
    expect(seen).toEqual({
      kind: 'amount',
      activity: null,
      activityId: null,
      balance: 10_000,
      currency: 'usd',
      bonus: 0,
      bonusEndsOn: null,
      uses: [],
      onYourAccount: false,
    });
    expect(JSON.stringify(seen)).not.toMatch(/Sam|Ridge|raffle/);
    const rows = await h.db.query('select kind, amount, reason, caused_by from gift_card_ledger where card_id = $1', [id]);
    expect(rows).toEqual([{ kind: 'issue', amount: 10_000, reason: 'a raffle prize', caused_by: OFFICE }]);
  });

  it('that is unknown, not yet paid for or not a code at all is not found, in the same words', async () => {
    const pending = await h.db.transaction((tx) =>
      createCard(tx, { kind: 'amount', value: 5_000, origin: 'purchase', recipientName: 'Kit', delivery: 'email' }),
    );
    for (const code of [pending.code, 'KAMAS-2222-2222-2222-2222', 'not a code']) {
      await expect(cardBalance(h.db, code, null)).rejects.toThrow('We could not find a gift card with that code. Check it and try again.');
    }
  });

  it('holds for a checkout once, gives it back when the hold ends, and once only', async () => {
    const { code } = await issue(10_000);
    const bookingId = await heldBooking();
    expect(await hold(code, bookingId, 6_000)).toMatchObject({ held: 6_000 });
    expect(await hold(code, bookingId, 6_000)).toMatchObject({ held: 6_000 });
    expect(await balance(code)).toBe(4_000);
    expect(await h.db.transaction((tx) => releaseFromCards(tx, bookingId, 'hold lapsed', 'sweep'))).toBe(6_000);
    expect(await h.db.transaction((tx) => releaseFromCards(tx, bookingId, 'hold lapsed', 'sweep'))).toBe(0);
    expect(await balance(code)).toBe(10_000);
  });

  it('spends what it held when the booking is paid: the use is listed, and a late release gives nothing back', async () => {
    const { code } = await issue(10_000);
    const bookingId = await heldBooking();
    await hold(code, bookingId, 7_500);
    expect(await h.db.transaction((tx) => spendHeld(tx, bookingId, 'payment:pi_test'))).toBe(7_500);
    expect(await h.db.transaction((tx) => spendHeld(tx, bookingId, 'payment:pi_test'))).toBe(0);
    expect(await h.db.transaction((tx) => releaseFromCards(tx, bookingId, 'hold lapsed', 'sweep'))).toBe(0);
    const seen = await cardBalance(h.db, code, null);
    expect(seen.balance).toBe(2_500);
    expect(seen.uses).toEqual([{ at: expect.any(String), amount: 7_500, what: 'spent' }]);
  });

  it('gives its last dollars to one of two checkouts reaching for them at once, and tells the other what is left', async () => {
    const { code } = await issue(5_000);
    const [first, second] = [await heldBooking(), await heldBooking()];
    const results = await Promise.allSettled([hold(code, first, 4_000), hold(code, second, 4_000)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(String(refused?.reason)).toContain('This gift card has $10 left. Use that much of it and pay the rest by card.');
    expect(await balance(code)).toBe(1_000);
  });

  it('refuses more than it has, or anything once empty, changing nothing', async () => {
    const { code } = await issue(2_000);
    const bookingId = await heldBooking();
    await expect(hold(code, bookingId, 2_001)).rejects.toThrow('This gift card has $20 left.');
    await hold(code, bookingId, 2_000);
    // Another customer's checkout: the rider's hold stands.
    await expect(hold(code, await heldBooking(await readyUser(h)), 1)).rejects.toThrow('This gift card has nothing left on it.');
    expect(await balance(code)).toBe(0);
  });
});
