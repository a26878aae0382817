/**
 * The waitlist of a full date: a party waits as a party; seats that come free are offered to the
 * first entry whose whole party fits, held like a checkout's; an offer that lapses moves on; an
 * offer and a checkout never both get the last seat; two API instances offer a seat once; the
 * offer's checkout pays the held seats at the price when offered; a call-off closes the list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import type { OfferCheckoutAnswer, WaitlistEntryAnswer } from '../../shared/contract/waitlist.ts';
import type { WaitlistRowAnswer } from '../../shared/contract/waitlist.ts';
import { WAITLIST_PARTY_MESSAGE } from '../../shared/contract/waitlist.ts';
import { composeMail, type QueuedMail } from '../../api/mail/compose.ts';
import { NOT_ENOUGH_SEATS, offerFreedSeats } from '../../api/waitlist/offers.ts';
import { sweepHolds } from '../../api/sweeps.ts';
import { firebaseIdentity } from '../../api/identity.ts';
import { OFFER_ENDED, offerStandsMessage } from '../../api/bookings/holds.ts';
import { currentWaiverEdition } from '../../api/users/waiver-edition.ts';
import { formatDenverDate, formatDenverTime } from '../../shared/rules/dates.ts';
import { placeWords } from '../../shared/rules/waitlist.ts';
import { denverDay } from '../../shared/rules/dates.ts';
import { cutoffSeconds } from '../../shared/rules/seat-rules.ts';
import {
  freeDate,
  harness,
  inviteCodeOf,
  newUser,
  holdDate,
  intentBody,
  PAYING_CARD,
  payForDate,
  PROJECT_ID,
  readyUser,
  SITE_URL,
  type Harness,
  type TestUser,
} from './harness.ts';
import { paidBooking } from './paid-booking.ts';
import { staffMember } from './staff.ts';

const CLASSES = 'winter-classes';
const SETTINGS = {
  cutoffHours: 0,
  provider: 'local',
  waiverVersion: currentWaiverEdition.version,
  holdLimit: { max: 100, windowSeconds: 3600 },
};

/** What the hold sweep carries out with: the harness's database and provider, and the settings the waitlist offers by. */
const SWEEP = () => ({
  db: h.db,
  payments: h.payments,
  bookingCutoffHours: SETTINGS.cutoffHours,
  waiver: { version: SETTINGS.waiverVersion },
  limits: { paymentIntents: SETTINGS.holdLimit },
});

/** The Sunday that starts the Kamas week of `instant`, as the waitlist's nearby dates count weeks. */
const denverWeekOf = (instant: number) => {
  const day = new Date(`${denverDay(instant)}T12:00:00Z`);
  return denverDay(new Date(day.getTime() - day.getUTCDay() * 86_400_000 + 7 * 3_600_000));
};

let h: Harness;
let operator: TestUser;

beforeAll(async () => {
  h = await harness({ bookingCutoffHours: 0 });
  operator = await staffMember('operator');
});

/** A class date of its own with `capacity` seats. */
async function classDate(capacity: number): Promise<CalendarEntry> {
  const date = await freeDate(h, CLASSES, (entry) => Boolean(entry.stripeId));
  await h.db.query(`update calendar_dates set capacity = $2 where id = $1`, [date.id, capacity]);
  h.cache.clear();
  return date;
}

const priceOf = (date: CalendarEntry) => date.stripeId ?? '';
const join = (user: TestUser, date: CalendarEntry, partySize: number, nearby = false) =>
  h.json<{ entryId: string; message?: string }>('POST', '/waitlist', {
    token: user.token,
    body: { dateId: date.id, priceId: priceOf(date), partySize, nearby },
  });
const waitsOf = async (user: TestUser) =>
  (await h.json<{ waits: WaitlistEntryAnswer[] }>('GET', `/users/user/${user.uid}/waits`, { token: user.token })).body.waits;
const offersOn = (dateId: string) =>
  h.db.query<{ id: string; user_id: string; seats: number; status: string }>(
    `select id, user_id, seats, status from waitlist_offers where date_id = $1 order by created_at`,
    [dateId],
  );
const offerMail = (offerId: string) =>
  h.db.query<QueuedMail & Record<string, unknown>>(
    `select id, kind, recipient_uid, booking_id, facts from mail_outbox where facts->>'offerId' = $1 order by kind`,
    [offerId],
  );
async function cancel(user: TestUser, bookingId: string) {
  const quote = await h.json<{ quoteId: string }>('GET', `/bookings/${bookingId}/cancellation`, { token: user.token });
  const done = await h.json('POST', `/bookings/${bookingId}/cancellation`, { token: user.token, body: { quoteId: quote.body.quoteId } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}
async function spotsLeft(date: CalendarEntry): Promise<number> {
  const { body } = await h.json<CalendarEntry[]>('GET', `/calendar/${CLASSES}`);
  const entry = body.find((item) => item.id === date.id);
  return (entry?.partySize ?? 0) - (entry?.users.length ?? 0);
}
/** Ends an offer's time now, as if its window had passed. */
const runOut = async (offerId: string) => {
  await h.db.query(`update waitlist_offers set expires_at = now() - interval '1 second' where id = $1`, [offerId]);
  await h.db.query(`update bookings set hold_expires_at = now() - interval '1 second' where waitlist_offer = $1`, [offerId]);
};

describe('joining the waitlist', () => {
  it('takes a party of 1 to 4 on a full date only, once per customer, and tells the place in line', async () => {
    const date = await classDate(2);
    const rider = await readyUser(h, 'Wren Waits');
    expect(await join(rider, date, 2)).toMatchObject({
      status: 409,
      body: { message: 'This date still has 2 spots left: you can book it now.' },
    });
    await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 2 });

    expect(await join(rider, date, 0)).toMatchObject({ status: 400, body: { message: WAITLIST_PARTY_MESSAGE } });
    expect(await join(rider, date, 5)).toMatchObject({ status: 400, body: { message: WAITLIST_PARTY_MESSAGE } });
    expect((await h.json('POST', '/waitlist', { body: { dateId: date.id, priceId: priceOf(date), partySize: 1 } })).status).toBe(401);
    // A body past the limit every route group keeps is refused unread.
    const huge = await h.call('POST', '/waitlist', {
      token: rider.token,
      body: { dateId: date.id, priceId: priceOf(date), partySize: 1, padding: 'x'.repeat(8 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);

    const first = await join(rider, date, 2);
    expect(first.status).toBe(200);
    const again = await join(rider, date, 3, true);
    expect(again.body.entryId).toBe(first.body.entryId);
    const second = await readyUser(h, 'Sol Second');
    expect((await join(second, date, 1)).status).toBe(200);

    expect(await waitsOf(rider)).toMatchObject([
      { id: first.body.entryId, dateId: date.id, partySize: 3, nearby: true, place: 1, offer: null },
    ]);
    const [secondWait] = await waitsOf(second);
    expect(placeWords(secondWait?.place ?? 0, secondWait?.partySize ?? 0)).toBe('2nd in line for 1 seat');
    // Nobody else's waits.
    expect((await h.json('GET', `/users/user/${rider.uid}/waits`, { token: second.token })).status).toBe(403);
    expect((await h.json('DELETE', `/waitlist/${first.body.entryId}`, { token: second.token })).status).toBe(404);
  });
});

describe('the confirmation of a wait', () => {
  it('is written once with the wait and says where the party waits; asking again writes none, and a wait that ended is not confirmed', async () => {
    const date = await classDate(1);
    await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    const rider = await readyUser(h, 'Jo Joiner');
    const first = await join(rider, date, 2, true);
    expect(first.status).toBe(200);
    await join(rider, date, 3, true);
    const written = await h.db.query<QueuedMail & Record<string, unknown>>(
      `select id, kind, recipient_uid, booking_id, facts from mail_outbox where kind = 'waitlist-joined' and recipient_uid = $1`,
      [rider.uid],
    );
    expect(written).toHaveLength(1);
    const mail = written[0] as QueuedMail;
    const composed = await composeMail(h.db, mail, { siteUrl: SITE_URL, waiverVersion: '' });
    if (!('send' in composed)) throw new Error(`not sent: ${composed.skip}`);
    expect(composed.send.subject).toBe(`You are on the waitlist for ${formatDenverDate(date.date._seconds * 1000)}`);
    expect(composed.send.text).toContain('Hi Jo Joiner, you are on the waitlist for');
    expect(composed.send.text).toContain('for 3 people, and a nearby date of the same week would do too.');
    expect(composed.send.text).toContain('Your place in line is on My Bookings');

    expect((await h.json('DELETE', `/waitlist/${first.body.entryId}`, { token: rider.token })).status).toBe(200);
    expect(await composeMail(h.db, mail, { siteUrl: SITE_URL, waiverVersion: '' })).toEqual({ skip: 'wait left' });
  });
});

describe('the line belongs to real customers', () => {
  it('takes only a customer who has what a booking needs, in the words a checkout hold uses', async () => {
    const date = await classDate(1);
    await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    const throwaway = await newUser();
    const refused = await join(throwaway, date, 1);
    expect(refused).toMatchObject({ status: 403, body: { message: expect.stringMatching(/^Before booking, please /) } });
    const hold = await h.json<{ message: string }>('POST', '/stripe/create-payment-intent', {
      token: throwaway.token,
      body: intentBody(throwaway, date, CLASSES, priceOf(date)),
    });
    expect(hold.body.message).toBe(refused.body.message);
    expect(await h.db.query(`select 1 from waitlist_entries where user_id = $1`, [throwaway.uid])).toEqual([]);
  });

  it('passes over, keeping its place, a party no longer ready, and offers one date at a time', async () => {
    const first = await classDate(1);
    const bookedFirst = await paidBooking(h, { date: first, calendar: CLASSES, priceId: priceOf(first), partySize: 1 });
    const second = await classDate(1);
    const bookedSecond = await paidBooking(h, { date: second, calendar: CLASSES, priceId: priceOf(second), partySize: 1 });
    const lapsedWaiver = await readyUser(h, 'Lu Lapsed');
    const twice = await readyUser(h, 'Tao Twice');
    const behind = await readyUser(h, 'Bea Behind');
    for (const [user, date] of [
      [lapsedWaiver, first],
      [twice, first],
      [twice, second],
      [behind, second],
    ] as const) {
      expect((await join(user, date, 1)).status).toBe(200);
    }
    // Their waiver no longer counts (a new season, a text replaced): they keep their place, and are not offered seats.
    await h.db.query(`delete from waiver_signatures where user_id = $1`, [lapsedWaiver.uid]);
    await h.db.query(`update users set signature = null, agreed = false where uid = $1`, [lapsedWaiver.uid]);
    await cancel(bookedFirst.payer, bookedFirst.bookingId);
    await cancel(bookedSecond.payer, bookedSecond.bookingId);
    expect(await offersOn(first.id)).toMatchObject([{ user_id: twice.uid, status: 'open' }]);
    // Holding seats on one date, the party waiting for another is passed over there: the next in line has them.
    expect(await offersOn(second.id)).toMatchObject([{ user_id: behind.uid, status: 'open' }]);
    expect((await waitsOf(lapsedWaiver)).map((wait) => [wait.dateId, wait.place, wait.offer])).toEqual([[first.id, 1, null]]);
  });

  it('offers the seat past a long run of parties no longer ready, each keeping its place', async () => {
    const date = await classDate(1);
    const booked = await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    const lapsed = await Promise.all(Array.from({ length: 11 }, (_, index) => readyUser(h, `Lapsed ${index + 1}`)));
    const ready = await readyUser(h, 'Rae Ready');
    for (const user of [...lapsed, ready]) expect((await join(user, date, 1)).status).toBe(200);
    await h.db.query(`delete from waiver_signatures where user_id = any($1::text[])`, [lapsed.map((user) => user.uid)]);
    await cancel(booked.payer, booked.bookingId);
    expect(await offersOn(date.id)).toMatchObject([{ user_id: ready.uid, status: 'open' }]);
    expect((await waitsOf(lapsed[10]!)).map((wait) => [wait.place, wait.offer])).toEqual([[11, null]]);
  });

  it("counts an offer as one of the customer's new holds, and passes over, keeping their place, one who has used them all", async () => {
    const limited = await harness({ bookingCutoffHours: 0, db: h.db, limits: { paymentIntents: { max: 2, windowSeconds: 3600 } } });
    const date = await classDate(1);
    const booked = await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    const elsewhere = await classDate(4);
    const spent = await readyUser(h, 'Sol Spent');
    const next = await readyUser(h, 'Nia Next');
    for (const user of [spent, next]) expect((await join(user, date, 1)).status).toBe(200);
    // Two checkouts this hour, both left to run out: the limit of new holds is used up.
    for (const partySize of [1, 2])
      expect((await holdDate(limited, spent, elsewhere, CLASSES, priceOf(elsewhere), partySize)).status).toBe(200);
    await h.db.query(`update bookings set hold_expires_at = now() - interval '1 second' where user_id = $1 and status = 'held'`, [
      spent.uid,
    ]);

    const quote = await limited.json<{ quoteId: string }>('GET', `/bookings/${booked.bookingId}/cancellation`, {
      token: booked.payer.token,
    });
    const cancelled = await limited.json('POST', `/bookings/${booked.bookingId}/cancellation`, {
      token: booked.payer.token,
      body: { quoteId: quote.body.quoteId },
    });
    expect(cancelled.status).toBe(200);
    expect(await offersOn(date.id)).toMatchObject([{ user_id: next.uid, status: 'open' }]);
    expect((await waitsOf(spent)).map((wait) => [wait.place, wait.offer])).toEqual([[1, null]]);
    // The offer was one of the two new holds the customer may make this hour: one checkout more, then no more.
    expect((await holdDate(limited, next, elsewhere, CLASSES, priceOf(elsewhere), 1)).status).toBe(200);
    expect(await holdDate(limited, next, elsewhere, CLASSES, priceOf(elsewhere), 2)).toMatchObject({
      status: 429,
      body: { message: expect.stringContaining('You have started checkout too many times.') },
    });
  });

  it('counts joins by customer and by address', async () => {
    const limited = await harness({ bookingCutoffHours: 0, db: h.db, limits: { waitlistJoins: { max: 2, windowSeconds: 3600 } } });
    const date = await classDate(1);
    await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    const eager = await readyUser(h, 'Eli Eager');
    const body = { dateId: date.id, priceId: priceOf(date), partySize: 1, nearby: false };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      statuses.push((await limited.json('POST', '/waitlist', { token: eager.token, body })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const crowded = await harness({
      bookingCutoffHours: 0,
      db: h.db,
      remoteAddress: '203.0.113.77',
      limits: { holdsPerAddress: { max: 1, windowSeconds: 3600 } },
    });
    const [one, two] = [await readyUser(h, 'Ona One'), await readyUser(h, 'Tom Two')];
    expect((await crowded.json('POST', '/waitlist', { token: one.token, body })).status).toBe(200);
    expect(await crowded.json('POST', '/waitlist', { token: two.token, body })).toMatchObject({
      status: 429,
      body: { message: expect.stringContaining('Too many waitlists have been joined from this network.') },
    });
  });
});

/**
 * A class date of three seats, full with a party of two and a single booking, and two ready customers
 * on its waitlist (a name and a party size each), in that order.
 */
async function fullClassWithTwoWaiting(first: [name: string, partySize: number], second: [name: string, partySize: number]) {
  const date = await classDate(3);
  const pair = await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 2 });
  const single = await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
  const [firstWaiting, secondWaiting] = [await readyUser(h, first[0]), await readyUser(h, second[0])];
  expect((await join(firstWaiting, date, first[1])).status).toBe(200);
  expect((await join(secondWaiting, date, second[1])).status).toBe(200);
  return { date, pair, single, firstWaiting, secondWaiting };
}

describe('seats that come free', () => {
  it('go to the first entry whose party fits, held as a checkout holds them; one that does not fit keeps its place', async () => {
    const { date, single, firstWaiting: couple, secondWaiting: solo } = await fullClassWithTwoWaiting(['Cam Couple', 2], ['Sky Solo', 1]);

    await cancel(single.payer, single.bookingId);

    const offers = await offersOn(date.id);
    expect(offers).toMatchObject([{ user_id: solo.uid, seats: 1, status: 'open' }]);
    expect(await spotsLeft(date)).toBe(0);
    const [coupleWait] = await waitsOf(couple);
    expect(coupleWait).toMatchObject({ place: 1, offer: null });
    const [soloWait] = await waitsOf(solo);
    expect(soloWait?.offer).toMatchObject({ id: offers[0]?.id, dateId: date.id });

    // The offer is told once, with the reminder due half an hour before it ends.
    const mail = await offerMail(offers[0]?.id ?? '');
    expect(mail.map((row) => row.kind)).toEqual(['waitlist-offer', 'waitlist-offer-ending']);
    const composed = await composeMail(h.db, mail[0] as QueuedMail, { siteUrl: SITE_URL, waiverVersion: '' });
    if (!('send' in composed)) throw new Error(`skipped: ${composed.skip}`);
    expect(composed.send.subject).toMatch(/^Seats are free for you: /);
    expect(composed.send.text).toContain(`${SITE_URL}/checkout?offer=${offers[0]?.id}`);
    const ending = await composeMail(h.db, mail[1] as QueuedMail, { siteUrl: SITE_URL, waiverVersion: '' });
    const endsAt = soloWait?.offer ? new Date(soloWait.offer.expiresAt) : new Date();
    expect('send' in ending && ending.send.subject).toBe(`Your offer ends at ${formatDenverTime(endsAt)}`);
    expect(endsAt.getTime() - Date.now()).toBeGreaterThan(119 * 60_000);

    // Another sweep offers nothing more.
    expect((await offerFreedSeats(h.db, SETTINGS)).offered).toBe(0);
  });

  it('are paid through the offer at the price when offered, held until the offer ends; the wait ends and My Bookings shows the booking', async () => {
    const date = await classDate(1);
    const booked = await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    const rider = await readyUser(h, 'Pat Pays');
    const stranger = await readyUser(h, 'Stan Stranger');
    await join(rider, date, 1);
    await cancel(booked.payer, booked.bookingId);
    const [offer] = await offersOn(date.id);
    if (!offer) throw new Error('no offer');
    const [{ unit_amount: offeredAt } = { unit_amount: 0 }] = await h.db.query<{ unit_amount: number }>(
      `select unit_amount from waitlist_offers where id = $1`,
      [offer.id],
    );
    await h.db.query(`update prices set unit_amount = unit_amount + 5000 where id = $1`, [priceOf(date)]);

    const seen = await h.json<OfferCheckoutAnswer>('GET', `/waitlist/offers/${offer.id}`, { token: rider.token });
    expect(seen.body).toMatchObject({ state: 'open', dateId: date.id, partySize: 1, amount: offeredAt, calendar: CLASSES });
    expect((await h.json('GET', `/waitlist/offers/${offer.id}`, { token: stranger.token })).status).toBe(404);
    const theirs = await h.json<{ message: string }>('POST', '/stripe/create-payment-intent', {
      token: stranger.token,
      body: intentBody(stranger, date, CLASSES, priceOf(date), 1, { offerId: offer.id }),
    });
    expect(theirs).toMatchObject({ status: 409, body: { message: OFFER_ENDED } });
    // A checkout of its own finds the date full: the seat is held for the offer.
    expect((await holdDate(h, stranger, date, CLASSES, priceOf(date))).status).toBe(409);

    const intent = await h.json<{ clientSecret: string; amount: number; expiresAt: string }>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, date, CLASSES, priceOf(date), 1, { offerId: offer.id }),
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    expect(intent.body.amount).toBe(offeredAt);
    expect(intent.body.expiresAt).toBe(seen.body.expiresAt);
    const paid = await h.json('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { clientSecret: intent.body.clientSecret, ...PAYING_CARD },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await h.db.query(`update prices set unit_amount = unit_amount - 5000 where id = $1`, [priceOf(date)]);

    expect(await offersOn(date.id)).toMatchObject([{ status: 'accepted' }]);
    expect(await waitsOf(rider)).toEqual([]);
    const mine = await h.db.query<{ status: string; amount: number }>(
      `select status, amount from bookings where user_id = $1 and date_id = $2`,
      [rider.uid, date.id],
    );
    expect(mine).toEqual([{ status: 'paid', amount: offeredAt }]);
  });

  it("are paid by a checkout of the customer's own on the date, and never offered twice meanwhile", async () => {
    const date = await classDate(2);
    const booked = await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    const rider = await readyUser(h, 'Ona Otherway');
    const next = await readyUser(h, 'Nell Next');
    await join(rider, date, 1);
    await join(next, date, 1);
    await cancel(booked.payer, booked.bookingId);
    expect(await offersOn(date.id)).toMatchObject([{ user_id: rider.uid, status: 'open' }]);
    // A checkout for another party size on the date is refused, pointing to the offer; its seat stays held.
    const bigger = await holdDate(h, rider, date, CLASSES, priceOf(date), 2);
    expect(bigger).toMatchObject({ status: 409, body: { message: offerStandsMessage(1) } });
    // A checkout of their own for the same party pays the offer: its seat is theirs, and nobody else is offered it.
    const hold = await holdDate(h, rider, date, CLASSES, priceOf(date));
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    expect((await offerFreedSeats(h.db, SETTINGS)).offered).toBe(0);
    expect(await offersOn(date.id)).toMatchObject([{ user_id: rider.uid, status: 'open' }]);
    const paid = await payForDate(h, rider, date, CLASSES, priceOf(date));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await offersOn(date.id)).toMatchObject([{ status: 'accepted' }]);
    expect(await waitsOf(rider)).toEqual([]);
    expect(await spotsLeft(date)).toBe(0);
  });

  it('end when the customer joins a party on the date by its invite, and an offer of theirs goes to the next in line', async () => {
    const {
      date,
      pair: lead,
      single: filler,
      firstWaiting: friend,
      secondWaiting: next,
    } = await fullClassWithTwoWaiting(['Ivy Invited', 1], ['Nia Next', 1]);
    await cancel(filler.payer, filler.bookingId);
    expect(await offersOn(date.id)).toMatchObject([{ user_id: friend.uid, status: 'open' }]);

    // The friend takes the lead's unnamed seat by the invite instead: their wait ends, and the offer's seat goes on.
    const inviteCode = await inviteCodeOf(h, lead.payer, CLASSES, date.id);
    const joined = await h.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(await waitsOf(friend)).toEqual([]);
    expect(await offersOn(date.id)).toMatchObject([
      { user_id: friend.uid, status: 'withdrawn' },
      { user_id: next.uid, status: 'open' },
    ]);
  });

  it('are offered at a cancellation on the date it freed alone; seats free elsewhere wait for the sweep', async () => {
    const elsewhere = await classDate(1);
    await paidBooking(h, { date: elsewhere, calendar: CLASSES, priceId: priceOf(elsewhere), partySize: 1 });
    const waitingElsewhere = await readyUser(h, 'Wes Elsewhere');
    await join(waitingElsewhere, elsewhere, 1);
    // A seat comes free there without a request that says so (a change the sweep finds).
    await h.db.query(`update calendar_dates set capacity = 2 where id = $1`, [elsewhere.id]);
    const date = await classDate(1);
    const booked = await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    const rider = await readyUser(h, 'Rae Right-here');
    await join(rider, date, 1);
    await cancel(booked.payer, booked.bookingId);
    expect(await offersOn(date.id)).toMatchObject([{ user_id: rider.uid, status: 'open' }]);
    expect(await offersOn(elsewhere.id)).toEqual([]);
    await offerFreedSeats(h.db, SETTINGS);
    expect(await offersOn(elsewhere.id)).toMatchObject([{ user_id: waitingElsewhere.uid, status: 'open' }]);
  });

  it('go to the next entry that fits when an offer lapses or is declined', async () => {
    const date = await classDate(2);
    const booked = await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 2 });
    const [first, second, third] = [await readyUser(h, 'Fay First'), await readyUser(h, 'Sid Second'), await readyUser(h, 'Tia Third')];
    await join(first, date, 2);
    await join(second, date, 2);
    const thirdEntry = await join(third, date, 2);
    await cancel(booked.payer, booked.bookingId);
    const [firstOffer] = await offersOn(date.id);
    expect(firstOffer).toMatchObject({ user_id: first.uid });

    await runOut(firstOffer?.id ?? '');
    // The hold sweep ends the offer with its hold, in one step, and the seats go to the next at once.
    expect(await sweepHolds(SWEEP(), firebaseIdentity(PROJECT_ID))).toBe(1);
    expect(await offersOn(date.id)).toMatchObject([
      { user_id: first.uid, status: 'lapsed' },
      { user_id: second.uid, status: 'open' },
    ]);
    expect(await waitsOf(first)).toEqual([]);
    // The first party is told its place has ended, once.
    const lapsedMail = await h.db.query<QueuedMail & Record<string, unknown>>(
      `select id, kind, recipient_uid, booking_id, facts from mail_outbox where kind = 'waitlist-offer-lapsed' and recipient_uid = $1`,
      [first.uid],
    );
    expect(lapsedMail).toHaveLength(1);
    const told = await composeMail(h.db, lapsedMail[0] as QueuedMail, { siteUrl: SITE_URL, waiverVersion: '' });
    expect('send' in told && told.send.subject).toBe(`Your offer for ${formatDenverDate(new Date(date.date._seconds * 1000))} has ended`);
    expect('send' in told && told.send.text).toContain(`${SITE_URL}/booking/avalanche-class`);
    expect(await h.json<OfferCheckoutAnswer>('GET', `/waitlist/offers/${firstOffer?.id}`, { token: first.token })).toMatchObject({
      body: { state: 'lapsed' },
    });

    // Declined: the second leaves, and the seats go to the third at once.
    const [secondWait] = await waitsOf(second);
    expect((await h.json('DELETE', `/waitlist/${secondWait?.id}`, { token: second.token })).body).toEqual({ left: true });
    expect((await h.json('DELETE', `/waitlist/${secondWait?.id}`, { token: second.token })).body).toEqual({ left: false });
    expect(await offersOn(date.id)).toMatchObject([{ status: 'lapsed' }, { status: 'declined' }, { user_id: third.uid, status: 'open' }]);
    expect((await waitsOf(third))[0]).toMatchObject({ id: thirdEntry.body.entryId, offer: { dateId: date.id } });
  });

  it('are offered once, with two API instances sweeping at the same time', async () => {
    const date = await classDate(2);
    const booked = await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 2 });
    const waiters = [await readyUser(h, 'Una One'), await readyUser(h, 'Tom Two'), await readyUser(h, 'Tess Three')];
    for (const waiter of waiters) await join(waiter, date, 1);
    // The cancellation is recorded without its after-commit offers, so both instances find the seats free.
    await h.db.query(`update bookings set status = 'cancelled' where id = $1`, [booked.bookingId]);
    const second = await harness({ db: h.db, bookingCutoffHours: 0 });
    const rounds = await Promise.all([
      offerFreedSeats(h.db, SETTINGS),
      offerFreedSeats(second.db, SETTINGS),
      offerFreedSeats(h.db, SETTINGS),
    ]);
    expect(rounds.reduce((sum, round) => sum + round.offered, 0)).toBe(2);
    const offers = await offersOn(date.id);
    expect(offers.map((offer) => offer.user_id)).toEqual([waiters[0]?.uid, waiters[1]?.uid]);
    const told = await h.db.query(`select 1 from mail_outbox where kind = 'waitlist-offer' and facts->>'offerId' = any($1::text[])`, [
      offers.map((offer) => offer.id),
    ]);
    expect(told).toHaveLength(2);
  });

  it('race a new customer for the last seat: exactly one of the offer and the checkout gets it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const date = await classDate(1);
      const booked = await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
      const waiter = await readyUser(h, 'Rae Racer');
      const walkIn = await readyUser(h, 'Will Walkin');
      await join(waiter, date, 1);
      await h.db.query(`update bookings set status = 'cancelled' where id = $1`, [booked.bookingId]);
      const [swept, hold] = await Promise.all([offerFreedSeats(h.db, SETTINGS), holdDate(h, walkIn, date, CLASSES, priceOf(date))]);
      const winners = swept.offered + (hold.status === 200 ? 1 : 0);
      expect(winners, `round ${round}: offered ${swept.offered}, hold ${hold.status}`).toBe(1);
      const [taken] = await h.db.query<{ seats: number }>(
        `select coalesce(sum(party_size), 0)::int as seats from bookings where date_id = $1 and (status = 'paid' or (status = 'held' and hold_expires_at > now()))`,
        [date.id],
      );
      expect(taken?.seats).toBe(1);
    }
  });

  it('are offered at once when an operator raises the capacity, and an operator may offer out of order with a reason', async () => {
    const date = await classDate(1);
    await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    const [big, small] = [await readyUser(h, 'Bea Big'), await readyUser(h, 'Sam Small')];
    const bigEntry = await join(big, date, 3);
    await join(small, date, 1);

    const list = await h.json<{ waitlist: WaitlistRowAnswer[] }>('GET', `/ops/dates/${date.id}/waitlist`, { token: operator.token });
    expect(list.body.waitlist).toMatchObject([
      { name: 'Bea Big', partySize: 3, status: 'waiting', offers: [] },
      { name: 'Sam Small', partySize: 1, status: 'waiting', offers: [] },
    ]);
    expect((await h.json('GET', `/ops/dates/${date.id}/waitlist`, { token: small.token })).status).toBe(403);

    const raised = await h.json<{ changed: boolean; offers: { name: string; seats: number; endsAt: string }[] }>(
      'PUT',
      `/ops/dates/${date.id}/capacity`,
      { token: operator.token, body: { capacity: 2, reason: 'Second guide' } },
    );
    expect(raised.status).toBe(200);
    // One seat free: the party of three does not fit and keeps its place; the single is offered it, and the answer says so.
    expect(await offersOn(date.id)).toMatchObject([{ user_id: small.uid, seats: 1 }]);
    expect(raised.body.offers).toEqual([{ name: 'Sam Small', seats: 1, endsAt: expect.any(String) }]);
    expect(Date.parse(raised.body.offers[0]?.endsAt ?? '')).toBeGreaterThan(Date.now());

    const offer = (body: unknown) =>
      h.json<{ offerId?: string; takenBackFrom?: string[]; message?: string }>(
        'POST',
        `/ops/dates/${date.id}/waitlist/${bigEntry.body.entryId}/offer`,
        {
          token: operator.token,
          body,
        },
      );
    expect(await offer({ reason: ' ' })).toMatchObject({ status: 400 });
    // No seat is free, and the single's offer frees one: too few for three, and nothing changes.
    expect(await offer({ reason: 'Family with a child' })).toMatchObject({ status: 409, body: { message: NOT_ENOUGH_SEATS } });
    expect(await offersOn(date.id)).toMatchObject([{ user_id: small.uid, status: 'open' }]);

    // Two free and the single's seat, which nobody has started to pay: taken back for the three.
    await h.db.query(`update calendar_dates set capacity = 4 where id = $1`, [date.id]);
    const made = await offer({ reason: 'Family with a child' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ takenBackFrom: ['Sam Small'] });
    expect(await offersOn(date.id)).toMatchObject([
      { user_id: small.uid, status: 'withdrawn' },
      { user_id: big.uid, seats: 3, status: 'open' },
    ]);
    expect(await spotsLeft(date)).toBe(0);
    const [recorded] = await h.db.query<{ action: string; reason: string; before: unknown; after: Record<string, unknown> }>(
      `select action, reason, before, after from operator_actions where date_id = $1 and action = 'offer waitlist seats'`,
      [date.id],
    );
    expect(recorded).toMatchObject({ reason: 'Family with a child', before: { offersTakenBack: 1 }, after: { to: 'Bea Big', seats: 3 } });
    const after = await h.json<{ waitlist: WaitlistRowAnswer[] }>('GET', `/ops/dates/${date.id}/waitlist`, { token: operator.token });
    expect(after.body.waitlist).toMatchObject([
      { name: 'Bea Big', status: 'offered', offers: [{ state: 'open', seats: 3, outOfOrder: 'Family with a child' }] },
      { name: 'Sam Small', status: 'waiting', offers: [{ state: 'withdrawn', seats: 1 }] },
    ]);
    // The single is told, and keeps their place.
    const [told] = await h.db.query<QueuedMail & Record<string, unknown>>(
      `select id, kind, recipient_uid, booking_id, facts from mail_outbox where kind = 'waitlist-offer-withdrawn' and recipient_uid = $1`,
      [small.uid],
    );
    const composed = await composeMail(h.db, told as QueuedMail, { siteUrl: SITE_URL, waiverVersion: '' });
    expect('send' in composed && composed.send.subject).toBe(
      `The seats held for you on ${formatDenverDate(new Date(date.date._seconds * 1000))} went to another party`,
    );
    expect((await waitsOf(small))[0]).toMatchObject({ place: 2, offer: null });
  });

  it('are not offered after bookings close, and an offer never runs past the close', async () => {
    const date = await classDate(1);
    const booked = await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    const rider = await readyUser(h, 'Cleo Close');
    await join(rider, date, 1);
    await h.db.query(`update bookings set status = 'cancelled' where id = $1`, [booked.bookingId]);
    const startsAt = date.date._seconds * 1000;
    // With the cut-off a minute ago, nothing is offered; with it a quarter of an hour ahead, the offer ends with it.
    const hoursToStart = () => (startsAt - Date.now()) / 3_600_000;
    const closed = await offerFreedSeats(h.db, { ...SETTINGS, cutoffHours: hoursToStart() + 1 / 60 });
    expect(closed.offered).toBe(0);
    const cutoffHours = hoursToStart() - 0.25;
    const late = await offerFreedSeats(h.db, { ...SETTINGS, cutoffHours });
    expect(late.offered).toBe(1);
    const [offer] = await h.db.query<{ expires_at: Date | string }>(`select expires_at from waitlist_offers where date_id = $1`, [date.id]);
    const closesAt = startsAt - cutoffSeconds(cutoffHours) * 1000;
    expect(new Date(offer?.expires_at ?? 0).getTime()).toBe(closesAt);
  });
});

describe('a nearby date', () => {
  it('is offered to a party that said it would take one: the same activity in the same Kamas week', async () => {
    const TOURS = 'winter-day-tours';
    const TOUR = 'price_tour_ski';
    const week = (entry: CalendarEntry) => denverWeekOf(entry.date._seconds * 1000);
    const { body: tours } = await h.json<CalendarEntry[]>('GET', `/calendar/${TOURS}`);
    const open = tours.filter((entry) => entry.users.length === 0 && entry.date._seconds * 1000 > Date.now() + 2 * 86_400_000);
    const sameWeek = (entry: CalendarEntry) => open.filter((other) => other.id !== entry.id && week(other) === week(entry));
    const first = open.find((entry) => sameWeek(entry).length > 0);
    const second = first && sameWeek(first)[0];
    if (!first || !second) throw new Error('no two open day tours in one week');
    await paidBooking(h, { date: first, calendar: TOURS, priceId: TOUR, partySize: 2 });
    const other = await paidBooking(h, { date: second, calendar: TOURS, priceId: TOUR, partySize: 2 });
    const rider = await readyUser(h, 'Nia Nearby');
    const strict = await readyUser(h, 'Stu Strict');
    const asked = (user: TestUser, nearby: boolean) =>
      h.json('POST', '/waitlist', { token: user.token, body: { dateId: first.id, priceId: TOUR, partySize: 3, nearby } });
    expect((await asked(strict, false)).status).toBe(200);
    expect((await asked(rider, true)).status).toBe(200);

    await cancel(other.payer, other.bookingId);
    // The one ahead waits for its own date only; the nearby date goes to the party that takes one.
    expect(await offersOn(second.id)).toMatchObject([{ user_id: rider.uid, seats: 3, status: 'open' }]);
    const [wait] = await waitsOf(rider);
    expect(wait).toMatchObject({ dateId: first.id, offer: { dateId: second.id } });
    expect((await waitsOf(strict))[0]).toMatchObject({ place: 1, offer: null });
  });
});

describe('a call-off', () => {
  it('closes the waitlist and tells everyone on it, with the dates that still have seats', async () => {
    const date = await classDate(1);
    await paidBooking(h, { date, calendar: CLASSES, priceId: priceOf(date), partySize: 1 });
    const [one, two] = [await readyUser(h, 'Ola One'), await readyUser(h, 'Tai Two')];
    await join(one, date, 1);
    await join(two, date, 2);
    const called = await h.json('POST', `/ops/dates/${date.id}/call-off`, { token: operator.token, body: { reason: 'Storm' } });
    expect(called.status).toBe(200);
    expect(await waitsOf(one)).toEqual([]);
    const mail = await h.db.query<QueuedMail & Record<string, unknown>>(
      `select m.id, m.kind, m.recipient_uid, m.booking_id, m.facts from mail_outbox m
        join waitlist_entries e on e.id = m.facts->>'entryId' where m.kind = 'waitlist-closed' and e.date_id = $1 order by m.recipient_uid`,
      [date.id],
    );
    expect(mail.map((row) => row.recipient_uid).sort()).toEqual([one.uid, two.uid].sort());
    const composed = await composeMail(h.db, mail[0] as QueuedMail, { siteUrl: SITE_URL, waiverVersion: '' });
    if (!('send' in composed)) throw new Error(`skipped: ${composed.skip}`);
    expect(composed.send.subject).toBe(`The waitlist for ${formatDenverDate(new Date(date.date._seconds * 1000))} is closed`);
    expect(composed.send.text).toMatch(/still have seats for \d (person|people):/);
    expect(composed.send.text).toContain(`${SITE_URL}/booking/avalanche-class`);
    // Calling off again tells nobody twice.
    await h.json('POST', `/ops/dates/${date.id}/call-off`, { token: operator.token, body: { reason: 'Storm' } });
    expect(
      await h.db.query(`select 1 from mail_outbox where kind = 'waitlist-closed' and facts->>'entryId' = any($1::text[])`, [
        mail.map((row) => row.facts['entryId']),
      ]),
    ).toHaveLength(2);
  });
});
