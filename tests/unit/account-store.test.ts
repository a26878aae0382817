/**
 * The account actions (src/features/account/stores/account.ts) against a stand-in Firebase (at its module boundary,
 * as in auth-store.test.ts) and a stubbed booking API (at fetch): the paths and bodies they send,
 * the phone joined as +1 and its digits, the stored database user replaced by the answer, the API's
 * error message surfaced, and 'No authenticated user found' when nobody is signed in.
 */
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseUser, fakeUser } from './support/accounts.ts';
import { surveyAnswers } from '../support/customer-answers.ts';
import { WAIVER_SHA256 } from '../../shared/company/waiver-text.ts';

const firebase = vi.hoisted(() => ({
  listeners: [] as ((user: unknown) => void)[],
  /** Each confirmation link asked for: the user, the new address, where the link brings them back. */
  emailChanges: [] as { uid: string; newEmail: string; url: string }[],
  /** The identity service's refusal of the next change, if any. */
  refuseEmailChange: null as { code: string } | null,
}));

vi.mock('firebase/auth', () => ({
  onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    firebase.listeners.push(listener);
    return () => undefined;
  },
  signOut: async () => undefined,
  verifyBeforeUpdateEmail: async (user: { uid: string }, newEmail: string, settings: { url: string }) => {
    if (firebase.refuseEmailChange) throw firebase.refuseEmailChange;
    firebase.emailChanges.push({ uid: user.uid, newEmail, url: settings.url });
  },
}));
vi.mock('../../src/lib/firebase.ts', () => ({ firebaseAuth: () => ({}), serverPasswordRules: false }));

interface Call {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

/**
 * The booking API: POST /users/user/{uid} (sign-in) answers the stored user; a PUT answers what
 * `answerPut` returns for its body.
 */
function stubApi(answerPut: (body: unknown, url: string) => Response) {
  const calls: Call[] = [];
  /** The fingerprint of the waiver text each PUT named, if any. */
  const shownTexts: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method: init.method ?? 'GET', url: String(url), authorization: headers.get('Authorization'), body };
      calls.push(call);
      if (call.method === 'PUT') shownTexts.push(headers.get('Waiver-Sha256'));
      if (call.method === 'POST') {
        const uid = decodeURIComponent(call.url.split('/').pop() ?? '');
        return json(databaseUser(uid));
      }
      return answerPut(body, call.url);
    }),
  );
  return { calls, shownTexts, puts: () => calls.filter((call) => call.method === 'PUT') };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Fresh stores whose Firebase reports `user` (or nobody), with the database user loaded. */
async function signedIn(user: User | null) {
  vi.resetModules();
  const auth = await import('../../src/stores/auth.ts');
  const account = await import('../../src/features/account/stores/account.ts');
  void auth.startAuth();
  await vi.waitFor(() => expect(firebase.listeners).toHaveLength(1));
  for (const listener of firebase.listeners) listener(user);
  if (user) await vi.waitFor(() => expect(auth.$dbUser.get()?.uid).toBe(user.uid));
  return { auth, account };
}

const profile = { displayName: 'Kim Larsen', email: 'kim@example.com', countryCode: '+1' as const, phoneNumber: '4355550148' };
const survey = surveyAnswers({ probe: 'No', emergencyContactName: 'Pat Larsen', medicalConditions: 'Asthma; carries an inhaler.' });
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

beforeEach(() => {
  useTestStorageEngine();
  firebase.listeners = [];
  firebase.emailChanges = [];
  firebase.refuseEmailChange = null;
  vi.stubGlobal('window', { location: { origin: 'http://site.test' } });
});
afterEach(() => {
  cleanTestStorage();
  vi.unstubAllGlobals();
});

describe('saveProfile', () => {
  it('PUTs the profile to /authUsers/authUser/{uid} with the phone joined as +1 and its digits, and keeps the answer', async () => {
    const saved = databaseUser('kim', { displayName: 'Kim Larsen', phoneNumber: '+14355550148' });
    const api = stubApi(() => json(saved));
    const { auth, account } = await signedIn(fakeUser('kim'));

    await expect(account.saveProfile({ ...profile, displayName: '  Kim Larsen ' })).resolves.toEqual(saved);
    expect(api.puts()).toEqual([
      {
        method: 'PUT',
        url: 'http://api.test/authUsers/authUser/kim',
        authorization: 'Bearer token-of-kim',
        body: { userData: { displayName: 'Kim Larsen', email: 'kim@example.com', phoneNumber: '+14355550148' } },
      },
    ]);
    expect(auth.$dbUser.get()).toEqual(saved);
  });

  it('sends a phone number typed with brackets, spaces and a dash as +1 and its ten digits', async () => {
    const api = stubApi(() => json(databaseUser('kim', { phoneNumber: '+14355550148' })));
    const { account } = await signedIn(fakeUser('kim'));
    await account.saveProfile({ ...profile, phoneNumber: '(435) 555-0148' });
    expect(api.puts()[0]?.body).toEqual({ userData: { displayName: 'Kim Larsen', email: 'kim@example.com', phoneNumber: '+14355550148' } });
  });

  it('escapes the uid in the path', async () => {
    const api = stubApi((_body, url) => json(databaseUser(decodeURIComponent(url.split('/').pop() ?? ''))));
    const { account } = await signedIn(fakeUser('odd/uid'));
    await account.saveProfile(profile);
    expect(api.puts()[0]?.url).toBe('http://api.test/authUsers/authUser/odd%2Fuid');
  });

  it("surfaces the API's error text, and leaves the stored user as it was", async () => {
    const message = 'Phone number must be between 10 to 14 digits';
    stubApi(() => json({ error: message, message }, 400));
    const { auth, account } = await signedIn(fakeUser('kim'));
    const before = auth.$dbUser.get();

    const failure = account.saveProfile(profile);
    await expect(failure).rejects.toThrow(message);
    const error = await failure.catch((thrown: unknown) => thrown);
    expect(account.failureText(error)).toBe(message);
    expect(auth.$dbUser.get()).toBe(before);
  });

  it('refuses what the shared schema refuses, with its message, without calling the API', async () => {
    const api = stubApi(() => json({}));
    const { account } = await signedIn(fakeUser('kim'));
    const failure = account.saveProfile({ ...profile, phoneNumber: '435-555-014' });
    await expect(failure).rejects.toThrow('Phone number must be between 10 to 14 digits');
    expect(account.failureText(await failure.catch((thrown: unknown) => thrown))).toBe('Phone number must be between 10 to 14 digits');
    expect(api.puts()).toEqual([]);
  });

  it("fails with 'No authenticated user found' when nobody is signed in", async () => {
    const api = stubApi(() => json({}));
    const { account } = await signedIn(null);
    await expect(account.saveProfile(profile)).rejects.toThrow('No authenticated user found');
    expect(api.calls).toEqual([]);
  });

  it('asks the identity service to mail a confirmation link to a new e-mail, then saves the profile naming it', async () => {
    const saved = databaseUser('kim', { displayName: 'Kim Larsen', pendingEmail: 'kim.new@example.com' });
    const api = stubApi(() => json(saved));
    const { auth, account } = await signedIn(fakeUser('kim'));

    await expect(account.saveProfile({ ...profile, email: 'kim.new@example.com' })).resolves.toEqual(saved);
    expect(firebase.emailChanges).toEqual([{ uid: 'kim', newEmail: 'kim.new@example.com', url: 'http://site.test/profile' }]);
    expect(api.puts()[0]?.body).toEqual({
      userData: { displayName: 'Kim Larsen', email: 'kim.new@example.com', phoneNumber: '+14355550148' },
    });
    expect(auth.$dbUser.get()?.pendingEmail).toBe('kim.new@example.com');

    // Saving again with the same pending address sends no second link.
    await account.saveProfile({ ...profile, email: 'KIM.NEW@example.com' });
    expect(firebase.emailChanges).toHaveLength(1);
  });

  it("shows the identity service's refusal of a new e-mail and saves nothing", async () => {
    const api = stubApi(() => json({}));
    firebase.refuseEmailChange = { code: 'auth/email-already-in-use' };
    const { account } = await signedIn(fakeUser('kim'));
    const failure = account.saveProfile({ ...profile, email: 'taken@example.com' });
    await expect(failure).rejects.toThrow('The email address is already in use.');
    expect(account.failureText(await failure.catch((thrown: unknown) => thrown))).toBe('The email address is already in use.');
    expect(api.puts()).toEqual([]);
  });
});

describe('saveSurvey', () => {
  it('PUTs the nine survey fields to /users/user/{uid} and keeps the database user it answers with', async () => {
    const saved = databaseUser('kim', { survey });
    const api = stubApi(() => json(saved));
    const { auth, account } = await signedIn(fakeUser('kim'));

    await expect(account.saveSurvey(survey)).resolves.toEqual(saved);
    expect(api.puts()).toEqual([
      { method: 'PUT', url: 'http://api.test/users/user/kim', authorization: 'Bearer token-of-kim', body: { survey } },
    ]);
    expect(auth.$dbUser.get()).toEqual(saved);
  });

  it("surfaces the API's error text", async () => {
    stubApi(() => json({ error: 'Emergency contact number is required', message: 'Emergency contact number is required' }, 400));
    const { account } = await signedIn(fakeUser('kim'));
    const failure = account.saveSurvey(survey);
    await expect(failure).rejects.toThrow('Emergency contact number is required');
    expect(account.failureText(await failure.catch((thrown: unknown) => thrown))).toBe('Emergency contact number is required');
  });

  it('gives no text for a failure without an error body, so the form shows its own message', async () => {
    stubApi(() => new Response('Bad gateway', { status: 502 }));
    const { account } = await signedIn(fakeUser('kim'));
    const error = await account.saveSurvey(survey).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(account.failureText(error)).toBeNull();
    expect(account.failureText(new TypeError('Failed to fetch'))).toBeNull();
  });

  it("fails with 'No authenticated user found' when nobody is signed in", async () => {
    const api = stubApi(() => json({}));
    const { account } = await signedIn(null);
    await expect(account.saveSurvey(survey)).rejects.toThrow('No authenticated user found');
    expect(api.calls).toEqual([]);
  });
});

describe('signWaiver', () => {
  it('PUTs the signature with agreed: true to /users/user/{uid}, naming the text shown, and keeps the answer', async () => {
    const saved = databaseUser('kim', { signature: SIGNATURE, agreed: true });
    const api = stubApi(() => json(saved));
    const { auth, account } = await signedIn(fakeUser('kim'));

    await expect(account.signWaiver(SIGNATURE, WAIVER_SHA256)).resolves.toEqual(saved);
    expect(api.shownTexts).toEqual([WAIVER_SHA256]);
    expect(api.puts()).toEqual([
      {
        method: 'PUT',
        url: 'http://api.test/users/user/kim',
        authorization: 'Bearer token-of-kim',
        body: { signature: SIGNATURE, agreed: true },
      },
    ]);
    expect(auth.$dbUser.get()).toEqual(saved);
  });

  it('refuses a signature that is not a PNG data URL', async () => {
    const api = stubApi(() => json({}));
    const { account } = await signedIn(fakeUser('kim'));
    await expect(account.signWaiver('', WAIVER_SHA256)).rejects.toThrow('The signature must be a PNG image');
    expect(api.puts()).toEqual([]);
  });

  it("surfaces the API's error text", async () => {
    stubApi(() => json({ error: 'User not found', message: 'User not found' }, 404));
    const { auth, account } = await signedIn(fakeUser('kim'));
    const before = auth.$dbUser.get();
    await expect(account.signWaiver(SIGNATURE, WAIVER_SHA256)).rejects.toThrow('User not found');
    expect(auth.$dbUser.get()).toBe(before);
  });

  it("fails with 'No authenticated user found' when nobody is signed in", async () => {
    const api = stubApi(() => json({}));
    const { account } = await signedIn(null);
    await expect(account.signWaiver(SIGNATURE, WAIVER_SHA256)).rejects.toThrow('No authenticated user found');
    expect(api.calls).toEqual([]);
  });
});

describe('an answer that is not the signed-in user', () => {
  it('is not stored', async () => {
    stubApi(() => json(databaseUser('someone-else')));
    const { auth, account } = await signedIn(fakeUser('kim'));
    const before = auth.$dbUser.get();
    await expect(account.saveSurvey(survey)).rejects.toThrow();
    expect(auth.$dbUser.get()).toBe(before);
  });
});
