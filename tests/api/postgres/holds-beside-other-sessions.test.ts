/**
 * What only a Postgres server shows: a second session holding rows while a hold is made. Run by the
 * Postgres step of `npm test` (the embedded PGlite database has one session).
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { freeDate, intentBody, readyUser, type Harness } from '../harness.ts';
import { postgresHarness } from './server.ts';

let h: Harness;
let url: string;
beforeAll(async () => {
  ({ h, url } = await postgresHarness());
});

type Intent = { bookingId: string; amount: number };

describe('a hold, while another session changes promo codes', () => {
  it('does not wait while an unlimited promo code’s row is being changed, but waits for a limited one’s', async () => {
    // A second session on the harness's own database changes both codes' rows (an operator's
    // import, say), holding them until it ends.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`update promo_codes set active = true where code in ('WELCOME10', 'LOCALS50')`);
      const [free, limited] = await Promise.all([freeDate(h, 'winter-day-tours'), freeDate(h, 'winter-classes')]);
      const rider = await readyUser(h);
      const unlimited = await h.json<Intent>('POST', '/stripe/create-payment-intent', {
        token: rider.token,
        body: intentBody(rider, free, 'winter-day-tours', 'price_tour_ski', 1, { promoCode: 'WELCOME10' }),
      });
      expect(unlimited.status).toBe(200);

      const waiting = await readyUser(h);
      let settled = false;
      const blocked = h
        .json('POST', '/stripe/create-payment-intent', {
          token: waiting.token,
          body: intentBody(waiting, limited, 'winter-classes', limited.stripeId ?? '', 1, { promoCode: 'LOCALS50' }),
        })
        .finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await other.query('rollback');
      expect((await blocked).status).toBe(200);
    } finally {
      await other.end();
    }
  });
});
