/**
 * The auth store against a stand-in for the Firebase SDK (at the module that names the SDK functions
 * the store calls) and for the booking API (at fetch), with the persistent store's test engine in
 * place of localStorage.
 */
import 'fake-indexeddb/auto';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGOUT_FAILED_MESSAGE, SIGN_IN_UNAVAILABLE_MESSAGE, UNEXPECTED_MESSAGE } from '../../src/lib/auth-errors.ts';
import { fakeUser as firebaseUser } from './support/accounts.ts';

type Listener = (user: User | null) => void;

/** A hand-driven Firebase: tests decide when it reports a state and how each call answers. */
const firebase = vi.hoisted(() => ({
  failLoads: 0,
  listeners: [] as ((user: unknown) => void)[],
  signIn: (_email: string, _password: string): Promise<{ user: unknown }> => Promise.reject(new Error('not set')),
  signOut: (): Promise<void> => Promise.resolve(),
  resetMails: [] as { email: string; continueUrl: string }[],
  resetAnswer: (): Promise<void> => Promise.resolve(),
  deleted: [] as string[],
  verifyMails: [] as { uid: string; continueUrl: string }[],
  verifyAnswer: (): Promise<void> => Promise.resolve(),
}));

const firebaseModule = vi.hoisted(() => () => {
  if (firebase.failLoads > 0) {
    firebase.failLoads -= 1;
    throw new TypeError('Failed to fetch dynamically imported module: /_astro/index.esm.js');
  }
  return {
    onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
      firebase.listeners.push(listener);
      return () => undefined;
    },
    signInWithEmailAndPassword: (_auth: unknown, email: string, password: string) => firebase.signIn(email, password),
    createUserWithEmailAndPassword: (_auth: unknown, email: string, password: string) => firebase.signIn(email, password),
    deleteUser: async (user: { uid: string }) => {
      firebase.deleted.push(user.uid);
    },
    signOut: () => firebase.signOut(),
    sendEmailVerification: async (user: { uid: string }, settings: { url: string }) => {
      await firebase.verifyAnswer();
      firebase.verifyMails.push({ uid: user.uid, continueUrl: settings.url });
    },
    sendPasswordResetEmail: async (_auth: unknown, email: string, settings: { url: string }) => {
      await firebase.resetAnswer();
      firebase.resetMails.push({ email, continueUrl: settings.url });
    },
  };
});
vi.mock('../../src/lib/firebase-auth-functions.ts', firebaseModule);
vi.mock('../../src/lib/firebase.ts', () => ({ firebaseAuth: () => ({}), serverPasswordRules: false }));

function fakeUser(uid: string, expiresInMs = 60 * 60_000, claims: Record<string, unknown> = {}) {
  const refreshes: boolean[] = [];
  const getIdToken = async (force?: boolean) => {
    refreshes.push(Boolean(force));
    return `fresh-token-of-${uid}`;
  };
  return { user: firebaseUser(uid, { expiresInMs, claims, getIdToken }), refreshes };
}

/** Answers POST /users/user/{uid} with the database user, when the test says so. */
function databaseApi() {
  const pending = new Map<string, () => void>();
  const fetchMock = vi.fn(async (url: URL | string) => {
    const uid = decodeURIComponent(String(url).split('/').pop() ?? '');
    await new Promise<void>((resolve) => pending.set(uid, resolve));
    return new Response(JSON.stringify({ uid, email: `${uid}@example.com`, bookings: [] }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    answer: async (uid: string) => {
      await vi.waitFor(() => expect(pending.has(uid)).toBe(true));
      pending.get(uid)?.();
      pending.delete(uid);
    },
  };
}

const report = (user: User | null) => {
  for (const listener of firebase.listeners) (listener as Listener)(user);
};

/** The auth store and the sign-in actions, loaded afresh. */
async function freshStore() {
  vi.resetModules();
  return { ...(await import('../../src/stores/auth.ts')), ...(await import('../../src/stores/auth-actions.ts')) };
}

const firebaseListening = () => vi.waitFor(() => expect(firebase.listeners).toHaveLength(1));

/** A fresh store whose Firebase has reported `user` as its first state. */
async function storeAfterFirstReport(user: User | null) {
  const auth = await freshStore();
  void auth.startAuth();
  await firebaseListening();
  report(user);
  return auth;
}

beforeEach(() => {
  useTestStorageEngine();
  firebase.failLoads = 0;
  firebase.listeners = [];
  firebase.deleted = [];
  firebase.verifyMails = [];
  firebase.verifyAnswer = () => Promise.resolve();
  firebase.signOut = () => Promise.resolve();
});
afterEach(() => {
  cleanTestStorage();
  vi.unstubAllGlobals();
});

/** The API client of the store loaded last: it takes its tokens from that auth store. */
const signedInApi = () => import('../../src/stores/api.ts');

describe('a signed-in call to the API', () => {
  it('without a user fails with No authenticated user found, and sends nothing', async () => {
    await storeAfterFirstReport(null);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect((await signedInApi()).protectedFetch('/users/user/nobody')).rejects.toThrow('No authenticated user found');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the user's token, and a non-OK answer fails with its JSON body's message, not logged", async () => {
    const { user } = fakeUser('rider');
    const api = databaseApi();
    await storeAfterFirstReport(user);
    await api.answer('rider');
    const seen: Headers[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers));
      return new Response(JSON.stringify({ error: 'Survey is incomplete' }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect((await signedInApi()).protectedFetch('/users/user/rider', { method: 'PUT', body: {} })).rejects.toThrow(
      'Survey is incomplete',
    );
    expect(seen[0]?.get('Authorization')).toBe('Bearer token-of-rider');
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('logs any other failure and throws it on', async () => {
    const { user } = fakeUser('rider');
    const api = databaseApi();
    await storeAfterFirstReport(user);
    await api.answer('rider');
    const offline = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', () => Promise.reject(offline));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect((await signedInApi()).protectedFetch('/users/user/rider')).rejects.toBe(offline);
    expect(logged).toHaveBeenCalledWith('The call to /users/user/rider failed', offline);
    logged.mockRestore();
  });

  it('logs nothing of a call its caller gave up (an island that went, a key that changed)', async () => {
    const { user } = fakeUser('rider');
    const api = databaseApi();
    await storeAfterFirstReport(user);
    await api.answer('rider');
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          // As fetch does: refused at once when already given up, else when it is.
          if (init.signal?.aborted) reject(init.signal.reason);
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const call = (await signedInApi()).protectedFetch('/ops/attention', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toThrow();
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe('the ID token', () => {
  it('asked for before Firebase reported the first state waits for it instead of failing', async () => {
    const auth = await freshStore();
    databaseApi();
    const { user } = fakeUser('early');
    const token = auth.idToken();
    await firebaseListening();
    report(user);
    await expect(token).resolves.toBe('token-of-early');
  });

  it('fails with the spec message once Firebase reports nobody signed in', async () => {
    const auth = await freshStore();
    const token = auth.idToken();
    await firebaseListening();
    report(null);
    await expect(token).rejects.toThrow('No authenticated user found');
  });

  it('is refreshed when it expires within five minutes, and reused otherwise', async () => {
    databaseApi();
    const soon = fakeUser('soon', 4 * 60_000);
    const auth = await storeAfterFirstReport(soon.user);
    await expect(auth.idToken()).resolves.toBe('fresh-token-of-soon');
    expect(soon.refreshes).toContain(true);

    const later = fakeUser('later', 6 * 60_000);
    report(later.user);
    await expect(auth.idToken()).resolves.toBe('token-of-later');
    expect(later.refreshes).toEqual([]);
  });
});

describe('the database user', () => {
  it('that arrives after logout is dropped', async () => {
    const api = databaseApi();
    const { user } = fakeUser('leaver');
    const auth = await storeAfterFirstReport(user);
    await vi.waitFor(() => expect(api.fetchMock).toHaveBeenCalledOnce());
    await auth.logout();
    await api.answer('leaver');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(auth.$dbUser.get()).toBeNull();
    expect(auth.$authStatus.get()).toBe('signed-out');
    expect(JSON.parse(getTestStorage()['auth:known-user'] ?? 'null')).toBeNull();
  });

  it('that arrives for another uid is dropped, and the current one is kept', async () => {
    const api = databaseApi();
    const auth = await storeAfterFirstReport(fakeUser('first').user);
    report(fakeUser('second').user);
    await api.answer('second');
    await vi.waitFor(() => expect(auth.$dbUser.get()?.uid).toBe('second'));
    await api.answer('first');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(auth.$dbUser.get()?.uid).toBe('second');
  });
});

describe('a Firebase that cannot load', () => {
  it('is shown, not left loading, and retried by the next action', async () => {
    firebase.failLoads = 1;
    vi.doMock('../../src/lib/firebase-auth-functions.ts', firebaseModule);
    const auth = await freshStore();
    await auth.startAuth();
    expect(auth.$authStatus.get()).toBe('signed-out');
    expect(auth.$authError.get()?.message).toBe(SIGN_IN_UNAVAILABLE_MESSAGE);

    const api = databaseApi();
    const { user } = fakeUser('retry');
    firebase.signIn = async () => ({ user });
    const signedIn = auth.signIn('retry@example.com', 'powder-day');
    await firebaseListening();
    report(null);
    await api.answer('retry');
    await expect(signedIn).resolves.toMatchObject({ uid: 'retry' });
    expect(auth.$authStatus.get()).toBe('signed-in');
    expect(auth.$authError.get()).toBeNull();
    expect(JSON.parse(getTestStorage()['auth:known-user'] ?? 'null')).toEqual({ uid: 'retry', email: 'retry@example.com' });
  });
});

describe('a user remembered on this browser', () => {
  const remember = (uid: string) => setTestStorageKey('auth:known-user', JSON.stringify({ uid, email: `${uid}@example.com` }));

  it('is being confirmed until Firebase reports them signed in, and then no longer', async () => {
    remember('back');
    const api = databaseApi();
    const auth = await freshStore();
    expect(auth.$confirmingKnownUser.get()).toBe(true);
    void auth.startAuth();
    await firebaseListening();
    expect(auth.$confirmingKnownUser.get()).toBe(true);
    report(fakeUser('back').user);
    await vi.waitFor(() => expect(auth.$confirmingKnownUser.get()).toBe(false));
    expect(auth.$authStatus.get()).toBe('signed-in');
    await api.answer('back');
  });

  it('whom Firebase reports signed out after all is forgotten, and no longer being confirmed', async () => {
    remember('gone');
    const auth = await freshStore();
    void auth.startAuth();
    await firebaseListening();
    report(null);
    await vi.waitFor(() => expect(auth.$authStatus.get()).toBe('signed-out'));
    expect(auth.$confirmingKnownUser.get()).toBe(false);
    expect(auth.$knownUser.get()).toBeNull();
  });

  it('is not left being confirmed when Firebase cannot load', async () => {
    remember('offline');
    firebase.failLoads = 1;
    vi.doMock('../../src/lib/firebase-auth-functions.ts', firebaseModule);
    const auth = await freshStore();
    await auth.startAuth();
    expect(auth.$confirmingKnownUser.get()).toBe(false);
    expect(auth.$authError.get()?.message).toBe(SIGN_IN_UNAVAILABLE_MESSAGE);
  });

  it('is never being confirmed when nobody is remembered', async () => {
    const auth = await freshStore();
    expect(auth.$confirmingKnownUser.get()).toBe(false);
    void auth.startAuth();
    await firebaseListening();
    expect(auth.$confirmingKnownUser.get()).toBe(false);
  });
});

describe('the guide role', () => {
  it('is remembered for the account menu from the token claims, and forgotten for a customer', async () => {
    const api = databaseApi();
    const auth = await storeAfterFirstReport(fakeUser('guide', 60 * 60_000, { guide: true }).user);
    await api.answer('guide');
    await vi.waitFor(() => expect(auth.$knownUser.get()).toEqual({ uid: 'guide', email: 'guide@example.com', guide: true }));
    report(fakeUser('guide', 60 * 60_000, {}).user);
    await vi.waitFor(() => expect(auth.$knownUser.get()).toEqual({ uid: 'guide', email: 'guide@example.com' }));
    report(fakeUser('rider', 60 * 60_000, { guide: 'yes' }).user);
    await api.answer('rider');
    await vi.waitFor(() => expect(auth.$knownUser.get()).toEqual({ uid: 'rider', email: 'rider@example.com' }));
  });
});

describe('actions', () => {
  it('keep the status at loading through a sign-in, even when Firebase reports nobody meanwhile', async () => {
    const auth = await freshStore();
    const api = databaseApi();
    const { user } = fakeUser('steady');
    let finish: (value: { user: User }) => void = () => undefined;
    firebase.signIn = () => new Promise((resolve) => (finish = resolve));
    const seen: string[] = [];
    auth.$authStatus.subscribe((status) => seen.push(status));

    const signedIn = auth.signIn('steady@example.com', 'powder-day');
    await firebaseListening();
    report(null);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(auth.$authStatus.get()).toBe('loading');
    finish({ user });
    await api.answer('steady');
    await signedIn;
    expect(seen).toEqual(['loading', 'signed-in']);
  });

  it('show the spec message for an error without a known code', async () => {
    const auth = await storeAfterFirstReport(null);
    for (const thrown of [new TypeError('x is undefined'), { code: 'auth/brand-new-code', message: 'Firebase: raw' }]) {
      firebase.signIn = () => Promise.reject(thrown);
      await expect(auth.signIn('a@example.com', 'powder-day')).rejects.toThrow(UNEXPECTED_MESSAGE);
      expect(auth.$authError.get()).toEqual({ message: UNEXPECTED_MESSAGE, field: null });
      expect(auth.$authStatus.get()).toBe('signed-out');
    }
  });

  it('tie a credential error to the fields it is about', async () => {
    const auth = await storeAfterFirstReport(null);
    firebase.signIn = () => Promise.reject({ code: 'auth/wrong-password' });
    await expect(auth.signIn('a@example.com', 'nope-nope')).rejects.toThrow('Incorrect password. Please try again.');
    expect(auth.$authError.get()).toEqual({ message: 'Incorrect password. Please try again.', field: 'password' });
    auth.clearAuthError();
    expect(auth.$authError.get()).toBeNull();
  });

  it('ask for a password reset link that brings the customer back to /sign-in, and answer an unknown address as a known one', async () => {
    vi.stubGlobal('window', { location: { origin: 'https://www.kamas.test' } });
    const auth = await freshStore();
    firebase.resetMails = [];
    firebase.resetAnswer = () => Promise.resolve();
    await auth.sendPasswordReset('  kim@example.com ');
    expect(firebase.resetMails).toEqual([{ email: 'kim@example.com', continueUrl: 'https://www.kamas.test/sign-in' }]);

    firebase.resetAnswer = () => Promise.reject({ code: 'auth/user-not-found' });
    await expect(auth.sendPasswordReset('nobody@example.com')).resolves.toBeUndefined();
    firebase.resetAnswer = () => Promise.reject({ code: 'auth/invalid-email' });
    await expect(auth.sendPasswordReset('kim@')).rejects.toThrow('The email address is not valid.');
    firebase.resetAnswer = () => Promise.reject({ code: 'auth/too-many-requests' });
    await expect(auth.sendPasswordReset('kim@example.com')).rejects.toThrow('Too many attempts. Please wait a moment and try again.');
    vi.unstubAllGlobals();
  });

  it('a failed logout says so and keeps the session as it was', async () => {
    const api = databaseApi();
    const auth = await storeAfterFirstReport(fakeUser('stays').user);
    await api.answer('stays');
    firebase.signOut = () => Promise.reject(new Error('network down'));
    await expect(auth.logout()).rejects.toThrow(LOGOUT_FAILED_MESSAGE);
    expect(auth.$authError.get()?.message).toBe(LOGOUT_FAILED_MESSAGE);
    expect(auth.$authStatus.get()).toBe('signed-in');
    expect(auth.$knownUser.get()?.uid).toBe('stays');
  });

  it('a logout waits while check-ins recorded on this phone are unsent, unless told to lose them, and clears the device before it completes', async () => {
    const api = databaseApi();
    const auth = await storeAfterFirstReport(fakeUser('guide-ana').user);
    await api.answer('guide-ana');
    const device = await import('../../src/lib/device-data.ts');
    const unsent = (id: string, kind: 'here' | 'signed') => ({
      id,
      dateId: 'tour-1',
      ownerUid: 'guide-ana',
      by: 'Ana',
      event: { id, kind, bookingId: 'bk_1', uid: 'u_lee', at: '2027-01-09T15:12:00.000Z' } as never,
      sentAt: null,
      refused: null,
    });
    await (await device.openDevice()).put('tripEvents', unsent('event-0001', 'here'));
    await (await device.openDevice()).put('tripEvents', unsent('event-0002', 'signed'));
    let signOuts = 0;
    firebase.signOut = async () => {
      signOuts += 1;
      // The device was cleared before Firebase was asked.
      expect(await device.unsentOnDevice('guide-ana')).toEqual({ checkIns: 0, signatures: 0 });
    };
    await expect(auth.logout()).rejects.toThrow(
      'This phone holds 1 check-in and 1 signature not yet sent. Open the trip sheet where there is a signal to send them: logging out now would lose them.',
    );
    expect(signOuts).toBe(0);
    expect(auth.$authStatus.get()).toBe('signed-in');
    expect(await device.unsentOnDevice('guide-ana')).toEqual({ checkIns: 1, signatures: 1 });

    await auth.logout({ loseUnsent: true });
    expect(signOuts).toBe(1);
    expect(auth.$authStatus.get()).toBe('signed-out');
  });

  it('a sign-up asks for the link that confirms the address, back to /profile; the account stands when it cannot be sent', async () => {
    const auth = await storeAfterFirstReport(null);
    const api = databaseApi();
    vi.stubGlobal('window', { location: { origin: 'https://www.kamas.test' } });
    const { user } = fakeUser('newcomer');
    firebase.signIn = async () => ({ user });
    const signedUp = auth.signUp('newcomer@example.com', 'powder-day');
    await api.answer('newcomer');
    await expect(signedUp).resolves.toMatchObject({ uid: 'newcomer' });
    expect(firebase.verifyMails).toEqual([{ uid: 'newcomer', continueUrl: 'https://www.kamas.test/profile' }]);

    const { user: unlucky } = fakeUser('unlucky');
    firebase.signIn = async () => ({ user: unlucky });
    firebase.verifyAnswer = () => Promise.reject({ code: 'auth/too-many-requests' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const second = auth.signUp('unlucky@example.com', 'powder-day');
    await api.answer('unlucky');
    await expect(second).resolves.toMatchObject({ uid: 'unlucky' });
    expect(firebase.deleted).toEqual([]);
    expect(auth.$authStatus.get()).toBe('signed-in');
  });

  it('a sign-up whose database user cannot be made deletes the new account', async () => {
    const auth = await storeAfterFirstReport(null);
    const { user } = fakeUser('rolled-back');
    firebase.signIn = async () => ({ user });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'Bookings are offline.' }), { status: 503 })),
    );
    await expect(auth.signUp('new@example.com', 'powder-day')).rejects.toThrow('Bookings are offline.');
    expect(firebase.deleted).toEqual(['rolled-back']);
    expect(auth.$authStatus.get()).toBe('signed-out');
    expect(auth.$knownUser.get()).toBeNull();
  });
});
