import { beforeAll, describe, expect, it } from 'vitest';
import { freeDate, harness, holdDate, makeReady, newUser, payForDate, SIGNATURE, SURVEY, type Harness, type TestUser } from './harness.ts';
import type { DatabaseUser } from '../../shared/contract/answers.ts';
import type { Party } from '../../shared/contract/answers.ts';

let h: Harness;
let alice: TestUser;
let bob: TestUser;
let bobSecret: string;
/** A date Bob has paid for: his party's. */
let bobPartyDate: string;
let bobDateId: string;

const snapshot = async () => ({
  users: await h.db.query('select uid, email, display_name, phone_number, survey, signature, agreed from users order by uid'),
  bookings: await h.db.query('select id, status, user_id from bookings order by id'),
  members: await h.db.query('select booking_id, user_id from booking_members order by booking_id, user_id'),
  rosterReads: await h.db.query('select guide_uid, date_id from roster_reads order by id'),
});

beforeAll(async () => {
  h = await harness();
  alice = await newUser();
  bob = await newUser();
  for (const user of [alice, bob])
    await h.json<DatabaseUser>('POST', `/users/user/${user.uid}`, { token: user.token, body: { uid: user.uid, email: user.email } });
  await makeReady(h, bob, 'Bob Lund');
  const paidDate = await freeDate(h, 'winter-day-tours');
  bobPartyDate = paidDate.id;
  await payForDate(h, bob, paidDate, 'winter-day-tours', 'price_tour_ski', 2);
  const date = await freeDate(h, 'winter-day-tours');
  const intent = await holdDate(h, bob, date, 'winter-day-tours', 'price_tour_ski', 2);
  bobSecret = intent.body.clientSecret;
  bobDateId = date.id;
});

/** Every route that names a user or a booking, as Alice would call it against Bob's data. */
const foreignCalls = () =>
  [
    ['POST', `/users/user/${bob.uid}`, { uid: bob.uid, email: bob.email }],
    ['GET', `/users/user/${bob.uid}`, undefined],
    ['PUT', `/users/user/${bob.uid}`, { survey: { ...SURVEY, beacon: 'No' } }],
    ['PUT', `/users/user/${bob.uid}`, { signature: SIGNATURE, agreed: true }],
    [
      'PUT',
      `/authUsers/authUser/${bob.uid}`,
      { userData: { displayName: 'Mallory', email: 'mallory@example.com', phoneNumber: '+14355550111' } },
    ],
    [
      'POST',
      '/stripe/create-payment-intent',
      {
        priceId: 'price_tour_ski',
        quantity: 1,
        metadata: { userId: bob.uid, dateId: 'tour-x', partySize: 1, calendar: 'winter-day-tours' },
      },
    ],
    ['POST', '/payments/local/confirm', { clientSecret: bobSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }],
    ['GET', `/parties/${bobPartyDate}`, undefined],
    // The guides' roster: Alice is a customer, not a guide.
    ['GET', '/guide/dates', undefined],
    ['GET', `/guide/dates/${bobDateId}/roster`, undefined],
  ] as const;

describe('access', () => {
  it('answers 403 to a user acting on another user\u2019s data, and changes nothing', async () => {
    const before = await snapshot();
    for (const [method, path, body] of foreignCalls()) {
      const response = await h.call(method, path, { token: alice.token, ...(body ? { body } : {}) });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 without a token or with a bad one, and changes nothing', async () => {
    const before = await snapshot();
    const protectedCalls = [...foreignCalls(), ['POST', '/calendar/invite', { inviteCode: 'inv_x' }] as const];
    for (const [method, path, body] of protectedCalls) {
      const none = await h.call(method, path, body ? { body } : {});
      expect(none.status, `${method} ${path} without a token`).toBe(401);
      const forged = await h.call(method, path, {
        token: `${bob.token.slice(0, -4)}abcd`.replace(/^[^.]+/, 'e30'),
        ...(body ? { body } : {}),
      });
      expect(forged.status, `${method} ${path} with a forged token`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for paths no route knows, with or without a token', async () => {
    const unknown = [
      ['GET', '/nope'],
      ['POST', '/nope'],
      ['GET', '/users/user'],
      ['POST', '/users/nope'],
      ['GET', `/users/user/${bob.uid}/extra`],
      ['DELETE', `/users/user/${bob.uid}`],
      ['GET', '/authUsers/authUser'],
      ['POST', `/authUsers/authUser/${bob.uid}`],
      ['GET', '/stripe/nope'],
      ['PUT', '/calendar/invite'],
      ['GET', '/parties'],
      ['POST', `/parties/${bobPartyDate}`],
      ['GET', '/guide'],
      ['GET', `/guide/dates/${bobDateId}`],
      ['POST', '/guide/dates'],
    ] as const;
    for (const [method, path] of unknown) {
      for (const token of [undefined, bob.token]) {
        const answer = await h.json<{ error: string }>(method, path, token ? { token } : {});
        expect(answer, `${method} ${path} ${token ? 'with' : 'without'} a token`).toEqual({
          status: 404,
          body: { error: 'Not found', message: 'Not found' },
        });
      }
    }
  });

  it('answers 400 for an address whose uid holds a control character, and changes nothing', async () => {
    const before = await snapshot();
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { uid: 'x', email: bob.email }],
      ['PUT', { survey: SURVEY }],
    ] as const) {
      for (const uid of ['%00', 'a%00b', '%1B', '%7F']) {
        const answer = await h.json<{ error: string }>(method, `/users/user/${uid}`, { token: bob.token, ...(body ? { body } : {}) });
        expect(answer, `${method} ${uid}`).toMatchObject({
          status: 400,
          body: { error: 'The address contains a character that is not allowed.' },
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 for a party address whose date id holds a control character', async () => {
    for (const dateId of ['%00', 'a%00b', '%1B', '%7F']) {
      const answer = await h.json<{ error: string }>('GET', `/parties/${dateId}`, { token: bob.token });
      expect(answer, dateId).toMatchObject({ status: 400, body: { error: 'The address contains a character that is not allowed.' } });
    }
  });

  it('lets each user act on their own data', async () => {
    const own = await h.json<DatabaseUser>('GET', `/users/user/${bob.uid}`, { token: bob.token });
    expect(own.status).toBe(200);
    expect(own.body.survey).toEqual(SURVEY);
    const party = await h.json<Party>('GET', `/parties/${bobPartyDate}`, { token: bob.token });
    expect(party).toMatchObject({ status: 200, body: { dateId: bobPartyDate, members: [{ you: true, survey: 'done' }], openSpots: 1 } });
  });
});
