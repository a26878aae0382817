/**
 * The site's API client reads every answer the API gives: each call a page makes, answered by the
 * real app, passes the client's check of that answer (src/lib/api/answers.ts) and comes out with
 * what the pages read from it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { firebaseIdentity, type Identity } from '../../api/identity.ts';
import * as answers from '../../src/lib/api/answers.ts';
import { readInvitation } from '../../src/lib/api/invitation.ts';
import { freeDate, harness, intentBody, PROJECT_ID, readyUser, type Harness, type TestUser } from './harness.ts';

const CARD = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };

let h: Harness;
let lead: TestUser;
let friend: TestUser;
let dateId: string;

/** The answer of one call, which must succeed. */
async function answer(method: string, path: string, user: TestUser | null, body?: unknown): Promise<unknown> {
  const result = await h.json(method, path, { ...(user ? { token: user.token } : {}), ...(body === undefined ? {} : { body }) });
  expect(result.status, `${method} ${path}`).toBe(200);
  return result.body;
}

beforeAll(async () => {
  // Everyone may read the roster here: this test is about the shape of its answer, not who may read it.
  const identity = firebaseIdentity(PROJECT_ID);
  const everyoneAGuide: Identity = {
    ...identity,
    isGuide: () => Promise.resolve(true),
    // The roles the identity service answers with a revocation check, as the staff routes read them.
    verifyIdToken: async (token, options) => {
      const caller = await identity.verifyIdToken(token, options);
      return caller.staffRoles ? { ...caller, staffRoles: [...caller.staffRoles, 'guide'] } : caller;
    },
  };
  h = await harness({ identity: everyoneAGuide });
  [lead, friend] = [await readyUser(h, 'Ana Lund'), await readyUser(h, 'Kim Berg')];
  const entry = await freeDate(h, 'winter-day-tours');
  dateId = entry.id;
  const intent = answers.readAnswer(
    'intent',
    answers.paymentIntentAnswer,
    await answer('POST', '/stripe/create-payment-intent', lead, intentBody(lead, entry, 'winter-day-tours', 'price_tour_ski', 2)),
  );
  expect(intent.clientSecret).toBeTruthy();
  const paid = answers.readAnswer(
    'paid',
    answers.localPaymentAnswer,
    await answer('POST', '/payments/local/confirm', lead, { clientSecret: intent.clientSecret, ...CARD }),
  );
  expect(paid.dateId).toBe(dateId);
});

describe("the site's reading of the API's answers", () => {
  it('reads the catalog and the three public calendars', async () => {
    const products = answers.readAnswer('products', answers.productsAnswer, await answer('GET', '/stripe/products', null));
    expect(products.length).toBeGreaterThan(0);
    expect(products.flatMap((product) => product.prices).every((price) => price.unit_amount > 0)).toBe(true);
    for (const name of ['winter-classes', 'winter-day-tours', 'winter-mentorship']) {
      const entries = answers.readAnswer(name, answers.calendarAnswer, await answer('GET', `/calendar/${name}`, null));
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((entry) => entry.inviteCode === undefined)).toBe(true);
    }
  });

  it('reads what an invite link is for, as checkout’s first step does', async () => {
    const mine = answers.readAnswer('calendar', answers.calendarAnswer, await answer('GET', '/calendar/winter-day-tours', lead));
    const code = mine.find((entry) => entry.id === dateId)?.inviteCode ?? '';
    expect(readInvitation(await answer('GET', `/calendar/invite/${code}`, null))).toMatchObject({
      title: 'Ski & Splitboard Touring Day',
      invitedBy: 'Ana',
    });
  });

  it("reads a member's calendar, the party, and a friend's joining", async () => {
    const mine = answers.readAnswer('calendar', answers.calendarAnswer, await answer('GET', '/calendar/winter-day-tours', lead));
    const booked = mine.find((entry) => entry.id === dateId);
    expect(booked).toMatchObject({ partySeats: 2, partySpotsLeft: 1, bookedPriceId: 'price_tour_ski' });
    const joined = answers.readAnswer(
      'invite',
      answers.inviteAnswer,
      await answer('POST', '/calendar/invite', friend, { inviteCode: booked?.inviteCode }),
    );
    expect(joined.success).toBe(true);
    const party = answers.readAnswer('party', answers.partyAnswer, await answer('GET', `/parties/${dateId}`, friend));
    expect(party.members.map((member) => [member.name, member.you])).toEqual([
      ['Ana Lund', false],
      ['Kim Berg', true],
    ]);
  });

  it("reads a calendar's dates in the site's names: a member's own booking among them", async () => {
    const mine = answers.readAnswer('calendar', answers.calendarDatesAnswer, await answer('GET', '/calendar/winter-day-tours', lead));
    const booked = mine.find((date) => date.id === dateId);
    expect(booked).toMatchObject({ seatsTaken: 2, priceId: null, booking: { partySeats: 2, bookedPriceId: 'price_tour_ski' } });
    expect(booked?.booking?.inviteCode).toBeTruthy();
    expect(booked?.startsAt).toBeInstanceOf(Date);
    const open = answers.readAnswer('calendar', answers.calendarDatesAnswer, await answer('GET', '/calendar/winter-classes', null));
    expect(open.every((date) => date.booking === undefined && date.priceId !== null && date.capacity > 0)).toBe(true);
  });

  it('reads the database user after each save, the signatures and a signed copy', async () => {
    const user = answers.readAnswer('user', answers.databaseUserAnswer, await answer('GET', `/users/user/${lead.uid}`, lead));
    expect(user).toMatchObject({ uid: lead.uid, bookings: [dateId], displayName: 'Ana Lund', agreed: true });
    expect(user.waiver?.current).toBe(true);
    const created = answers.readAnswer(
      'user',
      answers.databaseUserAnswer,
      await answer('POST', `/users/user/${lead.uid}`, lead, { uid: lead.uid, email: lead.email }),
    );
    expect(created.uid).toBe(lead.uid);
    const saved = answers.readAnswer(
      'user',
      answers.databaseUserAnswer,
      await answer('PUT', `/authUsers/authUser/${lead.uid}`, lead, {
        userData: { displayName: 'Ana Lund', email: lead.email, phoneNumber: '+14355550100' },
      }),
    );
    expect(saved.phoneNumber).toBe('+14355550100');
    const signatures = answers.readAnswer(
      'waivers',
      answers.waiverStatusesAnswer,
      await answer('GET', `/users/user/${lead.uid}/waivers`, lead),
    );
    expect(signatures).toHaveLength(1);
    const copy = answers.readAnswer(
      'copy',
      answers.signedCopyAnswer,
      await answer('GET', `/users/user/${lead.uid}/waivers/${signatures[0]?.id}`, lead),
    );
    expect(copy.signerName).toBe('Ana Lund');
    expect(copy.signature).toMatch(/^data:image\/png;base64,/);
  });

  it('reads a promo answer, the dates a guide sees and a roster', async () => {
    const promo = answers.readAnswer(
      'promo',
      answers.promoAnswer,
      await answer('POST', '/promo/apply', null, { promoCode: 'WELCOME10', selectedPriceId: 'price_tour_ski', quantity: 2 }),
    );
    expect(promo.finalTotal).toBeGreaterThan(0);
    const dates = answers.readAnswer('dates', answers.guideDatesAnswer, await answer('GET', '/guide/dates', lead));
    expect(dates.find((date) => date.id === dateId)).toMatchObject({ taken: 2, free: 0 });
    const roster = answers.readAnswer('roster', answers.rosterAnswer, await answer('GET', `/guide/dates/${dateId}/roster`, lead));
    expect(roster.participants.map((participant) => participant.role)).toEqual(['booked', 'invited']);
  });

  it('refuses an answer of another shape, saying where', () => {
    expect(() => answers.readAnswer('your account', answers.databaseUserAnswer, { uid: 'u1', bookings: 'none' })).toThrow(
      answers.UnreadableAnswer,
    );
    expect(() => answers.readAnswer('your account', answers.databaseUserAnswer, { uid: 'u1', bookings: 'none' })).toThrow(
      "The booking service's answer (your account) could not be read at bookings",
    );
  });
});
