/**
 * What needs a person, first on the console (/ops/attention): money flagged for the office, listed
 * with its booking's payer and resolved there with what was given back and how, in the record as
 * the command records it, once; refunds the provider keeps refusing; payers of a called-off date
 * yet to choose, who also stay on the days ahead; offers standing; messages that failed. And the days
 * ahead, when none of them has a party, name the next day that has one.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { localProvider } from '../../api/payments/local.ts';
import type { PaymentProvider } from '../../api/payments/provider.ts';
import { firebaseIdentity } from '../../api/identity.ts';
import { sendDueMail } from '../../api/mail/worker.ts';
import { currentWaiverEdition } from '../../api/users/waiver-edition.ts';
import {
  opsAttentionAnswer,
  opsFlagResolvedAnswer,
  type OpsActivity,
  type OpsAttention,
  type OpsBooking,
  type OpsDays,
  type OpsFlagResolved,
} from '../../shared/contract/ops-answers.ts';
import { GAVE_BACK_MESSAGE, RESOLUTION_MESSAGE } from '../../shared/contract/ops-requests.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { denverDay, denverDayPlus } from '../../shared/rules/dates.ts';
import { freeDate, harness, PROJECT_ID, readyUser, SITE_URL, type Harness, type TestUser } from './harness.ts';
import { paidBooking } from './paid-booking.ts';
import { staffMember } from './staff.ts';

const CLASSES = 'winter-classes';
const PROVIDER_DOWN = 'connect ETIMEDOUT: the provider did not answer';

/** The local provider, except that every refund fails as a provider that cannot be reached does. */
const refusingRefunds: PaymentProvider = {
  ...localProvider(),
  refund: () => Promise.reject(new Error(PROVIDER_DOWN)),
};

let h: Harness;
let operator: TestUser;

beforeAll(async () => {
  h = await harness({ bookingCutoffHours: 0, payments: refusingRefunds });
  operator = await staffMember('operator');
});

/** What the console reads first, checked as the console checks it. */
async function attention(token = operator.token): Promise<OpsAttention> {
  const { status, body } = await h.json<OpsAttention>('GET', '/ops/attention', { token });
  expect(status).toBe(200);
  return v.parse(opsAttentionAnswer, body);
}

const resolve = (flagId: string, body: unknown, token = operator.token) =>
  h.json<OpsFlagResolved & { error?: string }>('POST', `/ops/attention/flags/${flagId}/resolve`, { token, body });

const recordOf = (bookingId: string) =>
  h.db.query<{ action: string; reason: string; operator_uid: string; before: unknown; after: unknown }>(
    `select action, reason, operator_uid, before, after from operator_actions where booking_id = $1 and action = 'resolve flag' order by id`,
    [bookingId],
  );
const flagRow = (flagId: string) =>
  h.db.query(`select resolved_at, resolved_by, resolution, given_back from booking_flags where id = $1`, [flagId]);

/** A booking the office took in cash for a new customer named `name`, then cancelled with `refund` cents back: flagged to give back by hand. */
async function cashRefundOwed(name: string, refund: number): Promise<{ bookingId: string; flagId: string; customer: TestUser }> {
  const date = await freeDate(h, CLASSES);
  const customer = await readyUser(h, name);
  const booked = await h.json<OpsBooking>('POST', '/ops/bookings', {
    token: operator.token,
    body: { email: customer.email, dateId: date.id, partySize: 1, paidBy: 'cash', reason: 'Paid at the office', requestId: randomUUID() },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const cancelled = await h.json('POST', `/ops/bookings/${booked.body.id}/cancel`, {
    token: operator.token,
    body: { reason: 'Broke a wrist', refund },
  });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  const [flag] = await h.db.query<{ id: string }>(`select id from booking_flags where booking_id = $1`, [booked.body.id]);
  if (!flag) throw new Error('not flagged');
  return { bookingId: booked.body.id, flagId: flag.id, customer };
}

/** A class date of its own, `hours` from now, with `capacity` seats, copied from a seeded one. */
async function classDate(id: string, hours: number, capacity = 6): Promise<CalendarEntry> {
  await h.db.query(
    `insert into calendar_dates (id, product_id, calendar, starts_at, capacity, price_id, class_type, title, description)
     select $1, product_id, calendar, date_trunc('second', now()) + make_interval(hours => $2), $3, price_id, class_type, title, description
       from calendar_dates where calendar = $4 and price_id is not null order by starts_at limit 1`,
    [id, hours, capacity, CLASSES],
  );
  h.cache.clear();
  const { body } = await h.json<CalendarEntry[]>('GET', `/calendar/${CLASSES}`);
  const entry = body.find((item) => item.id === id);
  if (!entry) throw new Error(`${id} is not on the calendar`);
  return entry;
}

const paidOn = (date: CalendarEntry, payerName: string, partySize = 1) =>
  paidBooking(h, { date, calendar: CLASSES, priceId: date.stripeId ?? '', partySize, payerName });

describe('money flagged for the office', () => {
  it('is listed with its payer and resolved in the console: what was given back and how, in the record, and gone from the list', async () => {
    const { bookingId, flagId, customer } = await cashRefundOwed('Casey Cashman', 12_050);
    const flag = (await attention()).flags.find((item) => item.id === flagId);
    expect(flag).toMatchObject({
      reason: 'refund_by_hand',
      what: 'Money to give back by hand',
      detail: 'Give back $120.50 by hand: cancelled by the company.',
      booking: { id: bookingId, payer: 'Casey Cashman', payerEmail: customer.email, partySize: 1, currency: 'usd' },
    });

    const done = await resolve(flagId, { gaveBack: 12_050, note: '  Cash handed back at the office  ' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(v.parse(opsFlagResolvedAnswer, done.body)).toMatchObject({
      resolved: true,
      resolution: { by: operator.email, gaveBack: 12_050, currency: 'usd', note: 'Cash handed back at the office' },
    });
    expect(done.body.attention.flags.map((item) => item.id)).not.toContain(flagId);
    expect((await attention()).flags.map((item) => item.id)).not.toContain(flagId);

    // Recorded as `npm run refunds -- --resolve` records it, and read in words on the record.
    expect(await recordOf(bookingId)).toEqual([
      {
        action: 'resolve flag',
        reason: 'Cash handed back at the office',
        operator_uid: operator.uid,
        before: { reason: 'refund_by_hand', detail: 'Give back $120.50 by hand: cancelled by the company.', resolved: false },
        after: { resolved: true, givenBack: 12_050, currency: 'usd' },
      },
    ]);
    const record = await h.json<OpsActivity[]>('GET', `/ops/activity?booking=${bookingId}`, { token: operator.token });
    expect(record.body.find((row) => row.action === 'resolve flag')).toMatchObject({
      change: expect.stringContaining('$120.50 given back by hand'),
      reason: 'Cash handed back at the office',
    });
  });

  it('resolved twice, is left as the first time resolved it, and the answer says so', async () => {
    const { bookingId, flagId } = await cashRefundOwed('Robin Twice', 5_000);
    expect((await resolve(flagId, { gaveBack: 5_000, note: 'Cash back in an envelope' })).body.resolved).toBe(true);
    const before = await flagRow(flagId);

    const again = await resolve(flagId, { gaveBack: 0, note: 'Clicked again' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      resolved: false,
      resolution: { by: operator.email, gaveBack: 5_000, note: 'Cash back in an envelope' },
    });
    expect(await flagRow(flagId)).toEqual(before);
    expect(await recordOf(bookingId)).toHaveLength(1);
  });

  it('refuses anyone but an operator, and input it cannot take, changing nothing', async () => {
    const { bookingId, flagId } = await cashRefundOwed('Avery Open', 5_000);
    const customer = await readyUser(h);
    expect((await h.call('GET', '/ops/attention', { token: customer.token })).status).toBe(403);
    expect((await h.call('GET', '/ops/attention')).status).toBe(401);
    expect((await resolve(flagId, { gaveBack: 5_000, note: 'Not mine to do' }, customer.token)).status).toBe(403);

    const refused: [unknown, string][] = [
      [{ gaveBack: -100, note: 'Gave back' }, GAVE_BACK_MESSAGE],
      [{ gaveBack: 12.5, note: 'Gave back' }, GAVE_BACK_MESSAGE],
      [{ gaveBack: '5000', note: 'Gave back' }, GAVE_BACK_MESSAGE],
      [{ note: 'Gave back' }, 'Missing field: gaveBack'],
      [{ gaveBack: 5_000 }, 'Missing field: note'],
      [{ gaveBack: 5_000, note: '   ' }, RESOLUTION_MESSAGE],
      [{ gaveBack: 5_000, note: 'x'.repeat(501) }, RESOLUTION_MESSAGE],
      [{ gaveBack: 5_000, note: 'Gave back', by: 'someone' }, 'Unknown field: by'],
    ];
    for (const [body, error] of refused) {
      const answer = await resolve(flagId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBe(error);
    }
    const unknown = await resolve('flag_no-such-flag', { gaveBack: 0, note: 'Nothing to do' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('There is no such flag.');

    expect(await flagRow(flagId)).toEqual([{ resolved_at: null, resolved_by: null, resolution: null, given_back: null }]);
    expect(await recordOf(bookingId)).toEqual([]);
    expect((await attention()).flags.map((item) => item.id)).toContain(flagId);
  });
});

describe('a refund the provider keeps refusing', () => {
  it('is listed with how much, how many tries, the last error and whose it is', async () => {
    const date = await freeDate(h, CLASSES);
    const { payer, bookingId } = await paidOn(date, 'Fran Failing');
    const cancelled = await h.json('POST', `/ops/bookings/${bookingId}/cancel`, {
      token: operator.token,
      body: { reason: 'Cannot make it', refund: 3_000 },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    const failing = (await attention()).failingRefunds.find((item) => item.booking?.id === bookingId);
    expect(failing).toMatchObject({
      kind: 'refund',
      amount: 3_000,
      attempts: 1,
      lastError: PROVIDER_DOWN,
      booking: { payer: 'Fran Failing', payerEmail: payer.email, dateId: date.id },
    });
    expect(Date.parse(failing?.nextTryAt ?? '')).toBeGreaterThan(Date.now());
  });
});

describe('a called-off date', () => {
  it('lists each payer yet to choose, with why and by when, until they choose; the date stays in the days ahead with them', async () => {
    const date = await classDate('attention-called-off', 40);
    const waiting = await paidOn(date, 'Wes Waiting', 2);
    const choosing = await paidOn(date, 'Cleo Chooser');
    const calledOff = await h.json('POST', `/ops/dates/${date.id}/call-off`, {
      token: operator.token,
      body: { reason: 'High avalanche danger' },
    });
    expect(calledOff.status, JSON.stringify(calledOff.body)).toBe(200);

    const choices = (await attention()).choices.filter((item) => item.booking.dateId === date.id);
    expect(choices).toHaveLength(2);
    const [byWes] = choices.filter((item) => item.booking.id === waiting.bookingId);
    expect(byWes).toMatchObject({ reason: 'High avalanche danger', booking: { payer: 'Wes Waiting', partySize: 2 } });
    // Seven days to choose, or until the date, whichever is first: here the date.
    expect(Date.parse(byWes?.chooseBy ?? '')).toBe(date.date._seconds * 1000);

    const chosen = await h.json('POST', `/bookings/${choosing.bookingId}/call-off`, {
      token: choosing.payer.token,
      body: { choice: 'refund' },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect((await attention()).choices.filter((item) => item.booking.dateId === date.id).map((item) => item.booking.id)).toEqual([
      waiting.bookingId,
    ]);

    const { body } = await h.json<OpsDays>('GET', '/ops/days?days=3', { token: operator.token });
    const shown = body.dates.find((item) => item.id === date.id);
    expect(shown).toMatchObject({ calledOff: true });
    expect(shown?.parties).toEqual([
      expect.objectContaining({
        bookingId: waiting.bookingId,
        payer: 'Wes Waiting',
        awaitingChoice: { chooseBy: byWes?.chooseBy },
      }),
    ]);
  });
});

describe('seats offered from the waitlist', () => {
  it('are listed while they stand: to whom, how many seats, on which date and until when', async () => {
    const date = await classDate('attention-offer', 60, 1);
    await paidOn(date, 'Fay Full');
    const rider = await readyUser(h, 'Ben Okafor');
    const joined = await h.json('POST', '/waitlist', {
      token: rider.token,
      body: { dateId: date.id, priceId: date.stripeId, partySize: 1 },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const raised = await h.json<{ offers: { endsAt: string }[] }>('PUT', `/ops/dates/${date.id}/capacity`, {
      token: operator.token,
      body: { capacity: 2, reason: 'A second guide is free' },
    });
    expect(raised.body.offers).toHaveLength(1);

    expect((await attention()).offers.filter((item) => item.dateId === date.id)).toEqual([
      expect.objectContaining({
        name: 'Ben Okafor',
        email: rider.email,
        seats: 1,
        startsAt: new Date(date.date._seconds * 1000).toISOString(),
        endsAt: raised.body.offers[0]?.endsAt,
        paying: false,
        outOfOrder: null,
      }),
    ]);

    // Its time up and nobody paying, it no longer stands.
    await h.db.query(`update waitlist_offers set expires_at = now() - interval '1 second' where date_id = $1`, [date.id]);
    await h.db.query(`update bookings set hold_expires_at = now() - interval '1 second' where date_id = $1 and status = 'held'`, [date.id]);
    expect((await attention()).offers.filter((item) => item.dateId === date.id)).toEqual([]);
  });
});

describe('a message the mail server refuses', () => {
  it('is listed by what it is in words, to whom, with the tries and the last error', async () => {
    const date = await freeDate(h, CLASSES);
    const { payer, bookingId } = await paidOn(date, 'Mae Mailless');
    await sendDueMail({
      db: h.db,
      identity: firebaseIdentity(PROJECT_ID),
      transport: { send: () => Promise.reject(new Error('451 Try again later')), close: () => undefined },
      siteUrl: SITE_URL,
      waiverVersion: currentWaiverEdition.version,
    });

    const failed = (await attention()).messages.find((item) => item.bookingId === bookingId && item.kind === 'booking-confirmed');
    expect(failed).toMatchObject({
      what: 'Booking confirmation',
      to: 'Mae Mailless',
      toEmail: payer.email,
      attempts: 1,
      lastError: '451 Try again later',
    });
  });
});

describe('the days ahead with no party', () => {
  it('name the next Kamas day that has one, and nothing when they have one or none comes after', async () => {
    // Far past the seeded season, so no other booking falls between.
    const date = await classDate('attention-far', 4 * 365 * 24);
    await paidOn(date, 'Nell Next');
    const day = denverDay(date.date._seconds * 1000);
    const days = async (from: string, count: number) =>
      (await h.json<OpsDays>('GET', `/ops/days?from=${from}&days=${count}`, { token: operator.token })).body;

    const emptyWeek = await days(denverDayPlus(day, -20), 6);
    expect(emptyWeek.dates.flatMap((item) => item.parties)).toEqual([]);
    expect(emptyWeek.nextBookedDay).toBe(day);
    expect((await days(denverDayPlus(day, -3), 6)).nextBookedDay).toBeNull();
    expect((await days(denverDayPlus(day, 1), 6)).nextBookedDay).toBeNull();
  });
});
