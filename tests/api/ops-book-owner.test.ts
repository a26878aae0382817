/**
 * A booking the office takes for an e-mail address reaches only whoever controls that address.
 * Anyone can sign up with someone else's address; while that account has never proved it, the
 * booking stays out of it (My Bookings, the calendars' invite code, the party, cancelling, changing
 * the date, leaving, the call-off choice). The confirmation, sent to the address, offers a link to
 * choose a new password; whoever follows it and signs in gets the booking, and every session begun
 * before (the one who made the account) is over for it. Real Auth emulator accounts and links.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { firebaseIdentity } from '../../api/identity.ts';
import type { OutgoingMail } from '../../api/mail/transport.ts';
import { sendDueMail, type MailWorkerDeps } from '../../api/mail/worker.ts';
import { currentWaiverEdition } from '../../api/users/waiver-edition.ts';
import type { OpsBooking, OpsCardHold } from '../../shared/contract/ops-answers.ts';
import type { CalendarEntry, DatabaseUser } from '../../shared/contract/answers.ts';
import { followLink, latestLink } from '../support/emulator-links.ts';
import {
  freeDate,
  harness,
  inviteCodeOf,
  PAYING_CARD,
  PROJECT_ID,
  readyUser,
  signInAgain,
  SITE_URL,
  type Harness,
  type TestUser,
} from './harness.ts';
import { admin, EMULATOR, staffMember } from './staff.ts';

const CLASSES = 'winter-classes';

let h: Harness;
/**
 * The same API and data, with the identity service as production answers a call that does not ask
 * whether the session was ended: the token's own claims. (The emulator asks on every call.)
 */
let unchecked: Harness;
let operator: TestUser;
const sent: OutgoingMail[] = [];
let worker: MailWorkerDeps;

beforeAll(async () => {
  h = await harness({ bookingCutoffHours: 0 });
  const identity = firebaseIdentity(PROJECT_ID);
  unchecked = await harness({
    db: h.db,
    bookingCutoffHours: 0,
    identity: {
      ...identity,
      async verifyIdToken(token) {
        const claims = claimsOf(token);
        return {
          uid: claims.user_id,
          email: claims.email,
          name: null,
          picture: null,
          emailVerified: claims.email_verified,
          signedInAt: claims.auth_time * 1000,
        };
      },
    },
  });
  operator = await staffMember('operator');
  worker = {
    db: h.db,
    identity: firebaseIdentity(PROJECT_ID),
    transport: {
      send: async (mail) => {
        sent.push(mail);
        return 'kept';
      },
      close: () => undefined,
    },
    siteUrl: SITE_URL,
    waiverVersion: currentWaiverEdition.version,
  };
});

type Answer<T> = T & { error?: string };

/** The operator books `email` on `date` for a party of 1, paid in cash unless told otherwise. */
async function officeBooks(date: CalendarEntry, email: string, paidBy = 'cash'): Promise<string> {
  const body = { email, dateId: date.id, partySize: 1, paidBy, reason: 'Called the office', requestId: randomUUID() };
  const answer = await h.json<Answer<OpsBooking & OpsCardHold>>('POST', '/ops/bookings', { token: operator.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(paidBy === 'card' ? 202 : 201);
  if (paidBy !== 'card') return answer.body.id;
  const paid = await h.json('POST', '/payments/local/confirm', {
    token: operator.token,
    body: { clientSecret: answer.body.clientSecret, ...PAYING_CARD },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return answer.body.bookingId;
}

const myBookings = async (user: Pick<TestUser, 'uid'>, token: string, api: Harness = h) =>
  api.json<Answer<DatabaseUser>>('GET', `/users/user/${user.uid}`, { token });

/** Signs in with e-mail and password for a session that can be refreshed later, as a browser keeps one. */
async function session(email: string, password: string): Promise<{ idToken: string; refreshToken: string }> {
  const response = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as { idToken: string; refreshToken: string };
}

/** A new ID token for a session, as the browser gets one every hour. */
async function refreshed(refreshToken: string): Promise<string> {
  const response = await fetch(`http://${EMULATOR}/securetoken.googleapis.com/v1/token?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { id_token: string }).id_token;
}

/** What a token's holder says it is: read, not verified (the API verifies it). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    user_id: string;
    email: string;
    email_verified: boolean;
    auth_time: number;
  };

/** The link in a message's text where its reader chooses a password. */
const passwordLinkIn = (mail: OutgoingMail | undefined) => /(http\S+mode=resetPassword\S+)/.exec(mail?.text ?? '')?.[1] ?? '';

/** Chooses a password on the page the link opens, as its reader would. */
async function choosePassword(link: string, password: string): Promise<void> {
  const response = await fetch(`${link}&newPassword=${encodeURIComponent(password)}`);
  expect(response.status, await response.clone().text()).toBe(200);
}

const confirmationsTo = (email: string) => sent.filter((mail) => mail.to === email && mail.subject.startsWith('Booked: '));
const statusOf = async (bookingId: string) =>
  (await h.db.query<{ status: string }>(`select status from bookings where id = $1`, [bookingId]))[0]?.status;
const awaitsOwner = async (bookingId: string) =>
  (await h.db.query<{ awaits_owner: string | null }>(`select awaits_owner from bookings where id = $1`, [bookingId]))[0]?.awaits_owner;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a booking the office makes for an address its account never proved', () => {
  it('stays out of that account: My Bookings, the invite code, the party, cancelling, changing the date, leaving, the call-off choice', async () => {
    const date = await freeDate(h, CLASSES);
    const squatter = await readyUser(h, 'Not The Caller');
    const bookingId = await officeBooks(date, squatter.email);
    const as = { token: squatter.token };
    expect((await myBookings(squatter, squatter.token)).body.bookings).not.toContain(date.id);
    const registered = await h.json<DatabaseUser>('POST', `/users/user/${squatter.uid}`, {
      ...as,
      body: { uid: squatter.uid, email: squatter.email },
    });
    expect(registered.body.bookings).not.toContain(date.id);
    expect(await inviteCodeOf(h, squatter, CLASSES, date.id)).toBeUndefined();
    expect((await h.json('GET', `/parties/${date.id}`, as)).status).toBe(403);
    const refusals: [string, string, unknown][] = [
      ['GET', `/bookings/${bookingId}/cancellation`, undefined],
      ['POST', `/bookings/${bookingId}/cancellation`, { quoteId: 'cq_0000000000000000000000' }],
      ['GET', `/bookings/${bookingId}/date-change`, undefined],
      ['POST', `/bookings/${bookingId}/date-change`, { quoteId: 'cq_0000000000000000000000', dateId: date.id }],
      ['POST', `/bookings/${bookingId}/leave`, undefined],
    ];
    for (const [method, path, body] of refusals) {
      const answer = await h.json<{ error: string }>(method, path, { ...as, body });
      expect([answer.status, answer.body.error], `${method} ${path}`).toEqual([404, 'Booking not found']);
    }

    // We call the date off: the choice of a refund or another date is not theirs either.
    const calledOff = await h.json('POST', `/ops/dates/${date.id}/call-off`, { token: operator.token, body: { reason: 'Storm' } });
    expect(calledOff.status, JSON.stringify(calledOff.body)).toBe(200);
    expect((await myBookings(squatter, squatter.token)).body.calledOff).toEqual([]);
    for (const [method, body] of [['GET', undefined] as const, ['POST', { choice: 'refund' }] as const]) {
      const answer = await h.json<{ error: string }>(method, `/bookings/${bookingId}/call-off`, { ...as, body });
      expect([answer.status, answer.body.error], method).toEqual([404, 'Booking not found']);
    }
    expect(await statusOf(bookingId)).toBe('paid');
    expect(await h.db.query(`select 1 from booking_flags where booking_id = $1`, [bookingId])).toEqual([]);

    // The office sees it as the customer's, and the record says it waits for the address to be proved.
    const booking = await h.json<OpsBooking>('GET', `/ops/bookings/${bookingId}`, { token: operator.token });
    expect(booking.body).toMatchObject({ payerEmail: squatter.email });
    const [record] = await h.db.query<{ after: Record<string, unknown> }>(`select after from operator_actions where booking_id = $1`, [
      bookingId,
    ]);
    expect(record?.after).toMatchObject({ customer: squatter.email, untilAddressProved: true });
  });

  it('stays out of it when the office took the card too', async () => {
    const date = await freeDate(h, CLASSES);
    const squatter = await readyUser(h);
    const bookingId = await officeBooks(date, squatter.email, 'card');
    expect(await statusOf(bookingId)).toBe('paid');
    expect((await myBookings(squatter, squatter.token)).body.bookings).not.toContain(date.id);
    expect((await h.json('GET', `/bookings/${bookingId}/cancellation`, { token: squatter.token })).status).toBe(404);
  });

  it("goes to whoever chooses a new password through the confirmation's link and signs in; sessions begun before are over for it", async () => {
    const date = await freeDate(h, CLASSES);
    const squatter = await readyUser(h, 'Not The Caller');
    const squatterSession = await session(squatter.email, squatter.password);
    const bookingId = await officeBooks(date, squatter.email);
    await sendDueMail(worker);

    // Only the address's owner reads the confirmation: it says why the booking waits, and how to see it.
    const [confirmation] = confirmationsTo(squatter.email);
    expect(confirmation?.text).toContain('has never been confirmed as yours');
    expect(confirmation?.text).toContain('Choose a password');
    const link = passwordLinkIn(confirmation);
    expect(link).toContain('mode=resetPassword');

    // A later second than the squatter's sign-in: sign-in times are kept to the second.
    await wait(1100);
    await choosePassword(link, 'the-owners-own-1');
    await expect(signInAgain(squatter)).rejects.toThrow(/INVALID_PASSWORD/);

    // The squatter's session, refreshed since, says the address is proved, but it began before the new password.
    const refreshedToken = await refreshed(squatterSession.refreshToken);
    expect(claimsOf(refreshedToken).email_verified).toBe(true);
    expect(claimsOf(refreshedToken).auth_time).toBe(claimsOf(squatterSession.idToken).auth_time);
    // The emulator turns such a session away on every call; in production only calls that ask do, so the API
    // checks for itself: as production answers an unchecked call, the booking is not the squatter's.
    expect((await myBookings(squatter, refreshedToken)).status).toBe(401);
    const early = await myBookings(squatter, refreshedToken, unchecked);
    expect(early.status).toBe(200);
    expect(early.body.bookings).not.toContain(date.id);
    expect(await awaitsOwner(bookingId)).toBe(squatter.email.toLowerCase());

    // The owner signs in with the new password, and the booking is theirs.
    const owner = { ...squatter, password: 'the-owners-own-1' };
    owner.token = await signInAgain(owner);
    expect((await myBookings(owner, owner.token)).body.bookings).toContain(date.id);
    expect(await awaitsOwner(bookingId)).toBeNull();
    expect(await inviteCodeOf(h, owner, CLASSES, date.id)).toMatch(/^inv_/);
    const quote = await h.json<{ refund: number; paidBy: string }>('GET', `/bookings/${bookingId}/cancellation`, { token: owner.token });
    expect(quote.status).toBe(200);
    expect(quote.body.paidBy).toBe('cash');
    expect((await h.json('GET', `/parties/${date.id}`, { token: owner.token })).status).toBe(200);

    // From then on every session begun before is refused, its first token too, and sees the calendars as anyone does.
    for (const token of [refreshedToken, squatterSession.idToken]) {
      const stale = await myBookings(squatter, token, unchecked);
      expect([stale.status, stale.body.error]).toEqual([401, 'You were signed out of this account everywhere. Please sign in again.']);
      const cancelling = await unchecked.json('GET', `/bookings/${bookingId}/cancellation`, { token });
      expect(cancelling.status).toBe(401);
      const calendar = await unchecked.json<CalendarEntry[]>('GET', `/calendar/${CLASSES}`, { token });
      expect(calendar.body.find((entry) => entry.id === date.id)?.inviteCode).toBeUndefined();
    }
    // The owner's sessions keep it.
    expect((await myBookings(owner, owner.token, unchecked)).body.bookings).toContain(date.id);
    expect((await myBookings(owner, await signInAgain(owner))).body.bookings).toContain(date.id);
  });

  it('sends nothing about it to another address the account moved to before the booked address was proved', async () => {
    const date = await freeDate(h, CLASSES);
    const squatter = await readyUser(h);
    const bookingId = await officeBooks(date, squatter.email);
    // Before the confirmation goes, the squatter moves the account to an address of their own, and proves that one.
    const elsewhere = `elsewhere-${randomUUID()}@example.com`;
    const asked = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ requestType: 'VERIFY_AND_CHANGE_EMAIL', idToken: squatter.token, newEmail: elsewhere }),
    });
    expect(asked.ok).toBe(true);
    await followLink(await latestLink(EMULATOR, PROJECT_ID, elsewhere, 'VERIFY_AND_CHANGE_EMAIL'));
    expect((await admin.getUser(squatter.uid)).email).toBe(elsewhere);

    await sendDueMail(worker);
    expect(sent.filter((mail) => mail.to === elsewhere)).toEqual([]);
    const [row] = await h.db.query<{ status: string; skipped_reason: string }>(
      `select status, skipped_reason from mail_outbox where booking_id = $1 and kind = 'booking-confirmed'`,
      [bookingId],
    );
    expect(row).toEqual({ status: 'skipped', skipped_reason: 'the address booked for is no longer the account’s' });
    // A proved address that is not the one booked for gives nothing either.
    const token = await signInAgain({ email: elsewhere, password: squatter.password });
    expect(claimsOf(token).email_verified).toBe(true);
    expect((await myBookings(squatter, token)).body.bookings).not.toContain(date.id);
  });
});

describe('a booking the office makes for an address already proved, or for an account it made', () => {
  it('is the account’s at once when its address is proved', async () => {
    const date = await freeDate(h, CLASSES);
    const customer = await staffMember('guide');
    await officeBooks(date, customer.email);
    expect((await myBookings(customer, customer.token)).body.bookings).toContain(date.id);
  });

  it("reaches a customer new to the site once they choose a password with the confirmation's link and sign in", async () => {
    const date = await freeDate(h, CLASSES);
    const email = `walk-in-${randomUUID()}@example.com`;
    await officeBooks(date, email);
    await sendDueMail(worker);
    const [confirmation] = confirmationsTo(email);
    expect(confirmation?.text).toContain('We made you an account with this address');
    expect(confirmation?.text).not.toContain('has never been confirmed as yours');
    await choosePassword(passwordLinkIn(confirmation), 'walk-in-pass-1');
    const { uid } = await admin.getUserByEmail(email);
    const token = await signInAgain({ email, password: 'walk-in-pass-1' });
    expect((await myBookings({ uid }, token)).body.bookings).toContain(date.id);
  });
});
