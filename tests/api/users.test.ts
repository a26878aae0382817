import { beforeAll, describe, expect, it } from 'vitest';
import { harness, newUser, SIGNATURE, SURVEY, type Harness, type TestUser } from './harness.ts';
import type { DatabaseUser } from '../../src/lib/api-types.ts';

let h: Harness;
let rider: TestUser;

beforeAll(async () => {
  h = await harness();
  rider = await newUser();
});

const authUser = (user: TestUser) => ({
  uid: user.uid,
  email: user.email,
  emailVerified: false,
  displayName: null,
  photoURL: null,
  phoneNumber: null,
  isAnonymous: false,
  providerData: [],
  tenantId: null,
});

describe('the database user', () => {
  it('is created on first POST and returned unchanged on the next', async () => {
    const first = await h.json<DatabaseUser>('POST', `/users/user/${rider.uid}`, { token: rider.token, body: authUser(rider) });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ uid: rider.uid, email: rider.email, survey: null, signature: null, agreed: false, bookings: [] });
    const again = await h.json<DatabaseUser>('POST', `/users/user/${rider.uid}`, { token: rider.token, body: authUser(rider) });
    expect(again.body).toEqual(first.body);
    const [{ count }] = (await h.db.query<{ count: number }>('select count(*)::int as count from users where uid = $1', [rider.uid])) as [
      { count: number },
    ];
    expect(count).toBe(1);
  });

  it('reads back with GET', async () => {
    const read = await h.json<DatabaseUser>('GET', `/users/user/${rider.uid}`, { token: rider.token });
    expect(read.status).toBe(200);
    expect(read.body.uid).toBe(rider.uid);
  });

  it('answers 404 for a signed-in user with no database user yet', async () => {
    const stranger = await newUser();
    const read = await h.json<{ error: string }>('GET', `/users/user/${stranger.uid}`, { token: stranger.token });
    expect(read).toEqual({ status: 404, body: { error: 'User not found', message: 'User not found' } });
  });

  it('saves the survey and returns the user with it', async () => {
    const saved = await h.json<DatabaseUser>('PUT', `/users/user/${rider.uid}`, { token: rider.token, body: { survey: SURVEY } });
    expect(saved.status).toBe(200);
    expect(saved.body.survey).toEqual(SURVEY);
    expect(saved.body.bookings).toEqual([]);
  });

  it('rejects a survey with a value outside its choices and keeps the saved one', async () => {
    const bad = await h.json<{ error: string }>('PUT', `/users/user/${rider.uid}`, {
      token: rider.token,
      body: { survey: { ...SURVEY, beacon: 'Maybe' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Please say whether you have a beacon');
    const read = await h.json<DatabaseUser>('GET', `/users/user/${rider.uid}`, { token: rider.token });
    expect(read.body.survey).toEqual(SURVEY);
  });

  it('rejects a survey missing the emergency contact', async () => {
    const { emergencyContactName: _name, ...rest } = SURVEY;
    const bad = await h.json<{ error: string }>('PUT', `/users/user/${rider.uid}`, { token: rider.token, body: { survey: rest } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Emergency contact name is required');
  });

  it('rejects unknown fields', async () => {
    const bad = await h.json<{ error: string }>('PUT', `/users/user/${rider.uid}`, {
      token: rider.token,
      body: { survey: { ...SURVEY, shoeSize: 11 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('shoeSize');
  });

  it('saves a signed waiver', async () => {
    const saved = await h.json<DatabaseUser>('PUT', `/users/user/${rider.uid}`, {
      token: rider.token,
      body: { signature: SIGNATURE, agreed: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ signature: SIGNATURE, agreed: true, survey: SURVEY });
  });

  it('refuses a waiver that is not agreed to, or whose signature is not a PNG', async () => {
    const notAgreed = await h.json<{ error: string }>('PUT', `/users/user/${rider.uid}`, {
      token: rider.token,
      body: { signature: SIGNATURE, agreed: false },
    });
    expect(notAgreed.status).toBe(400);
    const notPng = await h.json<{ error: string }>('PUT', `/users/user/${rider.uid}`, {
      token: rider.token,
      body: { signature: 'data:image/svg+xml;base64,PHN2Zz4=', agreed: true },
    });
    expect(notPng.status).toBe(400);
    expect(notPng.body.error).toBe('The signature must be a PNG image');
  });

  it('answers 413 for a signature larger than the limit', async () => {
    const huge = `data:image/png;base64,${'A'.repeat(600_000)}`;
    const response = await h.call('PUT', `/users/user/${rider.uid}`, { token: rider.token, body: { signature: huge, agreed: true } });
    expect(response.status).toBe(413);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await h.call('PUT', `/users/user/${rider.uid}`, {
      token: rider.token,
      body: 'survey=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await h.call('PUT', `/users/user/${rider.uid}`, {
      token: rider.token,
      body: '{"survey":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
  });
});

describe('the identity profile', () => {
  it('updates name, e-mail and phone in the identity service and the database user', async () => {
    const user = await newUser();
    await h.json('POST', `/users/user/${user.uid}`, { token: user.token, body: authUser(user) });
    const email = `renamed-${user.email}`;
    const phoneNumber = `+1435555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const saved = await h.json<DatabaseUser>('PUT', `/authUsers/authUser/${user.uid}`, {
      token: user.token,
      body: { userData: { displayName: 'Sam Sledder', email, phoneNumber } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ displayName: 'Sam Sledder', email, phoneNumber });
    const lookup = await fetch(
      `http://${process.env['FIREBASE_AUTH_EMULATOR_HOST']}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: [user.uid] }),
      },
    );
    const { users } = (await lookup.json()) as { users: { email: string; displayName: string; phoneNumber: string }[] };
    expect(users[0]).toMatchObject({ email, displayName: 'Sam Sledder', phoneNumber });
  });

  it('refuses a phone number that is not +1 with 10 to 14 digits', async () => {
    const bad = await h.json<{ error: string }>('PUT', `/authUsers/authUser/${rider.uid}`, {
      token: rider.token,
      body: { userData: { displayName: 'Sam', email: rider.email, phoneNumber: '+44123' } },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'Phone number must be between 10 to 14 digits' } });
  });

  it('refuses an empty name with the form message', async () => {
    const bad = await h.json<{ error: string }>('PUT', `/authUsers/authUser/${rider.uid}`, {
      token: rider.token,
      body: { userData: { displayName: ' ', email: rider.email, phoneNumber: '+14355550199' } },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'Name is required' } });
  });
});
