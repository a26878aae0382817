import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagBooking, flagRefundByHand } from '../../api/bookings/flags.ts';
import { openPglite, type Db } from '../../api/db/client.ts';
import { claimDataDir } from '../../api/db/data-dir-lock.ts';
import { migrate } from '../../api/db/migrate.ts';
import { listFlags, listOutbox } from '../../api/bookings/money-owed.ts';
import { formatReport } from '../../api/cli/outbox-report.ts';
import { CLAIMED_COLUMNS, enqueueAction, type ClaimedAction } from '../../api/payment-outbox/actions.ts';
import { GIVE_UP_AFTER_ATTEMPTS } from '../../api/payment-outbox/give-up.ts';
import { carryOut, runDueActions } from '../../api/payment-outbox/worker.ts';
import { claimDue, MAX_RETRY_SECONDS, retryDelaySeconds } from '../../api/outbox-queue.ts';
import { seedIfEmpty } from '../../api/seed/seed.ts';
import { startApiProcess } from '../../scripts/processes.ts';
import type { FakeStripe } from './fake-stripe.ts';
import { freeDate, intentBody, newUser, PROJECT_ID, readyUser, type Harness } from './harness.ts';
import { inDatabase, officeOperator, operatorCommand, withCommandDatabase } from './staff.ts';
import { harnessWithStripe, stripeSignature } from './stripe-harness.ts';
import { seasonDay } from './season-day.ts';

const KEYS = { secretKey: 'sk_test_kamas_fake_key_0002', webhookSecret: 'whsec_kamas_fake_webhook_0002' };

let fake: FakeStripe;
let h: Harness;
beforeAll(async () => {
  ({ fake, h } = await harnessWithStripe(KEYS));
});
afterAll(() => fake.close());

/**
 * A day tour held and paid at Stripe: the intent succeeds and Stripe reports it by webhook. With
 * `withdrawn`, the date is withdrawn before the payment arrives, so the payment must be refunded.
 */
async function paidAtStripe({ withdrawn }: { withdrawn: boolean }) {
  const rider = await readyUser(h);
  const date = await freeDate(h, 'winter-day-tours');
  const { body } = await h.json<{ bookingId: string; amount: number; currency: string }>('POST', '/stripe/create-payment-intent', {
    token: rider.token,
    body: intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 1),
  });
  const [row] = await h.db.query<{ payment_intent_id: string }>('select payment_intent_id from bookings where id = $1', [body.bookingId]);
  if (withdrawn) await h.db.query('update calendar_dates set active = false where id = $1', [date.id]);
  const intentId = row?.payment_intent_id ?? '';
  fake.setIntentStatus(intentId, 'succeeded');
  const payload = JSON.stringify({
    id: `evt_refund_${body.bookingId}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount: body.amount,
        amount_received: body.amount,
        currency: body.currency,
        metadata: { bookingId: body.bookingId },
      },
    },
  });
  const deliver = () =>
    h.call('POST', '/stripe/webhook', {
      body: payload,
      headers: {
        'Stripe-Signature': stripeSignature(payload, KEYS.webhookSecret),
        'Content-Type': 'application/json',
      },
    });
  return { bookingId: body.bookingId, intentId, amount: body.amount, deliver };
}

/** A held day tour whose date is then withdrawn, so its payment must be refunded. */
const paymentToRefund = () => paidAtStripe({ withdrawn: true });

async function row(bookingId: string) {
  const [found] = await h.db.query<{ status: string; attempts: number; last_error: string | null; result: string | null; wait: number }>(
    `select status, attempts, last_error, result, round(extract(epoch from next_attempt_at - now()))::int as wait
       from payment_outbox where booking_id = $1 and kind = 'refund'`,
    [bookingId],
  );
  return found;
}

const refundKeys = (intentId: string) =>
  fake
    .requestsTo('/v1/refunds')
    .filter((request) => request.form.get('payment_intent') === intentId)
    .map((request) => request.headers['idempotency-key']);

/** As if the retry time had come. */
const makeDue = (bookingIds: string[]) =>
  h.db.query(`update payment_outbox set next_attempt_at = now() where booking_id = any($1::text[])`, [bookingIds]);

describe('the refund outbox', () => {
  it('keeps a refund Stripe refused, retries it with the same idempotency key and backs off until it goes through', async () => {
    const payment = await paymentToRefund();
    fake.failRefunds(2);
    const answered = await payment.deliver();
    expect(answered.status).toBe(200);
    const [booking] = await h.db.query<{ status: string }>('select status from bookings where id = $1', [payment.bookingId]);
    expect(booking?.status).toBe('refunded');
    const first = await row(payment.bookingId);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('bad day') });
    expect(first?.wait).toBeGreaterThanOrEqual(25);
    expect(first?.wait).toBeLessThanOrEqual(30);

    // The same event again is a no-op: no second refund is queued or sent.
    expect((await payment.deliver()).status).toBe(200);
    expect(refundKeys(payment.intentId)).toHaveLength(1);

    await makeDue([payment.bookingId]);
    expect(await runDueActions(h.db, h.payments)).toMatchObject({ failed: 1 });
    const second = await row(payment.bookingId);
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(second?.wait).toBeGreaterThanOrEqual(55);
    expect(second?.wait).toBeLessThanOrEqual(60);

    await makeDue([payment.bookingId]);
    await runDueActions(h.db, h.payments);
    expect(await row(payment.bookingId)).toMatchObject({ status: 'done', attempts: 3, result: 'refunded' });
    expect(refundKeys(payment.intentId)).toEqual(Array(3).fill(`refund-${payment.bookingId}`));

    // Done means done: the worker does not send it again.
    await makeDue([payment.bookingId]);
    await runDueActions(h.db, h.payments);
    expect(refundKeys(payment.intentId)).toHaveLength(3);
  });

  it('owes a booking one action per kind and purpose: a cancellation refunds part of the payment at Stripe, under a key of its own', async () => {
    const payment = await paymentToRefund();
    const owed = await h.db.transaction(async (tx) => [
      await enqueueAction(tx, { kind: 'refund', bookingId: payment.bookingId, intentId: payment.intentId, reason: 'hold lapsed' }),
      await enqueueAction(tx, {
        kind: 'refund',
        purpose: 'cancellation',
        amount: 12_500,
        bookingId: payment.bookingId,
        intentId: payment.intentId,
        reason: 'cancelled by the customer',
      }),
      await enqueueAction(tx, {
        kind: 'refund',
        purpose: 'cancellation',
        amount: 99_999,
        bookingId: payment.bookingId,
        intentId: payment.intentId,
        reason: 'cancelled by the customer',
      }),
    ]);
    expect(owed.map((action) => action?.idempotency_key ?? null)).toEqual([
      `refund-${payment.bookingId}`,
      `refund-${payment.bookingId}-cancellation`,
      null,
    ]);
    await makeDue([payment.bookingId]);
    await runDueActions(h.db, h.payments);
    const sent = fake.requestsTo('/v1/refunds').filter((request) => request.form.get('payment_intent') === payment.intentId);
    expect(sent.map((request) => [request.headers['idempotency-key'], request.form.get('amount')])).toEqual(
      expect.arrayContaining([
        [`refund-${payment.bookingId}`, null],
        [`refund-${payment.bookingId}-cancellation`, '12500'],
      ]),
    );
    expect(sent).toHaveLength(2);
  });

  it('waits twice as long after each failure, never more than six hours', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(10)).toBe(15_360);
    expect(retryDelaySeconds(11)).toBe(MAX_RETRY_SECONDS);
    expect(retryDelaySeconds(500)).toBe(6 * 3600);
  });

  it('sends each due refund once when several workers run at the same time', async () => {
    const payments = [];
    for (let index = 0; index < 5; index += 1) payments.push(await paymentToRefund());
    fake.failRefunds(5);
    for (const payment of payments) expect((await payment.deliver()).status).toBe(200);
    await makeDue(payments.map((payment) => payment.bookingId));
    const runs = await Promise.all(Array.from({ length: 4 }, () => runDueActions(h.db, h.payments)));
    expect(runs.reduce((sum, run) => sum + run.done, 0)).toBe(5);
    for (const payment of payments) {
      expect(refundKeys(payment.intentId)).toEqual([`refund-${payment.bookingId}`, `refund-${payment.bookingId}`]);
      expect(await row(payment.bookingId)).toMatchObject({ status: 'done', attempts: 2 });
    }
  });

  it('shows an operator failing refunds first, with attempts and last error, and open flags', async () => {
    const failing = await paymentToRefund();
    fake.failRefunds(1);
    await failing.deliver();
    await flagBooking(h.db, failing.bookingId, 'dispute', 'Dispute dp_report (fraudulent) for $250.00 USD.', null);

    const pending = await listOutbox(h.db);
    expect(pending.every((entry) => entry.status === 'pending')).toBe(true);
    expect(pending[0]).toMatchObject({ booking_id: failing.bookingId, kind: 'refund', attempts: 1, reason: 'date started or withdrawn' });
    const everything = await listOutbox(h.db, { all: true });
    expect(everything.length).toBeGreaterThan(pending.length);
    expect(everything.slice(0, pending.length)).toEqual(pending);

    const report = formatReport(pending, await listFlags(h.db));
    expect(report).toContain(`FAILING refund of ${failing.intentId} for booking ${failing.bookingId}`);
    expect(report).toContain('last error: Stripe is having a bad day');
    expect(report).toContain(`OPEN`);
    expect(report).toContain('Dispute dp_report (fraudulent)');
  });
});

/** The flags of a booking, oldest first. */
const flagsOf = (bookingId: string) =>
  h.db.query<{ reason: string; detail: string; action_id: string | null; resolved_at: Date | null }>(
    `select reason, detail, action_id, resolved_at from booking_flags where booking_id = $1 order by created_at, id`,
    [bookingId],
  );

/** A refund of `amount` cents owed on a booking's cancellation, as a cancellation writes it. */
const owedRefund = (bookingId: string, intentId: string, amount: number) =>
  h.db.transaction((tx) =>
    enqueueAction(tx, { kind: 'refund', purpose: 'cancellation', amount, bookingId, intentId, reason: 'cancelled by the company' }),
  );

describe('a refund Stripe will never take', () => {
  it('is handed to a person at once when it is more than is left after a refund in the dashboard: the row ends and the booking is flagged with Stripe’s reason', async () => {
    const payment = await paidAtStripe({ withdrawn: false });
    expect((await payment.deliver()).status).toBe(200);
    fake.refundInDashboard(payment.intentId, 10_000);
    const owed = await owedRefund(payment.bookingId, payment.intentId, 20_000);
    expect(await carryOut(h.db, h.payments, owed ? [owed] : [])).toMatchObject({ done: 0, failed: 0, flagged: 1 });

    expect(await row(payment.bookingId)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: expect.stringContaining('greater than unrefunded amount on charge ($150.00)'),
    });
    const flags = await flagsOf(payment.bookingId);
    expect(flags).toEqual([
      {
        reason: 'refund_failed',
        detail: expect.stringContaining(`Refund of $200 (${payment.intentId}) refused by Stripe after 1 try: Refund amount ($200.00)`),
        action_id: owed?.id,
        resolved_at: null,
      },
    ]);
    expect(flags[0]?.detail).toContain('Give it back another way');

    // Ended means ended: no worker asks Stripe again.
    await makeDue([payment.bookingId]);
    await runDueActions(h.db, h.payments);
    expect(refundKeys(payment.intentId)).toEqual([`refund-${payment.bookingId}-cancellation`]);
    expect(await flagsOf(payment.bookingId)).toHaveLength(1);
    const report = formatReport(await listOutbox(h.db, { all: true }), await listFlags(h.db));
    expect(report).toContain(`GAVE UP refund of $200 of ${payment.intentId} for booking ${payment.bookingId}`);
    expect(report).toContain(`refund_failed on booking ${payment.bookingId}`);
  });

  it('is handed to a person at once when the charge is disputed', async () => {
    const payment = await paymentToRefund();
    fake.dispute(payment.intentId);
    expect((await payment.deliver()).status).toBe(200);
    expect(await row(payment.bookingId)).toMatchObject({ status: 'failed', attempts: 1 });
    const [flag] = await flagsOf(payment.bookingId);
    expect(flag?.reason).toBe('refund_failed');
    expect(flag?.detail).toContain('has been charged back; cannot issue a refund. (charge_disputed)');
  });

  it('is retried while Stripe fails to answer, and handed to a person with the last error after the last try', async () => {
    const payment = await paymentToRefund();
    fake.failRefunds(GIVE_UP_AFTER_ATTEMPTS);
    expect((await payment.deliver()).status).toBe(200);
    // As if it had been retried, with its backoff, for most of a day.
    await h.db.query(`update payment_outbox set attempts = $2 where booking_id = $1`, [payment.bookingId, GIVE_UP_AFTER_ATTEMPTS - 2]);
    await makeDue([payment.bookingId]);
    await runDueActions(h.db, h.payments);
    expect(await row(payment.bookingId)).toMatchObject({ status: 'pending', attempts: GIVE_UP_AFTER_ATTEMPTS - 1 });
    expect(await flagsOf(payment.bookingId)).toEqual([]);

    await makeDue([payment.bookingId]);
    expect(await runDueActions(h.db, h.payments)).toMatchObject({ flagged: 1 });
    expect(await row(payment.bookingId)).toMatchObject({ status: 'failed', attempts: GIVE_UP_AFTER_ATTEMPTS });
    const [flag] = await flagsOf(payment.bookingId);
    expect(flag?.detail).toContain(`still failing at Stripe after ${GIVE_UP_AFTER_ATTEMPTS} tries: Stripe is having a bad day`);
    fake.failRefunds(0);
  });

  it('is flagged once, whatever number of workers try it at the same time', async () => {
    const payments = [];
    for (let index = 0; index < 3; index += 1) payments.push(await paymentToRefund());
    fake.failRefunds(3);
    for (const payment of payments) {
      expect((await payment.deliver()).status).toBe(200);
      fake.dispute(payment.intentId);
    }
    await makeDue(payments.map((payment) => payment.bookingId));
    const runs = await Promise.all(Array.from({ length: 4 }, () => runDueActions(h.db, h.payments)));
    expect(runs.reduce((sum, run) => sum + run.flagged, 0)).toBe(3);
    for (const payment of payments) {
      expect(await flagsOf(payment.bookingId)).toHaveLength(1);
      expect(refundKeys(payment.intentId)).toHaveLength(2);
    }
  });

  it('is not ended by a worker whose claim another worker took over after its lease ran out', async () => {
    const payment = await paidAtStripe({ withdrawn: false });
    expect((await payment.deliver()).status).toBe(200);
    fake.dispute(payment.intentId);
    fake.failRefunds(1);
    const owed = await owedRefund(payment.bookingId, payment.intentId, 5_000);
    await carryOut(h.db, h.payments, owed ? [owed] : []);
    await makeDue([payment.bookingId]);
    const [stale] = await claimDue<ClaimedAction & Record<string, unknown>>(h.db, 'payment_outbox', CLAIMED_COLUMNS, 300, 1);
    // Its lease runs out and another worker claims the row.
    await makeDue([payment.bookingId]);
    const [current] = await claimDue<ClaimedAction & Record<string, unknown>>(h.db, 'payment_outbox', CLAIMED_COLUMNS, 300, 1);
    expect(stale?.id).toBe(owed?.id);
    expect(current?.id).toBe(owed?.id);

    expect(await carryOut(h.db, h.payments, stale ? [stale] : [])).toMatchObject({ flagged: 0 });
    expect(await row(payment.bookingId)).toMatchObject({ status: 'pending' });
    expect(await flagsOf(payment.bookingId)).toEqual([]);
    expect(await carryOut(h.db, h.payments, current ? [current] : [])).toMatchObject({ flagged: 1 });
    expect(await row(payment.bookingId)).toMatchObject({ status: 'failed' });
    expect(await flagsOf(payment.bookingId)).toHaveLength(1);
  });
});

describe('an intent cancellation Stripe will never take', () => {
  it('is handed to a person at once when a newer hold replaces a hold whose intent Stripe does not know', async () => {
    const rider = await readyUser(h);
    const hold = (date: { id: string }) =>
      h.json<{ bookingId: string }>('POST', '/stripe/create-payment-intent', {
        token: rider.token,
        body: intentBody(rider, date as Parameters<typeof intentBody>[1], 'winter-day-tours', 'price_tour_ski', 1),
      });
    const first = await freeDate(h, 'winter-day-tours');
    const { body: held } = await hold(first);
    // An intent of another Stripe account (keys rotated between the hold and now): Stripe answers it is missing.
    await h.db.query(`update bookings set payment_intent_id = 'pi_of_another_account' where id = $1`, [held.bookingId]);
    expect((await hold(await freeDate(h, 'winter-day-tours', (entry) => entry.id !== first.id))).status).toBe(200);
    const [cancel] = await h.db.query<{ status: string }>(`select status from payment_outbox where booking_id = $1 and kind = 'cancel'`, [
      held.bookingId,
    ]);
    expect(cancel?.status).toBe('failed');
    expect((await flagsOf(held.bookingId)).map((flag) => flag.reason)).toEqual(['cancel_failed']);
  });
});

/** A command's database as the API leaves it: migrated and seeded, with one customer's booking of a day tour. */
async function withOneBooking(
  db: Db,
  booking: { id: string; user: string; amount: number; status: string; provider: string; intent?: string; paidBy?: string },
): Promise<void> {
  await migrate(db);
  await seedIfEmpty(db, seasonDay());
  await db.query(`insert into users (uid, email) values ($1, $2)`, [booking.user, `${booking.user}@example.com`]);
  const [date] = await db.query<{ id: string }>(`select id from calendar_dates where calendar = 'winter-day-tours' limit 1`);
  await db.query(
    `insert into bookings (id, date_id, user_id, price_id, party_size, quantity, amount, currency, status, provider, payment_intent_id, hold_expires_at, paid_by)
     values ($1, $2, $3, 'price_tour_ski', 1, 1, $4, 'usd', $5, $6, $7, now(), $8)`,
    [booking.id, date?.id, booking.user, booking.amount, booking.status, booking.provider, booking.intent ?? null, booking.paidBy ?? null],
  );
}

describe('npm run refunds', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kamas-refunds-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function refundsCommand(...args: string[]): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['api/cli/refunds-cli.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', FIREBASE_PROJECT_ID: PROJECT_ID },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });
  }

  it('lists pending work and flags on a PGlite folder, resolves a flag, and stays out while another command has the folder open', async () => {
    const db = await openPglite(dataDir);
    await withOneBooking(db, { id: 'bk_ops', user: 'u_ops', amount: 25_000, status: 'refunded', provider: 'stripe', intent: 'pi_ops' });
    await enqueueAction(db, { kind: 'refund', bookingId: 'bk_ops', intentId: 'pi_ops', reason: 'seats taken after the hold lapsed' });
    await db.query(`update payment_outbox set attempts = 4, last_error = 'card network timeout'`);
    await flagBooking(db, 'bk_ops', 'partial_refund', '$50.00 USD of $250.00 USD refunded at the provider.', 'evt_ops');
    const [flag] = await db.query<{ id: string }>('select id from booking_flags');
    await db.close();

    const listed = await refundsCommand();
    expect(listed.code).toBe(0);
    expect(listed.output).toContain('Payment outbox: 1 pending (1 failing)');
    expect(listed.output).toContain('FAILING refund of pi_ops for booking bk_ops');
    expect(listed.output).toContain('attempts 4');
    expect(listed.output).toContain('last error: card network timeout');
    expect(listed.output).toContain('Flagged bookings: 1 open');
    expect(listed.output).toContain('$50.00 USD of $250.00 USD');

    const resolved = await refundsCommand(
      '--resolve',
      flag?.id ?? '',
      '--gave-back',
      '50',
      '--note',
      'Matched the refund made in the dashboard',
      '--by',
      await officeOperator(),
    );
    expect(resolved).toMatchObject({ code: 0, output: expect.stringContaining('resolved') });
    expect((await refundsCommand()).output).toContain('Flagged bookings: 0 open');
    const all = await refundsCommand('--all');
    expect(all.output).toContain(`RESOLVED ${flag?.id}`);

    expect((await refundsCommand('--bogus')).code).toBe(2);

    // Another command that has the folder open itself (a live process, not this command) keeps it out.
    const claim = claimDataDir(dataDir, 'command');
    const locked = await refundsCommand();
    claim.release();
    expect(locked.code).not.toBe(0);
    expect(locked.output).toContain(`An operator command (pid ${process.pid}) has ${dataDir} open; try again when it ends.`);
  });

  it('resolves a flag for the operator named by --by, with what was given back and how, in the record; again, it does nothing', async () => {
    await withCommandDatabase(async (database) => {
      const db = await database.open();
      await withOneBooking(db, { id: 'bk_cash', user: 'u_cash', amount: 69_000, status: 'paid', provider: 'local', paidBy: 'cash' });
      await flagRefundByHand(db, 'bk_cash', 69_000, 'usd', 'cancelled by the company');
      const [flag] = await db.query<{ id: string }>(`select id from booking_flags`);
      await db.close();
      const flagId = flag?.id ?? '';
      const office = await officeOperator();
      const customerEmail = (await newUser()).email;
      const refunds = (...args: string[]) => operatorCommand('refunds-cli.ts', args, { database });
      const resolve = (...more: string[]) =>
        refunds('--resolve', flagId, '--gave-back', '690.00', '--note', 'Gave back $690 in cash at the shop', ...more);

      for (const incomplete of [
        ['--resolve', flagId, '--note', 'Gave back $690 in cash at the shop', '--by', office],
        ['--resolve', flagId, '--gave-back', '690', '--by', office],
        ['--resolve', flagId, '--gave-back', '690', '--note', 'Gave back $690 in cash at the shop'],
        ['--resolve', flagId, '--gave-back', '6.9.0', '--note', 'In cash', '--by', office],
        ['--resolve', flagId, '--gave-back', '690', '--note', ' ', '--by', office],
      ]) {
        expect((await refunds(...incomplete)).code, incomplete.join(' ')).toBe(2);
      }
      const notOperator = await resolve('--by', customerEmail);
      expect(notOperator.code).toBe(1);
      expect(notOperator.stderr).toContain(`${customerEmail} is not an operator`);

      const resolved = await resolve('--by', office);
      expect(resolved.code, resolved.stderr).toBe(0);
      expect(resolved.stdout).toContain(`Flag ${flagId} resolved: gave back $690.`);
      const again = await resolve('--by', office);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`No open flag ${flagId}.`);
      const listed = await refunds('--all');
      expect(listed.stdout).toContain(`RESOLVED ${flagId} refund_by_hand on booking bk_cash`);
      expect(listed.stdout).toMatch(
        new RegExp(
          `resolved by ${office.replace(/\./g, '\\.')} at \\d{4}-[\\d:T-]+Z, gave back \\$690: Gave back \\$690 in cash at the shop`,
        ),
      );

      await inDatabase(database, async (after) => {
        const record = await after.query<{
          action: string;
          subject: string;
          operator_email: string;
          reason: string;
          booking_id: string;
          before: unknown;
          after: unknown;
        }>(`select action, subject, operator_email, reason, booking_id, before, after from operator_actions order by id`);
        expect(record).toEqual([
          {
            action: 'resolve flag',
            subject: `flag ${flagId}`,
            operator_email: office,
            reason: 'Gave back $690 in cash at the shop',
            booking_id: 'bk_cash',
            before: { reason: 'refund_by_hand', detail: 'Give back $690 by hand: cancelled by the company.', resolved: false },
            after: { resolved: true, givenBack: 69_000, currency: 'usd' },
          },
        ]);
      });
    });
  });

  it('the API carries out due outbox rows as soon as it starts', async () => {
    const db = await openPglite(dataDir);
    await db.query(`update payment_outbox set next_attempt_at = now()`);
    await db.close();
    const started = await startApiProcess({ DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', FIREBASE_PROJECT_ID: PROJECT_ID });
    const exited = new Promise((resolve) => started.child.once('exit', resolve));
    started.child.kill('SIGTERM');
    await exited;
    const after = await openPglite(dataDir);
    const rows = await after.query<{ status: string; result: string; attempts: number }>(
      'select status, result, attempts from payment_outbox',
    );
    await after.close();
    expect(rows).toEqual([{ status: 'done', result: 'refunded', attempts: 5 }]);
  });
});
