import { beforeAll, describe, expect, it } from 'vitest';
import { recordPaymentEvent } from '../../api/payments/purposes.ts';
import { waiverEdition } from '../../api/users/waiver-edition.ts';
import { WAIVER_DOCUMENT } from '../../shared/company/waiver-text.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import type { Party } from '../../shared/contract/answers.ts';
import { waiverCoversUntil } from '../../shared/rules/waiver-record.ts';
import { freeDate, harness, intentBody, makeReady, newUser, SIGNATURE, SURVEY, type Harness, type TestUser } from './harness.ts';

const CARD = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };
const DAY_MS = 86_400_000;

let h: Harness;

/** A customer who booked: everything a booking needs is done (a booker's own survey and waiver are complete when they pay). */
async function booker(displayName: string): Promise<TestUser> {
  return makeReady(h, await newUser(), displayName);
}

async function customer(displayName?: string): Promise<TestUser> {
  const user = await newUser();
  await h.json('POST', `/users/user/${user.uid}`, {
    token: user.token,
    body: { uid: user.uid, email: user.email, ...(displayName ? { displayName } : {}) },
  });
  return user;
}

const emailName = (user: TestUser) => user.email.split('@')[0];

/** A hold on a date, then the local card: a paid booking. Returns the booking's payment intent and invite code. */
async function book(user: TestUser, dateId: string, partySize: number) {
  const entry = { id: dateId } as CalendarEntry;
  const intent = await h.json<{ clientSecret: string; bookingId: string }>('POST', '/stripe/create-payment-intent', {
    token: user.token,
    body: intentBody(user, entry, 'winter-day-tours', 'price_tour_ski', partySize),
  });
  expect(intent.status).toBe(200);
  const paid = await h.json('POST', '/payments/local/confirm', {
    token: user.token,
    body: { clientSecret: intent.body.clientSecret, ...CARD },
  });
  expect(paid.status).toBe(200);
  const calendar = await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours', { token: user.token });
  const inviteCode = calendar.body.find((candidate) => candidate.id === dateId)?.inviteCode ?? '';
  expect(inviteCode).not.toBe('');
  return { bookingId: intent.body.bookingId, inviteCode };
}

async function join(user: TestUser, inviteCode: string) {
  const joined = await h.json('POST', '/calendar/invite', { token: user.token, body: { inviteCode } });
  expect(joined.status).toBe(200);
}

const party = (user: TestUser | null, dateId: string, app: Harness = h) =>
  app.json<Party & { error?: string }>('GET', `/parties/${encodeURIComponent(dateId)}`, user ? { token: user.token } : {});

/**
 * A day tour the waiver signed today covers: a week from now, or the last minute of the season when
 * that ends sooner. The seeded season lies a year ahead, past the season a signature made now covers.
 */
async function dateThisSeason(): Promise<string> {
  const [template] = await h.db.query<{ product_id: string; price_id: string | null }>(
    `select product_id, price_id from calendar_dates where calendar = 'winter-day-tours' limit 1`,
  );
  const startsAt = new Date(Math.min(Date.now() + 7 * DAY_MS, waiverCoversUntil(new Date()).getTime() - 60_000));
  const id = `tour-party-${Math.random().toString(36).slice(2, 8)}`;
  await h.db.query(
    `insert into calendar_dates (id, calendar, product_id, price_id, starts_at, capacity) values ($1, 'winter-day-tours', $2, $3, $4, 8)`,
    [id, template!.product_id, template!.price_id, startsAt.toISOString()],
  );
  return id;
}

beforeAll(async () => {
  // No booking cut-off, so a date of this season may start within the hour.
  h = await harness({ bookingCutoffHours: 0 });
});

describe('GET /parties/{dateId}', () => {
  let lead: TestUser;
  let friend: TestUser;
  let dateId: string;
  let inviteCode: string;

  beforeAll(async () => {
    lead = await booker('Avery Lund');
    friend = await customer();
    dateId = await dateThisSeason();
    ({ inviteCode } = await book(lead, dateId, 3));
    await join(friend, inviteCode);
  });

  it('shows the booker and a friend who joined the same list: the booker first, each name and two states, and the open seats', async () => {
    const [{ starts_at: start }] = (await h.db.query<{ starts_at: Date | string }>('select starts_at from calendar_dates where id = $1', [
      dateId,
    ])) as [{ starts_at: Date | string }];
    const seenByLead = await party(lead, dateId);
    expect(seenByLead).toEqual({
      status: 200,
      body: {
        dateId,
        bookingId: expect.stringMatching(/^bk_/),
        title: 'Ski & Splitboard Touring Day',
        startsAt: new Date(start).toISOString(),
        youPaid: true,
        paid: { amount: 75_000, currency: 'usd' },
        canChangeDate: false,
        members: [
          { name: 'Avery Lund', you: true, survey: 'done', waiver: 'signed' },
          { name: emailName(friend), you: false, survey: 'missing', waiver: 'missing' },
        ],
        joining: [],
        openSpots: 1,
      },
    });
    const seenByFriend = await party(friend, dateId);
    expect(seenByFriend.status).toBe(200);
    // The friend reads what the trip is and when, not what the payer paid.
    expect(seenByFriend.body).toMatchObject({ title: 'Ski & Splitboard Touring Day', startsAt: new Date(start).toISOString(), paid: null });
    expect(seenByFriend.body.members).toEqual([
      { name: 'Avery Lund', you: false, survey: 'done', waiver: 'signed' },
      { name: emailName(friend), you: true, survey: 'missing', waiver: 'missing' },
    ]);
    expect(seenByFriend.body.openSpots).toBe(1);
  });

  it('flips a member to done and signed as they answer the survey and sign the waiver', async () => {
    expect((await h.json('PUT', `/users/user/${friend.uid}`, { token: friend.token, body: { survey: SURVEY } })).status).toBe(200);
    expect((await party(lead, dateId)).body.members[1]).toMatchObject({ survey: 'done', waiver: 'missing' });
    expect(
      (await h.json('PUT', `/users/user/${friend.uid}`, { token: friend.token, body: { signature: SIGNATURE, agreed: true } })).status,
    ).toBe(200);
    const after = await party(lead, dateId);
    expect(after.body.members).toEqual([
      { name: 'Avery Lund', you: true, survey: 'done', waiver: 'signed' },
      { name: emailName(friend), you: false, survey: 'done', waiver: 'signed' },
    ]);
  });

  it('counts a signature of an older waiver text as missing once a new text is in force', async () => {
    const nextEdition = waiverEdition({
      ...WAIVER_DOCUMENT,
      version: '2099-01',
      intro: [...WAIVER_DOCUMENT.intro, 'This version adds a note on spring conditions.'],
    });
    const released = await harness({ waiver: nextEdition, db: h.db, bookingCutoffHours: 0 });
    expect((await party(lead, dateId, released)).body.members[1]).toMatchObject({ survey: 'done', waiver: 'missing' });
    // The text in force before still counts with the API that publishes it.
    expect((await party(lead, dateId)).body.members[1]).toMatchObject({ waiver: 'signed' });
  });

  it('counts a signature whose season ends before the trip as missing', async () => {
    const nextSeason = await freeDate(
      h,
      'winter-day-tours',
      (entry) => entry.date._seconds * 1000 > waiverCoversUntil(new Date()).getTime(),
    );
    const booked = await book(lead, nextSeason.id, 2);
    await join(friend, booked.inviteCode);
    const later = await party(friend, nextSeason.id);
    expect(later.body.members).toEqual([
      { name: 'Avery Lund', you: false, survey: 'done', waiver: 'missing' },
      { name: emailName(friend), you: true, survey: 'done', waiver: 'missing' },
    ]);
    expect(later.body.openSpots).toBe(0);
  });

  it('tells nothing personal: no e-mail, phone, uid, survey answer or signature', async () => {
    await h.json('PUT', `/authUsers/authUser/${lead.uid}`, {
      token: lead.token,
      body: { userData: { displayName: 'Avery Lund', email: lead.email, phoneNumber: '+14355550142' } },
    });
    const text = JSON.stringify((await party(friend, dateId)).body);
    for (const secret of [
      lead.email,
      friend.email,
      lead.uid,
      friend.uid,
      '4355550142',
      SURVEY.emergencyContactName,
      SURVEY.emergencyContactNumber,
      'Snowmobile',
      SIGNATURE.slice(22, 60),
      inviteCode,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys((await party(friend, dateId)).body.members[0]!).sort()).toEqual(['name', 'survey', 'waiver', 'you']);
  });

  it('answers 403 to anyone who is not a member, for a real date and an unknown one alike', async () => {
    const stranger = await customer('Sam Ortiz');
    for (const id of [dateId, 'tour-no-such-date']) {
      expect(await party(stranger, id)).toEqual({
        status: 403,
        body: { error: 'You are not a member of this party.', message: 'You are not a member of this party.' },
      });
    }
  });

  it('answers 401 signed out, and 400 for a date id with a control character', async () => {
    expect(await party(null, dateId)).toMatchObject({ status: 401, body: { error: 'No authenticated user found' } });
    for (const id of ['%00', 'tour%00x', '%1B', '%7F']) {
      const answer = await h.json('GET', `/parties/${id}`, { token: lead.token });
      expect(answer, id).toMatchObject({ status: 400, body: { error: 'The address contains a character that is not allowed.' } });
    }
  });

  it('answers the same to a repeated call', async () => {
    expect(await party(lead, dateId)).toEqual(await party(lead, dateId));
  });
});

describe('a friend on their way in', () => {
  const startJoining = (user: TestUser, inviteCode: string) =>
    h.json('POST', '/calendar/invite/joining', { token: user.token, body: { inviteCode } });

  it('shows a friend who signed in from the invite link as joining, in place of an open spot, until they join', async () => {
    const dateId = await dateThisSeason();
    const lead = await booker('Avery Lund');
    const { inviteCode } = await book(lead, dateId, 3);
    const sam = await customer('Sam Reed');
    const jo = await customer();

    expect((await startJoining(sam, inviteCode)).status).toBe(200);
    expect((await startJoining(sam, inviteCode)).status).toBe(200);
    expect((await party(lead, dateId)).body).toMatchObject({ joining: ['Sam Reed'], openSpots: 2 });

    // The payer saying so changes nothing; nor does a code of no booking.
    expect((await startJoining(lead, inviteCode)).status).toBe(200);
    expect((await startJoining(jo, 'NOSUCHCODE1')).status).toBe(404);
    expect((await party(lead, dateId)).body.joining).toEqual(['Sam Reed']);

    await join(sam, inviteCode);
    await startJoining(jo, inviteCode);
    const after = (await party(lead, dateId)).body;
    expect(after.members.map((member) => member.name)).toEqual(['Avery Lund', 'Sam Reed']);
    expect(after).toMatchObject({ joining: [emailName(jo)], openSpots: 1 });
    // Once in, saying so again does not mark them joining.
    expect((await startJoining(sam, inviteCode)).status).toBe(200);
    expect((await party(lead, dateId)).body.joining).toEqual([emailName(jo)]);
  });

  it('shows no more friends joining than there are open spots', async () => {
    const dateId = await dateThisSeason();
    const lead = await booker('Avery Lund');
    const { inviteCode } = await book(lead, dateId, 2);
    const first = await customer('First Friend');
    const second = await customer('Second Friend');
    await startJoining(first, inviteCode);
    await startJoining(second, inviteCode);
    expect((await party(lead, dateId)).body).toMatchObject({ joining: ['First Friend'], openSpots: 1 });
  });

  it('answers 401 signed out', async () => {
    const signedOut = await h.json('POST', '/calendar/invite/joining', { body: { inviteCode: 'ABCDEFGHJK' } });
    expect(signedOut.status).toBe(401);
  });
});

describe('a booking that was not paid, or was refunded, is no party', () => {
  it('answers 403 to the holder of an unpaid, released hold', async () => {
    const holder = await booker('Rory Peaks');
    const date = await freeDate(h, 'winter-day-tours');
    const first = await h.json('POST', '/stripe/create-payment-intent', {
      token: holder.token,
      body: intentBody(holder, date, 'winter-day-tours', 'price_tour_ski', 2),
    });
    expect(first.status).toBe(200);
    expect((await party(holder, date.id)).status).toBe(403);
    // A newer hold elsewhere releases this one.
    const other = await freeDate(h, 'winter-day-tours', (entry) => entry.id !== date.id);
    await h.json('POST', '/stripe/create-payment-intent', {
      token: holder.token,
      body: intentBody(holder, other, 'winter-day-tours', 'price_tour_ski', 1),
    });
    const [row] = await h.db.query<{ status: string }>('select status from bookings where user_id = $1 and date_id = $2', [
      holder.uid,
      date.id,
    ]);
    expect(row?.status).toBe('released');
    expect((await party(holder, date.id)).status).toBe(403);
  });

  it('answers 403 to the booker and the friends once the booking is refunded', async () => {
    const lead = await booker('Jules Ridge');
    const pal = await customer('Kit Larsen');
    const date = await freeDate(h, 'winter-day-tours');
    const { bookingId, inviteCode } = await book(lead, date.id, 2);
    await join(pal, inviteCode);
    expect((await party(pal, date.id)).status).toBe(200);
    const [paid] = await h.db.query<{ payment_intent_id: string; amount: number; currency: string }>(
      'select payment_intent_id, amount, currency from bookings where id = $1',
      [bookingId],
    );
    await recordPaymentEvent(
      h.db,
      {
        eventId: `evt_refund_${bookingId}`,
        type: 'refunded',
        intentId: paid!.payment_intent_id,
        amount: paid!.amount,
        amountRefunded: paid!.amount,
        currency: paid!.currency,
      },
      { cutoffHours: 12 },
    );
    for (const member of [lead, pal]) expect((await party(member, date.id)).status).toBe(403);
  });
});
