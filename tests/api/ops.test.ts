/**
 * The operators' console API: only operators (asked of Firebase on every call, so a revoked role
 * counts at once); today and the days ahead with each party's readiness; finding a booking; one
 * booking's whole story; cancelling for a customer with a reason and a refund up to what was paid,
 * recorded in the same transaction as the change and never edited.
 */
import { bookingReference } from '../../shared/rules/booking-reference.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import { denverDay } from '../../shared/rules/dates.ts';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../api/db/client.ts';
import { DATE_STARTED } from '../../api/bookings/call-off.ts';
import { migrate } from '../../api/db/migrate.ts';
import { importCatalog, parseCatalogFile } from '../../api/seed/import.ts';
import { seedIfEmpty } from '../../api/seed/seed.ts';
import type {
  OpsActivity,
  OpsBooking,
  OpsBookingSummary,
  OpsDateOverview,
  OpsDateKind,
  OpsDays,
} from '../../shared/contract/ops-answers.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { verifyEmail as verifyByLink } from '../support/emulator-links.ts';
import {
  freeDate,
  harness,
  holdDate,
  inviteCodeOf,
  newUser,
  payForDate,
  PROJECT_ID,
  readyUser,
  type Harness,
  type TestUser,
} from './harness.ts';
import {
  admin,
  commandDatabase,
  EMULATOR,
  inDatabase,
  officeOperator,
  operatorCommand,
  staffMember,
  staffRole,
  staffRoleByOffice,
  withCommandDatabase,
  type CommandDatabase,
} from './staff.ts';
import { paidBooking } from './paid-booking.ts';
import { seasonDay } from './season-day.ts';

const run = promisify(execFile);
const CLASSES = 'winter-classes';

let h: Harness;
let operator: TestUser;
let guide: TestUser;
let customer: TestUser;

/** A class date that starts in `hours`, with six seats, copied from a seeded one. */
async function dateSoon(id: string, hours: number): Promise<CalendarEntry> {
  await h.db.query(
    `insert into calendar_dates (id, product_id, calendar, starts_at, capacity, price_id, class_type, title, description)
     select $1, product_id, calendar, now() + make_interval(hours => $2), 6, price_id, class_type, title, description
       from calendar_dates where calendar = $3 order by starts_at limit 1`,
    [id, hours, CLASSES],
  );
  h.cache.clear();
  const { body } = await h.json<CalendarEntry[]>('GET', `/calendar/${CLASSES}`);
  const entry = body.find((item) => item.id === id);
  if (!entry) throw new Error(`${id} is not on the calendar`);
  return entry;
}

/** An operator asking for the address `pathOf` makes of each of `values` is refused with 400 and an error containing `error`. */
async function expectRefused(pathOf: (value: string) => string, values: string[], error: string) {
  for (const value of values) {
    const answer = await h.json<{ error: string }>('GET', pathOf(value), { token: operator.token });
    expect(answer.status, value).toBe(400);
    expect(answer.body.error).toContain(error);
  }
}

const paidOn = (date: CalendarEntry, partySize: number, payerName = 'Avery Lund') =>
  paidBooking(h, { date, calendar: CLASSES, priceId: date.stripeId ?? '', partySize, payerName });

const cancel = (bookingId: string, body: unknown, token = operator.token) =>
  h.json<OpsBooking & { error?: string }>('POST', `/ops/bookings/${bookingId}/cancel`, { token, body });
const activityOf = (bookingId: string) =>
  h.db.query<{ action: string; reason: string; operator_uid: string; before: unknown; after: unknown }>(
    `select action, reason, operator_uid, before, after from operator_actions where booking_id = $1 order by id`,
    [bookingId],
  );
const refundsOf = (bookingId: string) =>
  h.db.query<{ amount: number | null; purpose: string; reason: string }>(
    `select amount, purpose, reason from payment_outbox where booking_id = $1 and kind = 'refund'`,
    [bookingId],
  );

beforeAll(async () => {
  h = await harness({ bookingCutoffHours: 0 });
  [operator, guide, customer] = [await staffMember('operator'), await staffMember('guide'), await readyUser(h)];
});

/** The record in a command database, oldest first. */
async function recordIn(database: CommandDatabase) {
  return await inDatabase(database, async (db) => {
    // A database no command has opened yet is empty: its record is too.
    await migrate(db);
    return await db.query<{
      action: string;
      subject: string;
      operator_uid: string;
      operator_email: string | null;
      reason: string;
      booking_id: string | null;
      date_id: string | null;
      before: unknown;
      after: unknown;
    }>(
      `select action, subject, operator_uid, operator_email, reason, booking_id, date_id, before, after from operator_actions order by id`,
    );
  });
}

/** A new account whose owner has proved its address. */
async function provedAccount(): Promise<TestUser> {
  const someone = await newUser();
  await verifyByLink(EMULATOR, PROJECT_ID, someone.token, someone.email);
  return someone;
}

describe('the staff role command', () => {
  it('grants and revokes the operator role beside the guide role, only to a proved address, and says what it did', async () => {
    const someone = await newUser();
    const refused = await staffRoleByOffice('grant', someone.email, 'operator');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${someone.email} has not been verified (uid ${someone.uid}, signs in with password)`);
    await verifyByLink(EMULATOR, PROJECT_ID, someone.token, someone.email);
    expect((await staffRoleByOffice('grant', someone.email, 'guide')).stdout).toContain('is now a guide');
    const granted = await staffRoleByOffice('grant', someone.email, 'operator');
    expect(granted.stdout).toContain(`${someone.email} (uid ${someone.uid}, signs in with password) is now an operator`);
    expect((await admin.getUser(someone.uid)).customClaims).toEqual({ guide: true, operator: true });
    expect((await staffRoleByOffice('grant', someone.email, 'operator')).stdout).toContain('already is an operator');
    expect((await staffRoleByOffice('revoke', someone.email, 'operator')).stdout).toContain('is no longer an operator');
    expect((await admin.getUser(someone.uid)).customClaims).toEqual({ guide: true });
  });

  it('records each change with the operator named by --by, the reason and the account, and nothing when nothing changed', async () => {
    await withCommandDatabase(async (database) => {
      const office = await officeOperator();
      const someone = await provedAccount();
      const by = ['--by', office];
      const granted = await operatorCommand('guide-role-cli.ts', ['grant', someone.email, ...by, '--reason', 'Guides the spring tours'], {
        database,
      });
      expect(granted.stdout).toContain('is now a guide');
      const again = await operatorCommand('guide-role-cli.ts', ['grant', someone.email, ...by, '--reason', 'Guides the spring tours'], {
        database,
      });
      expect(again.stdout).toContain('already is a guide');
      const revoked = await operatorCommand('staff-role-cli.ts', ['revoke', someone.email, 'guide', ...by, '--reason', 'Season over'], {
        database,
      });
      expect(revoked.stdout).toContain('is no longer a guide');

      const [officeAccount] = [await admin.getUserByEmail(office)];
      const subject = `account ${someone.email} (uid ${someone.uid})`;
      expect(await recordIn(database)).toEqual([
        expect.objectContaining({
          action: 'grant role',
          subject,
          operator_uid: officeAccount?.uid,
          operator_email: office,
          reason: 'Guides the spring tours',
          before: { guide: false },
          after: { guide: true },
        }),
        expect.objectContaining({
          action: 'revoke role',
          subject,
          operator_email: office,
          reason: 'Season over',
          before: { guide: true },
          after: { guide: false },
        }),
      ]);
    });
  });

  it('undoes a role change whose record cannot be written, and says so', async () => {
    await withCommandDatabase(async (database) => {
      const db = await database.open();
      await migrate(db);
      // The record refuses the command's row, as a database that fails at that moment would.
      await db.query(`alter table operator_actions add constraint refuses_roles check (action <> 'grant role')`);
      await db.close();
      const someone = await provedAccount();
      const granted = await operatorCommand(
        'staff-role-cli.ts',
        ['grant', someone.email, 'guide', '--by', await officeOperator(), '--reason', 'Guides the spring tours'],
        { database },
      );
      expect(granted.code).toBe(1);
      expect(granted.stderr).toContain('Could not change the guide role');
      expect((await admin.getUser(someone.uid)).customClaims ?? {}).toEqual({});
      expect(await recordIn(database)).toEqual([]);
    });
  });

  it('refuses a --by who is not an operator, and a missing --by or reason, changing nothing', async () => {
    await withCommandDatabase(async (database) => {
      const someone = await provedAccount();
      const notOperator = await operatorCommand(
        'staff-role-cli.ts',
        ['grant', someone.email, 'guide', '--by', customer.email, '--reason', 'Why not'],
        {
          database,
        },
      );
      expect(notOperator.code).toBe(1);
      expect(notOperator.stderr).toContain(`${customer.email} is not an operator`);
      const unknown = await operatorCommand(
        'staff-role-cli.ts',
        ['grant', someone.email, 'guide', '--by', 'nobody-at-all@example.com', '--reason', 'Why not'],
        {
          database,
        },
      );
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No account signs in with nobody-at-all@example.com');
      const office = await officeOperator();
      for (const args of [
        ['grant', someone.email, 'guide', '--reason', 'No one named'],
        ['grant', someone.email, 'guide', '--by', office],
        ['grant', someone.email, 'guide', '--by', office, '--reason', '   '],
        ['grant', someone.email, 'guide', '--by', office, '--reason', 'x'.repeat(501)],
        ['grant', someone.email, 'guide', '--by', office, '--reason', 'New\u0007guide'],
      ]) {
        const refused = await operatorCommand('staff-role-cli.ts', args, { database });
        expect(refused.code, args.join(' ')).toBe(2);
      }
      const blank = await operatorCommand('staff-role-cli.ts', ['grant', someone.email, 'guide', '--by', office, '--reason', ' '], {
        database,
      });
      expect(blank.stderr.split('\n')[0]).toBe('--reason: Give a reason (up to 500 characters).');
      expect((await admin.getUser(someone.uid)).customClaims ?? {}).toEqual({});
      expect(await recordIn(database)).toEqual([]);
    });
  });

  it('lets the first operator of a project name themselves while nobody holds the role, and no one after', async () => {
    const projectId = `demo-kamas-first-${Math.random().toString(36).slice(2, 8)}`;
    const fresh = getAuth(initializeApp({ projectId }, projectId));
    const account = async (name: string) => {
      const email = `${name}-${Math.random().toString(36).slice(2, 7)}@example.com`;
      await fresh.createUser({ email, emailVerified: true, password: 'powder-day-1' });
      return email;
    };
    const [first, second] = [await account('ana'), await account('bo')];
    const database = await commandDatabase();
    const grant = (email: string, by: string) =>
      operatorCommand('staff-role-cli.ts', ['grant', email, 'operator', '--by', by, '--reason', 'Runs the office'], {
        database,
        env: { FIREBASE_PROJECT_ID: projectId },
      });
    try {
      expect((await grant(first, first)).stdout).toContain(`${first}`);
      expect((await fresh.getUserByEmail(first)).customClaims).toEqual({ operator: true });
      const itself = await grant(second, second);
      expect(itself.code).toBe(1);
      expect(itself.stderr).toContain(`${second} is not an operator`);
      expect((await grant(second, first)).stdout).toContain('is now an operator');
      expect((await recordIn(database)).map((row) => [row.operator_email, row.subject.split(' ')[1]])).toEqual([
        [first, first],
        [first, second],
      ]);
    } finally {
      await database.drop();
    }
  });

  it('refuses an unknown role and a malformed address with its usage', async () => {
    const role = await staffRole('grant', 'ana@example.com', 'owner');
    expect(role.code).toBe(2);
    // What is wrong comes first, on its own line, then the usage.
    expect(role.stderr.split('\n')[0]).toBe('no such role: owner');
    expect(role.stderr).toContain('usage: npm run staff:grant -- EMAIL ROLE');
    const address = await staffRole('grant', 'not-an-address', 'operator');
    expect(address.code).toBe(2);
    expect(address.stderr.split('\n')[0]).toBe('not an e-mail address: not-an-address');
  });
});

describe('who may use the console', () => {
  const ROUTES: [string, string, unknown?][] = [
    ['GET', '/ops/days'],
    ['GET', '/ops/bookings?q=someone'],
    ['GET', '/ops/bookings/bk_unknown'],
    [
      'POST',
      '/ops/bookings',
      { email: 'ana@example.com', dateId: 'd', partySize: 1, paidBy: 'cash', reason: 'Phone', requestId: 'req-00000002' },
    ],
    ['POST', '/ops/bookings/bk_unknown/cancel', { reason: 'Asked by phone', refund: 0 }],
    ['GET', '/ops/bookings/bk_unknown/move-targets'],
    ['POST', '/ops/bookings/bk_unknown/move', { toDateId: 'd', fee: 'waived', reason: 'Asked by phone' }],
    ['POST', '/ops/bookings/bk_unknown/notes', { note: 'Bring a spare beacon' }],
    ['POST', '/ops/bookings/bk_unknown/resend', { reason: 'Lost the e-mail', requestId: 'req-00000001' }],
    ['GET', '/ops/dates/no-such-date'],
    ['POST', '/ops/dates/no-such-date/call-off', { reason: 'High avalanche danger' }],
    ['GET', '/ops/date-kinds'],
    ['POST', '/ops/dates', { kind: 'x', firstDay: '2027-01-05', time: '08:00', capacity: 4, reason: 'More demand' }],
    ['PUT', '/ops/dates/no-such-date/capacity', { capacity: 4, reason: 'Second guide' }],
    ['POST', '/ops/dates/no-such-date/withdraw', { reason: 'Guide sick' }],
    ['GET', '/ops/blackout-days'],
    ['POST', '/ops/blackout-days', { day: '2027-01-05', reason: 'Holiday' }],
    ['POST', '/ops/blackout-days/2027-01-05/lift', { reason: 'Open after all' }],
    ['GET', '/ops/promo-codes'],
    ['PUT', '/ops/promo-codes/SPRING', { percentOff: 10, active: true, reason: 'Spring' }],
    ['GET', '/ops/activity'],
  ];

  it('answers 401 signed out and 403 to customers and guides on every route', async () => {
    for (const [method, path, body] of ROUTES) {
      expect((await h.call(method, path, { body })).status, `${method} ${path} signed out`).toBe(401);
      for (const user of [customer, guide]) {
        const answer = await h.json<{ error: string }>(method, path, { token: user.token, body });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body.error).toBe('Only operators can use the console.');
      }
    }
  });

  it('refuses an operator whose role was revoked at once, with the token they already hold', async () => {
    const former = await staffMember('operator');
    expect((await h.call('GET', '/ops/days', { token: former.token })).status).toBe(200);
    expect((await staffRoleByOffice('revoke', former.email, 'operator')).code).toBe(0);
    for (const [method, path, body] of ROUTES) {
      expect((await h.call(method, path, { token: former.token, body })).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('today and the days ahead', () => {
  it("lists each date's seats and each party's readiness, and marks the member who has not signed the waiver", async () => {
    const date = await dateSoon('ops-tomorrow', 20);
    const { payer, bookingId } = await paidOn(date, 2, 'Lee Lead');
    const friend = await newUser();
    await h.json('POST', `/users/user/${friend.uid}`, { token: friend.token, body: { uid: friend.uid, email: friend.email } });
    const inviteCode = await inviteCodeOf(h, payer, CLASSES, date.id);
    expect((await h.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode } })).status).toBe(200);

    const { status, body } = await h.json<OpsDays>('GET', '/ops/days?days=2', { token: operator.token });
    expect(status).toBe(200);
    const shown = body.dates.find((entry) => entry.id === date.id);
    expect(shown).toMatchObject({ capacity: 6, taken: 2, held: 0, free: 4, calledOff: false });
    expect(shown?.parties).toEqual([
      {
        bookingId,
        payer: 'Lee Lead',
        partySize: 2,
        notes: 0,
        openSpots: 0,
        members: [
          expect.objectContaining({
            uid: payer.uid,
            name: 'Lee Lead',
            role: 'booked',
            survey: 'done',
            waiver: 'signed',
            email: payer.email,
          }),
          expect.objectContaining({ uid: friend.uid, role: 'invited', survey: 'missing', waiver: 'missing', email: friend.email }),
        ],
      },
    ]);
    // No medical notes or survey answers leave through the console.
    expect(JSON.stringify(body)).not.toContain('emergencyContact');
    // The seeded season is months ahead: none of it is in the next two days.
    expect(body.dates.every((entry) => Date.parse(entry.startsAt) < Date.now() + 3 * 86_400_000)).toBe(true);
  });

  it('shows the days from another Kamas day when asked', async () => {
    const date = await freeDate(h, CLASSES);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(date.date._seconds * 1000);
    const { body } = await h.json<OpsDays>('GET', `/ops/days?from=${day}&days=0`, { token: operator.token });
    expect(body).toMatchObject({ from: day, through: day });
    expect(body.dates.map((entry) => entry.id)).toContain(date.id);
    for (const from of ['2026-02-30', 'tomorrow', '2026-1-5']) {
      const answer = await h.json<{ error: string }>('GET', `/ops/days?from=${from}`, { token: operator.token });
      expect(answer.status, from).toBe(400);
      expect(answer.body.error).toBe('The first day must be a calendar day (YYYY-MM-DD).');
    }
  });

  it('refuses a number of days it cannot read', async () => {
    await expectRefused((days) => `/ops/days?days=${days}`, ['-1', 'abc', '63', '1.5'], 'Days ahead must be a whole number from 0 to 62');
  });
});

describe('finding a booking', () => {
  it('finds it by its id, its reference, an e-mail, a name or the digits of a phone number, of anyone in the party', async () => {
    const date = await freeDate(h, CLASSES);
    const { payer, bookingId } = await paidOn(date, 1, 'Quinn Marlowe');
    const search = async (q: string) =>
      (await h.json<OpsBookingSummary[]>('GET', `/ops/bookings?q=${encodeURIComponent(q)}`, { token: operator.token })).body.map(
        (found) => found.id,
      );
    expect(await search(bookingId)).toEqual([bookingId]);
    // Its reference as the customer reads it out: with or without the dash, in any case.
    const reference = bookingReference(bookingId);
    expect(await search(reference)).toEqual([bookingId]);
    expect(await search(reference.replace('-', ' ').toLowerCase())).toEqual([bookingId]);
    expect(await search(payer.email.toUpperCase())).toEqual([bookingId]);
    expect(await search('quinn marl')).toEqual([bookingId]);
    // The test customers share a phone number: the booking is among those found by it.
    expect(await search('(435) 555-0100')).toContain(bookingId);
    expect(await search('nobody-like-this')).toEqual([]);
  });

  it("finds every party on the date a booking card's QR code names", async () => {
    const date = await freeDate(h, CLASSES);
    const first = await paidOn(date, 1, 'Card One');
    const second = await paidOn(date, 2, 'Card Two');
    const found = await h.json<OpsBookingSummary[]>('GET', `/ops/bookings?q=${encodeURIComponent(date.id)}`, { token: operator.token });
    expect(found.body.map((booking) => booking.id).sort()).toEqual([first.bookingId, second.bookingId].sort());
  });

  it('refuses an empty query and one with a NUL byte', async () => {
    await expectRefused(
      (q) => `/ops/bookings?q=${q}`,
      ['', '%20%20', 'a%00b'],
      'Type an e-mail, a name, a phone number or a booking reference',
    );
  });
});

describe('cancelling for a customer', () => {
  it('cancels with a reason and part of the payment, frees the seats, tells the party and records who, why, before and after', async () => {
    const date = await freeDate(h, CLASSES);
    const { payer, bookingId } = await paidOn(date, 2);
    const before = await h.json<OpsBooking>('GET', `/ops/bookings/${bookingId}`, { token: operator.token });
    expect(before.body).toMatchObject({ id: bookingId, status: 'paid', partySize: 2, payerEmail: payer.email });
    const paid = before.body.amount;
    // What the policy gives back today, as the customer's own quote says.
    const quote = await h.json<{ refund: number }>('GET', `/bookings/${bookingId}/cancellation`, { token: payer.token });
    expect(before.body.policyRefund).toBe(quote.body.refund);

    const refund = Math.floor(paid / 3);
    const done = await cancel(bookingId, { reason: '  Family emergency, called the office  ', refund });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'cancelled', refundAmount: refund, policyRefund: null });
    expect(done.body.payments).toEqual([
      expect.objectContaining({ kind: 'payment', amount: paid }),
      expect.objectContaining({ kind: 'refund', amount: refund, reason: 'cancelled by the company' }),
    ]);
    expect(done.body.history.at(-1)).toMatchObject({
      text: `Cancelled; ${formatDollars(refund)} refunded of ${formatDollars(paid)} paid`,
      by: operator.email,
      reason: 'Family emergency, called the office',
    });
    expect(done.body.messages.some((message) => message.kind === 'booking-cancelled' && message.to === payer.email)).toBe(true);
    expect(await refundsOf(bookingId)).toEqual([{ amount: refund, purpose: 'cancellation', reason: 'cancelled by the company' }]);
    expect(await activityOf(bookingId)).toEqual([
      {
        action: 'cancel booking',
        reason: 'Family emergency, called the office',
        operator_uid: operator.uid,
        before: { status: 'paid', amount: paid },
        after: { status: 'cancelled', refund },
      },
    ]);
    h.cache.clear();
    const { body: calendar } = await h.json<CalendarEntry[]>('GET', `/calendar/${CLASSES}`);
    expect(calendar.find((entry) => entry.id === date.id)?.users).toHaveLength(0);

    // The same request again changes nothing; another one is refused.
    expect((await cancel(bookingId, { reason: 'Family emergency, called the office', refund })).status).toBe(200);
    expect(await activityOf(bookingId)).toHaveLength(1);
    expect(await refundsOf(bookingId)).toHaveLength(1);
    const again = await cancel(bookingId, { reason: 'Another reason', refund: 0 });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This booking is already cancelled.');

    const { body: activity } = await h.json<OpsActivity[]>('GET', '/ops/activity', { token: operator.token });
    expect(activity[0]).toMatchObject({
      action: 'cancel booking',
      bookingId,
      operatorEmail: operator.email,
      customer: 'Avery Lund',
      subject: `booking ${bookingReference(bookingId)}`,
      change: expect.stringMatching(/^Cancelled; \$[\d,.]+ refunded of \$[\d,.]+ paid$/),
    });
  });

  it('narrows the record to a trip day, a person by part of a name or e-mail, or a booking, and refuses a day that is not one', async () => {
    const date = await freeDate(h, CLASSES);
    const { bookingId } = await paidOn(date, 1, 'Quinn Rivera-Marsh');
    expect((await cancel(bookingId, { reason: 'Called to cancel', refund: 0 })).status).toBe(200);
    const record = (query: string) => h.json<OpsActivity[]>('GET', `/ops/activity?${query}`, { token: operator.token });
    const ids = (actions: OpsActivity[]) => [...new Set(actions.map((action) => action.bookingId))];
    expect(ids((await record('person=rivera-MARSH')).body)).toEqual([bookingId]);
    expect(ids((await record(`booking=${bookingId}`)).body)).toEqual([bookingId]);
    const day = denverDay(date.date._seconds * 1000);
    const onTheDay = (await record(`day=${day}`)).body;
    expect(onTheDay.map((action) => action.bookingId)).toContain(bookingId);
    expect((await record(`day=${day}&person=nobody-by-this-name`)).body).toEqual([]);
    // A wildcard typed in a name matches itself, not everything.
    expect((await record('person=%25')).body).toEqual([]);
    expect(await record('day=2027-02-30')).toMatchObject({ status: 400 });
  });

  it('refuses a refund above what was paid, a missing reason and a malformed amount, and changes nothing', async () => {
    const date = await freeDate(h, CLASSES);
    const { bookingId } = await paidOn(date, 1);
    const { body: booking } = await h.json<OpsBooking>('GET', `/ops/bookings/${bookingId}`, { token: operator.token });
    const tooMuch = await cancel(bookingId, { reason: 'Goodwill', refund: booking.amount + 1 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatch(/^A refund can be at most what was paid \(\$[\d.]+\)\.$/);
    for (const body of [
      { refund: 0 },
      { reason: '   ', refund: 0 },
      { reason: 'Goodwill', refund: -1 },
      { reason: 'Goodwill', refund: 10.5 },
      { reason: 'Good\u0000will', refund: 0 },
      { reason: 'Goodwill', refund: 0, extra: true },
    ]) {
      expect((await cancel(bookingId, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await h.json<OpsBooking>('GET', `/ops/bookings/${bookingId}`, { token: operator.token })).body.status).toBe('paid');
    expect(await activityOf(bookingId)).toEqual([]);
    expect(await refundsOf(bookingId)).toEqual([]);
    expect((await cancel('bk_nobody', { reason: 'Goodwill', refund: 0 })).status).toBe(404);
  });

  it('leaves neither the change nor its record when writing the record fails', async () => {
    const date = await freeDate(h, CLASSES);
    const { bookingId } = await paidOn(date, 1);
    await h.db.exec(`create function refuse_test_record() returns trigger language plpgsql as $$ begin
      if new.reason = 'Record refused' then raise exception 'record refused'; end if; return new; end $$`);
    await h.db.exec(
      `create trigger refuse_test_record before insert on operator_actions for each row execute function refuse_test_record()`,
    );
    try {
      const failed = await cancel(bookingId, { reason: 'Record refused', refund: 100 });
      expect(failed.status).toBe(500);
    } finally {
      await h.db.exec(`drop trigger refuse_test_record on operator_actions`);
    }
    const [row] = await h.db.query<{ status: string }>(`select status from bookings where id = $1`, [bookingId]);
    expect(row?.status).toBe('paid');
    expect(await refundsOf(bookingId)).toEqual([]);
    expect(await h.db.query(`select 1 from mail_outbox where booking_id = $1 and kind = 'booking-cancelled'`, [bookingId])).toEqual([]);
    expect(await activityOf(bookingId)).toEqual([]);
  });

  it('keeps the record as it was written: it cannot be changed or deleted', async () => {
    const [first] = await h.db.query<{ id: string }>(`select id from operator_actions order by id limit 1`);
    expect(first).toBeDefined();
    await expect(h.db.query(`update operator_actions set reason = 'rewritten' where id = $1`, [first?.id])).rejects.toThrow(/never edited/);
    await expect(h.db.query(`delete from operator_actions where id = $1`, [first?.id])).rejects.toThrow(/never edited/);
  });
});

describe('notes and the confirmation again', () => {
  it('adds a note for the guides, counted on the days ahead, and records it', async () => {
    const date = await dateSoon('ops-note-day', 30);
    const { bookingId } = await paidOn(date, 1);
    const added = await h.json<OpsBooking>('POST', `/ops/bookings/${bookingId}/notes`, {
      token: operator.token,
      body: { note: '  Bring a spare beacon for the kid  ' },
    });
    expect(added.status).toBe(200);
    expect(added.body.notes).toEqual([expect.objectContaining({ note: 'Bring a spare beacon for the kid', author: operator.email })]);
    const { body } = await h.json<OpsDays>('GET', '/ops/days?days=3', { token: operator.token });
    expect(body.dates.find((entry) => entry.id === date.id)?.parties[0]?.notes).toBe(1);
    expect(await activityOf(bookingId)).toEqual([
      expect.objectContaining({ action: 'add note', reason: 'Bring a spare beacon for the kid' }),
    ]);
    for (const note of ['', '   ', 'x'.repeat(1001), 'a\u0000b']) {
      expect((await h.call('POST', `/ops/bookings/${bookingId}/notes`, { token: operator.token, body: { note } })).status).toBe(400);
    }
  });

  it('sends the confirmation again once per request, to the payer, and records why', async () => {
    const date = await freeDate(h, CLASSES);
    const { payer, bookingId } = await paidOn(date, 1);
    const resend = () =>
      h.json<OpsBooking>('POST', `/ops/bookings/${bookingId}/resend`, {
        token: operator.token,
        body: { reason: 'Lost the first e-mail', requestId: 'req-resend-0001' },
      });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const confirmations = await h.db.query<{ recipient_uid: string }>(
      `select recipient_uid from mail_outbox where booking_id = $1 and kind = 'booking-confirmed' order by created_at`,
      [bookingId],
    );
    expect(confirmations).toEqual([{ recipient_uid: payer.uid }, { recipient_uid: payer.uid }]);
    expect(await activityOf(bookingId)).toEqual([
      expect.objectContaining({ action: 'resend confirmation', reason: 'Lost the first e-mail' }),
    ]);
    const bad = await h.json<{ error: string }>('POST', `/ops/bookings/${bookingId}/resend`, {
      token: operator.token,
      body: { reason: 'Again', requestId: 'x' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('calling off a date from the console', () => {
  it('shows who is affected first, then calls it off once with its record', async () => {
    const date = await freeDate(h, CLASSES);
    const first = await paidOn(date, 2, 'Morgan Pike');
    const second = await paidOn(date, 1, 'Jules Ward');
    const preview = await h.json<OpsDateOverview>('GET', `/ops/dates/${date.id}`, { token: operator.token });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ id: date.id, calledOff: false, active: true, taken: 3, free: 7 });
    expect(preview.body.parties).toEqual([
      expect.objectContaining({ bookingId: first.bookingId, payer: 'Morgan Pike', partySize: 2, members: 1 }),
      expect.objectContaining({ bookingId: second.bookingId, payer: 'Jules Ward', partySize: 1, members: 1 }),
    ]);

    const callOff = () =>
      h.json<OpsDateOverview & { asked: number }>('POST', `/ops/dates/${date.id}/call-off`, {
        token: operator.token,
        body: { reason: 'High avalanche danger' },
      });
    const done = await callOff();
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ calledOff: true, active: false, asked: 2 });
    expect((await callOff()).body).toMatchObject({ calledOff: true, asked: 0 });
    const records = await h.db.query<{ action: string; reason: string; after: unknown }>(
      `select action, reason, after from operator_actions where date_id = $1 and action = 'call off date'`,
      [date.id],
    );
    expect(records).toEqual([
      { action: 'call off date', reason: 'High avalanche danger', after: { active: false, calledOff: true, bookings: 2 } },
    ]);
    const asked = await h.db.query(`select 1 from mail_outbox where kind = 'date-called-off' and booking_id = any($1::text[])`, [
      [first.bookingId, second.bookingId],
    ]);
    expect(asked).toHaveLength(2);
    expect((await h.call('GET', '/ops/dates/no-such-date', { token: operator.token })).status).toBe(404);
    expect((await h.call('POST', `/ops/dates/${date.id}/call-off`, { token: operator.token, body: { reason: ' ' } })).status).toBe(400);
  });
});

/** Nothing was called off: the date stands, no refund waits and no action is on the record. */
async function expectNothingCalledOff(database: CommandDatabase, dateId: string): Promise<void> {
  await inDatabase(database, async (db) => {
    const [date] = await db.query<{ called_off_at: Date | null; active: boolean }>(
      `select called_off_at, active from calendar_dates where id = $1`,
      [dateId],
    );
    expect(date).toEqual({ called_off_at: null, active: true });
    expect(await db.query(`select 1 from payment_outbox`)).toEqual([]);
    expect(await db.query(`select 1 from operator_actions`)).toEqual([]);
  });
}

/** A command database with the demo season and one paid booking on a class date; the date's id. */
async function seasonWithABooking(database: CommandDatabase): Promise<string> {
  return await inDatabase(database, async (db) => {
    await migrate(db);
    await seedIfEmpty(db, seasonDay());
    await db.query(`insert into users (uid, email) values ('u_called_off', 'called-off@example.com')`);
    const [date] = await db.query<{ id: string; price_id: string }>(
      `select id, price_id from calendar_dates where calendar = $1 order by starts_at limit 1`,
      [CLASSES],
    );
    await db.query(
      `insert into bookings (id, date_id, user_id, price_id, party_size, quantity, amount, currency, status, provider, payment_intent_id, hold_expires_at, paid_at)
       values ('bk_called_off', $1, 'u_called_off', $2, 1, 1, 25000, 'usd', 'paid', 'local', 'lpi_bk_called_off', now(), now())`,
      [date?.id, date?.price_id],
    );
    await db.query(`insert into booking_members (booking_id, user_id) values ('bk_called_off', 'u_called_off')`);
    return date?.id ?? '';
  });
}

describe('npm run date:call-off', () => {
  it('calls off a date for the operator named by --by, recorded with the reason as the console records it; again, it does nothing more', async () => {
    await withCommandDatabase(async (database) => {
      const dateId = await seasonWithABooking(database);
      const office = await officeOperator();
      const callOff = () => operatorCommand('call-off-cli.ts', [dateId, '--reason', 'High avalanche danger', '--by', office], { database });
      const first = await callOff();
      expect(first.stdout.trim(), first.stderr).toBe(`Called off ${dateId}: 1 booking was sent a choice of a full refund or a new date.`);
      expect((await callOff()).stdout.trim()).toBe(`${dateId} was already called off; nothing more was done.`);
      expect(await recordIn(database)).toEqual([
        {
          action: 'call off date',
          subject: `date ${dateId}`,
          operator_uid: (await admin.getUserByEmail(office)).uid,
          operator_email: office,
          reason: 'High avalanche danger',
          booking_id: null,
          date_id: dateId,
          before: { active: true },
          after: { active: false, calledOff: true, bookings: 1 },
        },
      ]);
    });
  });

  it('refuses a date that has started, calling nothing off and refunding nobody', async () => {
    await withCommandDatabase(async (database) => {
      const dateId = await seasonWithABooking(database);
      const office = await officeOperator();
      await inDatabase(database, async (db) => {
        await db.query(`update calendar_dates set starts_at = now() - interval '1 hour' where id = $1`, [dateId]);
      });
      const refused = await operatorCommand('call-off-cli.ts', [dateId, '--reason', 'High avalanche danger', '--by', office], { database });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(DATE_STARTED);

      await expectNothingCalledOff(database, dateId);
    });
  });

  it('refuses a reason the console refuses, and a --by who is not an operator, calling nothing off', async () => {
    await withCommandDatabase(async (database) => {
      const dateId = await seasonWithABooking(database);
      const office = await officeOperator();
      for (const reason of ['   ', 'x'.repeat(501), 'High\u0007danger']) {
        const refused = await operatorCommand('call-off-cli.ts', [dateId, '--reason', reason, '--by', office], { database });
        expect(refused.code, JSON.stringify(reason)).toBe(2);
        expect(refused.stderr).toContain('Give a reason (up to 500 characters).');
      }
      const nobody = await operatorCommand('call-off-cli.ts', [dateId, '--reason', 'High avalanche danger'], { database });
      expect(nobody.code).toBe(2);
      expect(nobody.stderr).toContain('--by');
      const notOperator = await operatorCommand('call-off-cli.ts', [dateId, '--reason', 'High avalanche danger', '--by', customer.email], {
        database,
      });
      expect(notOperator.code).toBe(1);
      expect(notOperator.stderr).toContain(`${customer.email} is not an operator`);

      await expectNothingCalledOff(database, dateId);
    });
  });
});

describe('dates and capacity', () => {
  const kinds = async () => (await h.json<OpsDateKind[]>('GET', '/ops/date-kinds', { token: operator.token })).body;
  const add = (body: Record<string, unknown>) =>
    h.json<{ added: string[]; existing: number; error?: string }>('POST', '/ops/dates', { token: operator.token, body });
  const capacity = (dateId: string, value: number) =>
    h.json<{ changed?: boolean; error?: string }>('PUT', `/ops/dates/${dateId}/capacity`, {
      token: operator.token,
      body: { capacity: value, reason: 'A second guide joined' },
    });

  it('adds one date of a kind, which then shows on its calendar, and adding it again changes nothing', async () => {
    const kind = (await kinds()).find((entry) => entry.calendar === CLASSES && entry.key.includes('price_class_moto'));
    expect(kind).toMatchObject({ capacity: 10, startTime: '07:00' });
    const firstDay = '2031-02-04';
    const body = { kind: kind?.key, firstDay, time: '09:30', capacity: 8, reason: 'Extra class for a school group' };
    const added = await add(body);
    expect(added.status).toBe(200);
    expect(added.body.added).toHaveLength(1);
    h.cache.clear();
    const { body: calendar } = await h.json<CalendarEntry[]>('GET', `/calendar/${CLASSES}`);
    const shown = calendar.find((entry) => entry.id === added.body.added[0]);
    expect(shown).toBeDefined();
    expect(new Date((shown?.date._seconds ?? 0) * 1000).toISOString()).toBe('2031-02-04T16:30:00.000Z');
    expect(shown?.partySize).toBe(8);
    expect((await add(body)).body).toEqual({ added: [], existing: 1 });
    const records = await h.db.query<{ action: string; date_id: string }>(
      `select action, date_id from operator_actions where action = 'add date'`,
    );
    expect(records).toEqual([{ action: 'add date', date_id: added.body.added[0] }]);
  });

  it('adds a weekly pattern over a range, across the spring clock change, at the same Kamas time', async () => {
    const kind = (await kinds()).find((entry) => entry.calendar === CLASSES);
    const added = await add({
      kind: kind?.key,
      firstDay: '2031-03-01',
      lastDay: '2031-03-16',
      weekdays: [0, 6],
      time: '07:00',
      capacity: 10,
      reason: 'Spring weekends',
    });
    expect(added.status).toBe(200);
    // Saturdays and Sundays from March 1 (a Saturday) to 16: 1, 2, 8, 9, 15, 16.
    expect(added.body.added).toHaveLength(6);
    const starts = await h.db.query<{ starts_at: Date }>(
      `select starts_at from calendar_dates where id = any($1::text[]) order by starts_at`,
      [added.body.added],
    );
    expect(starts.map((row) => new Date(row.starts_at).toISOString())).toEqual([
      '2031-03-01T14:00:00.000Z',
      '2031-03-02T14:00:00.000Z',
      '2031-03-08T14:00:00.000Z',
      // Daylight time begins on Sunday, March 9, 2031.
      '2031-03-09T13:00:00.000Z',
      '2031-03-15T13:00:00.000Z',
      '2031-03-16T13:00:00.000Z',
    ]);
  });

  it('refuses a request it cannot read, with what is wrong', async () => {
    const kind = (await kinds())[0]?.key;
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'no-such-kind', firstDay: '2031-01-07', time: '08:00', capacity: 4, reason: 'x' }, 'Choose the kind of date to add.'],
      [{ kind, firstDay: '2031-02-30', time: '08:00', capacity: 4, reason: 'x' }, 'Choose a day.'],
      [{ kind, firstDay: '2031-01-07', time: '8am', capacity: 4, reason: 'x' }, 'Give the start time as HH:MM, 24-hour, in Kamas.'],
      [{ kind, firstDay: '2031-01-07', time: '08:00', capacity: 0, reason: 'x' }, 'Capacity must be a whole number from 1 to 100.'],
      [
        { kind, firstDay: '2031-01-07', lastDay: '2031-01-01', weekdays: [1], time: '08:00', capacity: 4, reason: 'x' },
        'The last day must be on or after the first',
      ],
      [
        { kind, firstDay: '2031-01-07', lastDay: '2031-02-01', time: '08:00', capacity: 4, reason: 'x' },
        'Choose the weekdays the date repeats on.',
      ],
      [{ kind, firstDay: '2020-01-07', time: '08:00', capacity: 4, reason: 'x' }, 'This date has already started.'],
      [{ kind, firstDay: '2031-01-07', time: '08:00', capacity: 4, reason: ' ' }, 'Give a reason'],
    ];
    for (const [body, message] of cases) {
      const answer = await add(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toContain(message);
    }
  });

  it('changes a capacity, never below the seats taken, and records before and after', async () => {
    const date = await freeDate(h, CLASSES);
    await paidOn(date, 3);
    const below = await capacity(date.id, 2);
    expect(below.status).toBe(409);
    expect(below.body.error).toBe('Capacity cannot go below the 3 seats taken.');
    expect((await capacity(date.id, 3)).body).toEqual({ changed: true, offers: [] });
    expect((await capacity(date.id, 3)).body).toEqual({ changed: false, offers: [] });
    const records = await h.db.query<{ before: unknown; after: unknown }>(
      `select before, after from operator_actions where date_id = $1 and action = 'change capacity'`,
      [date.id],
    );
    expect(records).toEqual([{ before: { capacity: 10 }, after: { capacity: 3 } }]);
    expect((await capacity('no-such-date', 3)).status).toBe(404);
  });

  it('never lowers a capacity below seats taken by a customer holding the last seat at the same moment', async () => {
    for (let round = 0; round < 4; round += 1) {
      const date = await freeDate(h, CLASSES);
      await paidOn(date, 3);
      const rider = await readyUser(h, 'Last Seat');
      // The date has 10 seats, 3 taken: lowering to 3 and holding 1 more race; whichever locks the date first wins.
      const [lowered, held] = await Promise.all([capacity(date.id, 3), holdDate(h, rider, date, CLASSES, date.stripeId ?? '', 1)]);
      const [row] = await h.db.query<{ capacity: number }>(`select capacity from calendar_dates where id = $1`, [date.id]);
      const taken = (
        await h.db.query<{ n: number }>(
          `select coalesce(sum(party_size), 0)::int as n from bookings where date_id = $1 and (status = 'paid' or (status = 'held' and hold_expires_at > now()))`,
          [date.id],
        )
      )[0]?.n;
      expect(taken).toBeLessThanOrEqual(row?.capacity ?? 0);
      // Exactly one wins: the capacity falls to the seats taken, or the customer holds the seat.
      expect([lowered.status, held.status].sort()).toEqual([200, 409]);
    }
  });

  it('has the catalog import refuse, whole, a file that would lower a capacity below the seats taken', async () => {
    const date = await freeDate(h, CLASSES);
    await paidOn(date, 2);
    const [row] = await h.db.query<{ product_id: string; price_id: string; starts_at: Date }>(
      `select product_id, price_id, starts_at from calendar_dates where id = $1`,
      [date.id],
    );
    const file = parseCatalogFile({
      promoCodes: [{ code: 'NEVERLOADED', percentOff: 10 }],
      dates: [
        {
          id: date.id,
          calendar: CLASSES,
          productId: row?.product_id,
          priceId: row?.price_id,
          startsAt: new Date(row?.starts_at ?? 0).toISOString(),
          capacity: 1,
        },
      ],
    });
    await expect(importCatalog(h.db, file)).rejects.toThrow(`${date.id}: Capacity cannot go below the 2 seats taken.`);
    expect(await h.db.query(`select 1 from promo_codes where code = 'NEVERLOADED'`)).toEqual([]);
    expect(await h.db.query(`select capacity from calendar_dates where id = $1`, [date.id])).toEqual([{ capacity: 10 }]);
  });

  it('withdraws a date nobody has booked, and refuses one with a booking', async () => {
    const free = await freeDate(h, CLASSES);
    const withdraw = (dateId: string) =>
      h.json<{ changed?: boolean; error?: string }>('POST', `/ops/dates/${dateId}/withdraw`, {
        token: operator.token,
        body: { reason: 'No guide that day' },
      });
    expect((await withdraw(free.id)).body).toEqual({ changed: true });
    expect((await withdraw(free.id)).body).toEqual({ changed: false });
    h.cache.clear();
    const { body: calendar } = await h.json<CalendarEntry[]>('GET', `/calendar/${CLASSES}`);
    expect(calendar.some((entry) => entry.id === free.id)).toBe(false);
    const booked = await freeDate(h, CLASSES);
    await paidOn(booked, 1);
    const refused = await withdraw(booked.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This date has bookings or holds: call it off instead.');
  });
});

describe('npm run ops:activity', () => {
  it('lists the actions taken in the console, newest first, with who, why, before and after', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ops-activity-'));
    const listing = () =>
      run(process.execPath, ['api/cli/activity-cli.ts'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
    try {
      expect((await listing()).stdout).toContain('No operator has acted yet.');
      const db = await openPglite(dataDir);
      await migrate(db);
      await seedIfEmpty(db, seasonDay());
      const api = await harness({ db });
      const booker = await readyUser(api, 'Rowan Vale');
      const date = await freeDate(api, CLASSES);
      expect((await payForDate(api, booker, date, CLASSES, date.stripeId ?? '', 1)).status).toBe(200);
      const [booking] = await db.query<{ id: string }>(`select id from bookings where user_id = $1 and status = 'paid'`, [booker.uid]);
      const cancelled = await api.json('POST', `/ops/bookings/${booking?.id}/cancel`, {
        token: operator.token,
        body: { reason: 'Weather window closed', refund: 0 },
      });
      expect(cancelled.status).toBe(200);
      await db.close();

      const { stdout } = await listing();
      expect(stdout).toContain('The latest 1 operator action, newest first:');
      expect(stdout).toContain(`${operator.email}  cancel booking  booking ${bookingReference(booking?.id ?? '')}`);
      expect(stdout).toContain('why: Weather window closed');
      expect(stdout).toContain('changed: Cancelled; nothing refunded of $');
      expect(stdout).toContain('after: {"refund":0,"status":"cancelled"}');
      expect(stdout).toContain('before: {"amount":');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
