/**
 * Two checkouts reaching for one gift card's last dollars on a Postgres server, made to overlap: the
 * second waits for the first's lock on the card and then counts what the first took, so the card
 * never gives more than it has. Run by the Postgres step of `npm test`.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardBalance, issueCard } from '../../../api/gift-cards/cards.ts';
import { holdOnCard } from '../../../api/gift-cards/ledger.ts';
import { freeDate, holdDate, readyUser, type Harness } from '../harness.ts';
import { postgresHarness } from './server.ts';

let h: Harness;
let url: string;
beforeAll(async () => {
  ({ h, url } = await postgresHarness());
});

const CLASSES = 'winter-classes';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a gift card taken from by two checkouts at once', () => {
  it('gives the second only what the first left', async () => {
    const rider = await readyUser(h);
    const date = await freeDate(h, CLASSES, (entry) => Boolean(entry.stripeId));
    const held = await holdDate(h, rider, date, CLASSES, date.stripeId ?? '');
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const { id, code } = await h.db.transaction((tx) =>
      issueCard(
        tx,
        { kind: 'amount', value: 5_000, origin: 'issue', recipientName: 'Sam Ridge', delivery: 'print' },
        'operator:test',
        'a prize',
      ),
    );

    // The first checkout, as taking from the card does: the card's row locked, then $40 of it held.
    const first = new pg.Client({ connectionString: url });
    await first.connect();
    try {
      await first.query('begin');
      await first.query(`select id from gift_cards where id = $1 for update`, [id]);
      const second = h.db.transaction((tx) =>
        holdOnCard(tx, { code, bookingId: held.body.bookingId, amount: 4_000, causedBy: `customer:${rider.uid}` }),
      );
      const outcome = second.then(
        () => 'held',
        (error: unknown) => String(error),
      );
      await sleep(300);
      await first.query(
        `insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, key) values ('gcl_first', $1, 'hold', -4000, 'held for a checkout', 'customer:first', 'hold:first')`,
        [id],
      );
      await first.query('commit');
      expect(await outcome).toContain('This gift card has $10 left.');
    } finally {
      await first.end();
    }
    expect((await cardBalance(h.db, code, null)).balance).toBe(1_000);
  });
});
