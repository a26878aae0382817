/** Seats cannot be squatted: holds only for customers who could ride, a few per address, none for a closed account. */
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepHolds } from '../../api/sweeps.ts';
import { firebaseIdentity } from '../../api/identity.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import {
  freeDate,
  harness,
  intentBody,
  newUser,
  PROJECT_ID,
  readyUser,
  signInAgain,
  SIGNATURE,
  SURVEY,
  type Harness,
  type TestUser,
} from './harness.ts';
import { admin } from './staff.ts';

const identity = firebaseIdentity(PROJECT_ID);

let h: Harness;
beforeAll(async () => {
  h = await harness();
});

const holdClass = (target: Harness, user: TestUser, date: CalendarEntry, partySize: number) =>
  target.json<{ bookingId: string; error: string }>('POST', '/stripe/create-payment-intent', {
    token: user.token,
    body: intentBody(user, date, 'winter-classes', date.stripeId ?? '', partySize),
  });

async function spotsLeft(target: Harness, dateId: string): Promise<number> {
  const { body } = await target.json<CalendarEntry[]>('GET', '/calendar/winter-classes');
  const entry = body.find((candidate) => candidate.id === dateId);
  return (entry?.partySize ?? 0) - (entry?.users.length ?? 0);
}

const statusOf = async (bookingId: string) =>
  (await h.db.query<{ status: string }>('select status from bookings where id = $1', [bookingId]))[0]?.status;

describe('a hold needs a customer who could ride', () => {
  it('refuses a fresh account, naming everything it still has to do, and holds nothing', async () => {
    const fresh = await newUser();
    const date = await freeDate(h, 'winter-classes');
    const refused = await holdClass(h, fresh, date, 2);
    expect(refused).toMatchObject({
      status: 403,
      body: {
        error:
          'Before booking, please complete your profile (name, e-mail and phone), fill in the safety survey and sign the current waiver.',
      },
    });
    expect(await h.db.query('select id from bookings where user_id = $1', [fresh.uid])).toEqual([]);
  });

  it('names only what is missing, step by step', async () => {
    const rider = await newUser();
    const date = await freeDate(h, 'winter-classes');
    const put = (path: string, body: unknown) => h.call('PUT', path, { token: rider.token, body });
    await put(`/authUsers/authUser/${rider.uid}`, {
      userData: { displayName: 'Pat Step', email: rider.email, phoneNumber: '+14355550140' },
    });
    expect((await holdClass(h, rider, date, 1)).body.error).toBe(
      'Before booking, please fill in the safety survey and sign the current waiver.',
    );
    await put(`/users/user/${rider.uid}`, { survey: SURVEY });
    expect((await holdClass(h, rider, date, 1)).body.error).toBe('Before booking, please sign the current waiver.');
    await put(`/users/user/${rider.uid}`, { signature: SIGNATURE, agreed: true });
    expect((await holdClass(h, rider, date, 1)).status).toBe(200);
  });

  it('ten fresh accounts from one address cannot fill a class', async () => {
    const squatter = await harness({ db: h.db, remoteAddress: '198.51.100.99' });
    const date = await freeDate(h, 'winter-classes');
    const before = await spotsLeft(squatter, date.id);
    const accounts = await Promise.all(Array.from({ length: 10 }, () => newUser()));
    const answers = await Promise.all(accounts.map((account) => holdClass(squatter, account, date, 4)));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(10).fill(403));
    expect(await spotsLeft(squatter, date.id)).toBe(before);
  });
});

describe('new holds per client address', () => {
  it('are limited, answered 429; a refused hold is not made and another address is unaffected', async () => {
    const shop = await harness({ db: h.db, limits: { holdsPerAddress: { max: 3, windowSeconds: 3600 } }, remoteAddress: '198.51.100.120' });
    const date = await freeDate(h, 'winter-classes');
    const riders = await Promise.all(Array.from({ length: 4 }, () => readyUser(shop)));
    const answers = [];
    for (const rider of riders) answers.push(await holdClass(shop, rider, date, 1));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]?.body.error).toMatch(
      /^Too many bookings have been started from this network\. Please try again in \d+ (minutes|seconds?)\.$/,
    );
    expect(await h.db.query('select id from bookings where user_id = $1', [riders[3]!.uid])).toEqual([]);
    const elsewhere = await shop.json('POST', '/stripe/create-payment-intent', {
      token: riders[3]!.token,
      body: intentBody(riders[3]!, date, 'winter-classes', date.stripeId ?? '', 1),
      from: '198.51.100.121',
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('a closed account', () => {
  async function holder(date: CalendarEntry): Promise<{ rider: TestUser; bookingId: string }> {
    const rider = await readyUser(h);
    const hold = await holdClass(h, rider, date, 2);
    expect(hold.status).toBe(200);
    return { rider, bookingId: hold.body.bookingId };
  }

  const cancelsOf = (bookingId: string) =>
    h.db.query<{ kind: string; reason: string }>('select kind, reason from payment_outbox where booking_id = $1', [bookingId]);

  it('loses its holds once disabled, signed out everywhere or deleted; other holds stand', async () => {
    const date = await freeDate(h, 'winter-classes');
    const [disabled, revoked, deleted, standing] = [await holder(date), await holder(date), await holder(date), await holder(date)];
    expect(await spotsLeft(h, date.id)).toBe(2);
    await admin.updateUser(disabled.rider.uid, { disabled: true });
    // Signing out everywhere happens a second after the hold at the earliest: the identity service counts whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await admin.revokeRefreshTokens(revoked.rider.uid);
    await admin.deleteUser(deleted.rider.uid);

    expect(await sweepHolds({ db: h.db, payments: h.payments, cache: h.cache }, identity)).toBe(3);
    for (const gone of [disabled, revoked, deleted]) {
      expect(await statusOf(gone.bookingId)).toBe('released');
      expect(await cancelsOf(gone.bookingId)).toEqual([{ kind: 'cancel', reason: 'account closed while holding seats' }]);
    }
    expect(await statusOf(standing.bookingId)).toBe('held');
    expect(await spotsLeft(h, date.id)).toBe(8);
    // A second sweep, or one by another instance, finds nothing more to do.
    expect(await sweepHolds({ db: h.db, payments: h.payments, cache: h.cache }, identity)).toBe(0);
  });

  it('keeps the holds made after signing out everywhere', async () => {
    const rider = await readyUser(h);
    await admin.revokeRefreshTokens(rider.uid);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const token = await signInAgain(rider);
    const date = await freeDate(h, 'winter-classes');
    const hold = await holdClass(h, { ...rider, token }, date, 1);
    expect(hold.status).toBe(200);
    await sweepHolds({ db: h.db, payments: h.payments, cache: h.cache }, identity);
    expect(await statusOf(hold.body.bookingId)).toBe('held');
  });
});
