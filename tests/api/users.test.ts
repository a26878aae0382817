import { beforeAll, describe, expect, it } from 'vitest';
import { cachedIdentity, firebaseIdentity } from '../../api/identity.ts';
import { newAuthUser } from '../support/auth-user.ts';
import { harness, newUser, PROJECT_ID, signInAgain, SIGNATURE, SURVEY, type Harness, type TestUser } from './harness.ts';
import { admin } from './staff.ts';
import type { DatabaseUser } from '../../shared/contract/answers.ts';

/** Signs in again with e-mail and password: a new ID token carrying the user's current name and photo. */
const signIn = signInAgain;

const storedRow = async (uid: string) =>
  (await h.db.query('select display_name, photo_url, phone_number, survey, signature, agreed from users where uid = $1', [uid]))[0];

let h: Harness;
let rider: TestUser;

beforeAll(async () => {
  h = await harness();
  rider = await newUser();
});

const authUser = (user: TestUser) => newAuthUser(user.uid, user.email);

/** PUT /users/user/{uid} for the rider with a body sent as it is, under this Content-Type. */
const putRawBody = (body: string, contentType: string) =>
  h.call('PUT', `/users/user/${rider.uid}`, { token: rider.token, body, headers: { 'Content-Type': contentType } });

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
    const response = await putRawBody('survey=1', 'application/x-www-form-urlencoded');
    expect(response.status).toBe(415);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await putRawBody('{"survey":', 'application/json');
    expect(response.status).toBe(400);
  });
});

describe('the identity profile', () => {
  const lookUp = async (uid: string) => {
    const response = await fetch(
      `http://${process.env['FIREBASE_AUTH_EMULATOR_HOST']}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: [uid] }),
      },
    );
    const { users } = (await response.json()) as { users: { email: string; displayName?: string; phoneNumber?: string }[] };
    return users[0];
  };

  it('sets the name in the identity service and keeps the phone in the database user only', async () => {
    const user = await newUser();
    await h.json('POST', `/users/user/${user.uid}`, { token: user.token, body: authUser(user) });
    const phoneNumber = '+14355550123';
    const saved = await h.json<DatabaseUser>('PUT', `/authUsers/authUser/${user.uid}`, {
      token: user.token,
      body: { userData: { displayName: 'Sam Sledder', email: user.email, phoneNumber } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ displayName: 'Sam Sledder', email: user.email, phoneNumber, pendingEmail: null });
    const account = await lookUp(user.uid);
    expect(account).toMatchObject({ email: user.email, displayName: 'Sam Sledder' });
    expect(account?.phoneNumber).toBeUndefined();
  });

  it('lets a family share one contact phone number', async () => {
    const shared = '+14355550177';
    for (const [member, name] of [
      [await newUser(), 'Ana Lund'],
      [await newUser(), 'Ben Lund'],
    ] as const) {
      const saved = await h.json<DatabaseUser>('PUT', `/authUsers/authUser/${member.uid}`, {
        token: member.token,
        body: { userData: { displayName: name, email: member.email, phoneNumber: shared } },
      });
      expect(saved).toMatchObject({ status: 200, body: { displayName: name, phoneNumber: shared } });
    }
  });

  it('keeps a new e-mail pending, and the sign-in e-mail as it was, until the new address is confirmed', async () => {
    const user = await newUser();
    const newEmail = `moved-${user.email}`;
    const saved = await h.json<DatabaseUser>('PUT', `/authUsers/authUser/${user.uid}`, {
      token: user.token,
      body: { userData: { displayName: 'Ana Lund', email: newEmail, phoneNumber: '+14355550124' } },
    });
    expect(saved).toMatchObject({ status: 200, body: { email: user.email, pendingEmail: newEmail } });
    expect((await lookUp(user.uid))?.email).toBe(user.email);

    // Following the link changes the account's e-mail; the next sign-in carries it to the database user.
    await admin.updateUser(user.uid, { email: newEmail, emailVerified: true });
    const token = await signIn({ ...user, email: newEmail });
    const after = await h.json<DatabaseUser>('POST', `/users/user/${user.uid}`, { token, body: { ...authUser(user), email: newEmail } });
    expect(after).toMatchObject({ status: 200, body: { email: newEmail, pendingEmail: null, displayName: 'Ana Lund' } });
  });

  it('drops a pending e-mail when the profile is saved with the sign-in e-mail again', async () => {
    const user = await newUser();
    const save = (email: string) =>
      h.json<DatabaseUser>('PUT', `/authUsers/authUser/${user.uid}`, {
        token: user.token,
        body: { userData: { displayName: 'Ana Lund', email, phoneNumber: '+14355550125' } },
      });
    expect((await save(`other-${user.email}`)).body.pendingEmail).toBe(`other-${user.email}`);
    expect((await save(user.email)).body).toMatchObject({ email: user.email, pendingEmail: null });
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

describe('the auth user stored at first sign-in', () => {
  const firstSignIn = async (fields: Record<string, unknown>) => {
    const user = await newUser();
    const answer = await h.json<DatabaseUser & { error: string }>('POST', `/users/user/${user.uid}`, {
      token: user.token,
      body: { ...authUser(user), ...fields },
    });
    return { user, answer };
  };

  it('keeps a name, an https photo and an E.164 phone number', async () => {
    const fields = { displayName: 'Kim Sledder', photoURL: 'https://lh3.googleusercontent.com/a/kim=s96-c', phoneNumber: '+14355550148' };
    const { answer } = await firstSignIn(fields);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject(fields);
  });

  it('refuses a photo URL that is not https, not a URL, or too long, and stores nothing', async () => {
    const notHttps = ['http://example.com/me.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'https://', 'not a url'];
    const cases = [
      ...notHttps.map((photoURL) => [photoURL, 'The photo URL must be an https address'] as const),
      [`https://example.com/${'a'.repeat(2048)}`, 'The photo URL is too long'] as const,
    ];
    for (const [photoURL, error] of cases) {
      const { user, answer } = await firstSignIn({ photoURL });
      expect(answer, photoURL.slice(0, 40)).toMatchObject({ status: 400, body: { error } });
      expect(await storedRow(user.uid)).toBeUndefined();
    }
  });

  it('refuses a name over 100 characters, an e-mail over 254, a phone number not in E.164 shape', async () => {
    const cases = [
      [{ displayName: 'N'.repeat(101) }, 'Name is too long'],
      [{ email: `${'e'.repeat(250)}@example.com` }, 'The email address is too long'],
      [{ phoneNumber: '4355550148' }, 'The phone number must be in international format, such as +14355550148'],
      [{ phoneNumber: '+1 435 555 0148' }, 'The phone number must be in international format, such as +14355550148'],
      [{ phoneNumber: '+0123456789' }, 'The phone number must be in international format, such as +14355550148'],
      [{ phoneNumber: '+1234567890123456' }, 'The phone number must be in international format, such as +14355550148'],
    ] as const;
    for (const [fields, error] of cases) {
      const { user, answer } = await firstSignIn(fields);
      expect(answer, JSON.stringify(fields).slice(0, 60)).toMatchObject({ status: 400, body: { error } });
      expect(await storedRow(user.uid)).toBeUndefined();
    }
  });

  it('refuses sign-in provider entries that are too many or too large', async () => {
    const provider = {
      providerId: 'password',
      uid: 'kim@example.com',
      displayName: null,
      email: 'kim@example.com',
      phoneNumber: null,
      photoURL: null,
    };
    const ok = await firstSignIn({ providerData: [provider] });
    expect(ok.answer.status).toBe(200);
    const cases = [
      [{ providerData: Array.from({ length: 11 }, () => provider) }, 'Too many sign-in providers'],
      [{ providerData: [{ ...provider, photoURL: `https://example.com/${'a'.repeat(2100)}` }] }, 'A sign-in provider entry is too large'],
      [
        { providerData: [Object.fromEntries(Array.from({ length: 13 }, (_, index) => [`field${index}`, 'x']))] },
        'A sign-in provider entry is too large',
      ],
      [{ providerData: [{ ...provider, nested: { deep: true } }] }, 'A sign-in provider entry is too large'],
    ] as const;
    for (const [fields, error] of cases) {
      const { user, answer } = await firstSignIn(fields);
      expect(answer).toMatchObject({ status: 400, body: { error } });
      expect(await storedRow(user.uid)).toBeUndefined();
    }
  });

  it('stores the name and photo from the token only when they pass the same rules', async () => {
    const good = await newUser();
    await admin.updateUser(good.uid, { displayName: 'Token Name', photoURL: 'https://example.com/token.png' });
    const goodToken = await signIn(good);
    const kept = await h.json<DatabaseUser>('POST', `/users/user/${good.uid}`, { token: goodToken, body: authUser(good) });
    expect(kept.body).toMatchObject({ displayName: 'Token Name', photoURL: 'https://example.com/token.png' });

    const bad = await newUser();
    await admin.updateUser(bad.uid, { displayName: 'L'.repeat(150), photoURL: 'http://example.com/plain.png' });
    const badToken = await signIn(bad);
    const dropped = await h.json<DatabaseUser>('POST', `/users/user/${bad.uid}`, { token: badToken, body: authUser(bad) });
    expect(dropped.status).toBe(200);
    expect(dropped.body).toMatchObject({ uid: bad.uid, email: bad.email, displayName: null, photoURL: null });
  });
});

describe('a revoked sign-in', () => {
  it('cannot sign the waiver or change the profile, and changes nothing; reads still work', async () => {
    // The API as it runs: with its verified-token cache in front of the identity service.
    const live = await harness({ identity: cachedIdentity(firebaseIdentity(PROJECT_ID)) });
    const user = await newUser();
    await live.json('POST', `/users/user/${user.uid}`, { token: user.token, body: authUser(user) });
    expect((await live.json('GET', `/users/user/${user.uid}`, { token: user.token })).status).toBe(200);
    // Revocation counts whole seconds from sign-in: let one pass, then sign the user out everywhere.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await admin.revokeRefreshTokens(user.uid);
    const before = await live.db.query('select * from users where uid = $1', [user.uid]);

    const message = 'You were signed out of this account everywhere. Please sign in again.';
    const waiver = await live.json('PUT', `/users/user/${user.uid}`, { token: user.token, body: { signature: SIGNATURE, agreed: true } });
    expect(waiver).toEqual({ status: 401, body: { error: message, message } });
    const survey = await live.json('PUT', `/users/user/${user.uid}`, { token: user.token, body: { survey: SURVEY } });
    expect(survey.status).toBe(401);
    const profile = await live.json('PUT', `/authUsers/authUser/${user.uid}`, {
      token: user.token,
      body: { userData: { displayName: 'Mallory', email: user.email, phoneNumber: '+14355550112' } },
    });
    expect(profile).toMatchObject({ status: 401, body: { error: message } });
    expect(await live.db.query('select * from users where uid = $1', [user.uid])).toEqual(before);
    expect((await admin.getUser(user.uid)).displayName).toBeUndefined();

    const read = await live.json<DatabaseUser>('GET', `/users/user/${user.uid}`, { token: user.token });
    expect(read).toMatchObject({ status: 200, body: { uid: user.uid, agreed: false, signature: null } });

    // Signing in again gives a token that may sign.
    const fresh = await signIn(user);
    const signed = await live.json<DatabaseUser>('PUT', `/users/user/${user.uid}`, {
      token: fresh,
      body: { signature: SIGNATURE, agreed: true },
    });
    expect(signed).toMatchObject({ status: 200, body: { agreed: true } });
  });

  it('cannot sign the waiver once the account is disabled', async () => {
    const user = await newUser();
    await h.json('POST', `/users/user/${user.uid}`, { token: user.token, body: authUser(user) });
    await admin.updateUser(user.uid, { disabled: true });
    const waiver = await h.json('PUT', `/users/user/${user.uid}`, { token: user.token, body: { signature: SIGNATURE, agreed: true } });
    expect(waiver).toMatchObject({ status: 401, body: { error: 'This account has been disabled.' } });
    expect(await storedRow(user.uid)).toMatchObject({ signature: null, agreed: false });
  });
});
