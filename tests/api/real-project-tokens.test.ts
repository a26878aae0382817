/**
 * The API as started for a real Firebase project with NODE_ENV unset and no emulator variable:
 * unsigned tokens, such as the Auth emulator mints, must get 401. firebase-admin reads the emulator
 * variable from the whole process, so this file removes it for its own worker and puts it back after.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../api/env.ts';
import { cachedIdentity, firebaseIdentity } from '../../api/identity.ts';
import { harness, newUser, PROJECT_ID, SIGNATURE, type Harness, type TestUser } from './harness.ts';

const REAL_PROJECT = 'kamas-backcountry';
const EMULATOR = process.env['FIREBASE_AUTH_EMULATOR_HOST'];

let h: Harness;
let rider: TestUser;
/** A user of the real project, made on the emulator: a token in their name would pass if the emulator were trusted. */
let realUid: string;

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned ID token for the real project, well-formed in every other way. */
function unsignedToken(uid: string, header: Record<string, string>): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://securetoken.google.com/${REAL_PROJECT}`,
    aud: REAL_PROJECT,
    auth_time: now - 10,
    user_id: uid,
    sub: uid,
    iat: now - 10,
    exp: now + 3600,
    email: 'rider@example.com',
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  return `${part(header)}.${part(claims)}.`;
}

beforeAll(async () => {
  rider = await newUser();
  realUid = (await getAuth(initializeApp({ projectId: REAL_PROJECT }, 'real-project-admin')).createUser({})).uid;
  delete process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  const env = readEnv({ FIREBASE_PROJECT_ID: REAL_PROJECT });
  // As api/server.ts does: the emulator variable reaches firebase-admin only when it is set.
  if (env.FIREBASE_AUTH_EMULATOR_HOST) process.env['FIREBASE_AUTH_EMULATOR_HOST'] = env.FIREBASE_AUTH_EMULATOR_HOST;
  h = await harness({ identity: cachedIdentity(firebaseIdentity(env.FIREBASE_PROJECT_ID)) });
});

afterAll(() => {
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = EMULATOR;
});

describe('an API for a real project, started with no emulator variable', () => {
  it('does not turn the emulator on by itself', () => {
    expect(process.env['FIREBASE_AUTH_EMULATOR_HOST']).toBeUndefined();
  });

  it('answers unsigned tokens with 401, quickly and without the network, and stores nothing', async () => {
    const tokens = {
      'emulator-minted': rider.token,
      'alg none': unsignedToken(realUid, { alg: 'none', typ: 'JWT' }),
      'alg none with a key id': unsignedToken(realUid, { alg: 'none', typ: 'JWT', kid: 'any' }),
    };
    const started = Date.now();
    for (const [name, token] of Object.entries(tokens)) {
      const uid = name === 'emulator-minted' ? rider.uid : realUid;
      const calls = [
        ['POST', `/users/user/${uid}`, { uid, email: rider.email }],
        ['GET', `/users/user/${uid}`, undefined],
        ['PUT', `/users/user/${uid}`, { signature: SIGNATURE, agreed: true }],
        ['POST', '/calendar/invite', { inviteCode: 'inv_x' }],
      ] as const;
      for (const [method, path, body] of calls) {
        const answer = await h.json<{ error: string }>(method, path, { token, ...(body ? { body } : {}) });
        expect(answer, `${name}: ${method} ${path}`).toMatchObject({
          status: 401,
          body: { error: 'Your session has expired. Please sign in again.' },
        });
      }
    }
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await h.db.query('select uid from users')).toEqual([]);
  });

  it('refuses to build an identity for the real project when the emulator variable is set', () => {
    process.env['FIREBASE_AUTH_EMULATOR_HOST'] = EMULATOR;
    try {
      expect(() => firebaseIdentity(REAL_PROJECT)).toThrow(/not a demo- project/);
    } finally {
      delete process.env['FIREBASE_AUTH_EMULATOR_HOST'];
    }
  });

  it('accepts the same emulator token where it belongs: a demo- project with the emulator named', async () => {
    process.env['FIREBASE_AUTH_EMULATOR_HOST'] = EMULATOR;
    try {
      const caller = await firebaseIdentity(PROJECT_ID).verifyIdToken(rider.token);
      expect(caller.uid).toBe(rider.uid);
    } finally {
      delete process.env['FIREBASE_AUTH_EMULATOR_HOST'];
    }
  });
});
