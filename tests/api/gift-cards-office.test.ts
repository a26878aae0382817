/**
 * Gift cards in the console: found by code or e-mail, issued with no payment, a balance adjusted
 * only from the balance the operator saw, an unused card cancelled, each with its record; what is
 * outstanding; and customers kept out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { holdOnCard } from '../../api/gift-cards/ledger.ts';
import { freeDate, holdDate, readyUser, type Harness, type TestUser } from './harness.ts';
import { operatorHarness } from './staff.ts';

let h: Harness;
let operator: TestUser;

beforeAll(async () => {
  ({ h, operator } = await operatorHarness());
});

type Issued = { giftCardId: string; code: string };
type Card = { code: string; balance: number; status: string; recipientName: string; recipientEmail: string | null };

const asOperator = <T>(method: string, path: string, body?: unknown) => h.json<T>(method, path, { token: operator.token, body });
const issue = (body: Record<string, unknown> = {}) =>
  asOperator<Issued>('POST', '/ops/gift-cards', {
    dollars: 100,
    recipientName: 'Pat Winner',
    recipientEmail: 'Pat@Example.com',
    reason: 'Ski club raffle',
    ...body,
  });
const card = (id: string) =>
  asOperator<{ card: Card; ledger: { kind: string; amount: number; reason: string; causedBy: string }[] }>('GET', `/ops/gift-cards/${id}`);
const record = async () =>
  (await asOperator<{ action: string; subject: string; reason: string; change: string }[]>('GET', '/ops/activity')).body;

describe('the console’s gift cards', () => {
  it('issues one with no payment, recorded with its reason, and finds it by code or either e-mail', async () => {
    const issued = await issue();
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const shown = await card(issued.body.giftCardId);
    expect(shown.body.card).toMatchObject({
      code: issued.body.code,
      balance: 10_000,
      status: 'active',
      recipientName: 'Pat Winner',
      recipientEmail: 'pat@example.com',
    });
    expect(shown.body.ledger).toEqual([
      {
        at: expect.any(String),
        kind: 'issue',
        amount: 10_000,
        reason: 'Ski club raffle',
        causedBy: `operator:${operator.uid}`,
        bookingId: null,
      },
    ]);
    const [latest] = await record();
    expect(latest).toMatchObject({ action: 'issue gift card', reason: 'Ski club raffle', change: 'Issued for Pat Winner, worth $100' });

    for (const q of [issued.body.code.toLowerCase(), 'pat@example', 'PAT@EXAMPLE.COM']) {
      const found = await asOperator<Card[]>('GET', `/ops/gift-cards?q=${encodeURIComponent(q)}`);
      expect(
        found.body.map((each) => each.code),
        q,
      ).toContain(issued.body.code);
    }
    expect((await asOperator('GET', '/ops/gift-cards?q=')).status).toBe(400);
  });

  it('adjusts a balance from the balance the operator saw, once, never below nothing', async () => {
    const { body } = await issue({ dollars: 50 });
    const adjust = (cents: number, balanceSeen: number) =>
      asOperator<{ balance: number; error: string }>('POST', `/ops/gift-cards/${body.giftCardId}/adjustment`, {
        cents,
        balanceSeen,
        reason: 'A make-good for a late start',
      });
    expect(await adjust(2_500, 5_000)).toEqual({ status: 200, body: { balance: 7_500 } });
    // The same request again: the balance is no longer the one seen, and nothing changes.
    expect(await adjust(2_500, 5_000)).toMatchObject({
      status: 409,
      body: { error: 'The balance changed meanwhile: it is $75 now. Nothing was adjusted.' },
    });
    expect(await adjust(-7_501, 7_500)).toMatchObject({
      status: 400,
      body: { error: 'A card cannot go below nothing: at most $75 can be taken off.' },
    });
    expect(await adjust(0, 7_500)).toMatchObject({ status: 400 });
    expect((await card(body.giftCardId)).body.card.balance).toBe(7_500);
    const [latest] = await record();
    expect(latest).toMatchObject({ action: 'adjust gift card', change: 'Balance changed from $50 to $75' });
  });

  it('cancels a card nobody has used, once; a card held for a checkout cannot be cancelled', async () => {
    const unused = (await issue({ dollars: 40 })).body;
    const voided = await asOperator('POST', `/ops/gift-cards/${unused.giftCardId}/void`, { reason: 'Issued by mistake' });
    expect(voided).toEqual({ status: 200, body: { voided: true, givenBack: 0 } });
    expect(await asOperator('POST', `/ops/gift-cards/${unused.giftCardId}/void`, { reason: 'Issued by mistake' })).toEqual({
      status: 200,
      body: { voided: false, givenBack: 0 },
    });
    expect((await card(unused.giftCardId)).body.card).toMatchObject({ status: 'void', balance: 0 });
    expect((await h.json('POST', '/gift-cards/balance', { body: { code: unused.code } })).status).toBe(404);
    const [latest] = await record();
    expect(latest).toMatchObject({ action: 'void gift card', change: 'Cancelled; $40 taken off with it' });

    const used = (await issue({ dollars: 40 })).body;
    const rider = await readyUser(h);
    const date = await freeDate(h, 'winter-classes', (entry) => Boolean(entry.stripeId));
    const hold = await holdDate(h, rider, date, 'winter-classes', date.stripeId ?? '');
    await h.db.transaction((tx) =>
      holdOnCard(tx, { code: used.code, bookingId: hold.body.bookingId, amount: 1_000, causedBy: `customer:${rider.uid}` }),
    );
    expect(await asOperator('POST', `/ops/gift-cards/${used.giftCardId}/void`, { reason: 'Issued by mistake' })).toMatchObject({
      status: 409,
      body: { error: 'This card has been used, so it cannot be cancelled. Adjust its balance instead.' },
    });
  });

  it('shows what is outstanding on every card in use, and this season’s cards', async () => {
    const before = (await asOperator<{ outstanding: number; season: string }>('GET', '/ops/gift-cards/outstanding')).body;
    await issue({ dollars: 30 });
    const after = (await asOperator<{ outstanding: number; season: string; longUnused: unknown[] }>('GET', '/ops/gift-cards/outstanding'))
      .body;
    expect(after.outstanding - before.outstanding).toBe(3_000);
    expect(after.season).toMatch(/^\d{4}-\d{2}$/);
    expect(after.longUnused).toEqual([]);
  });

  it('is the operators’ alone', async () => {
    const customer = await readyUser(h);
    expect((await h.json('GET', '/ops/gift-cards?q=pat', { token: customer.token })).status).toBe(403);
    expect(
      (await h.json('POST', '/ops/gift-cards', { token: customer.token, body: { dollars: 1000, recipientName: 'Me', reason: 'please' } }))
        .status,
    ).toBe(403);
  });
});
