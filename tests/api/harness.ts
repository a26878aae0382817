/**
 * The API under test: the real Hono app on a throw-away database (PGlite in memory, or a fresh
 * Postgres database when TEST_DATABASE_URL is set), real Firebase ID tokens from the Auth emulator.
 */
import { openAsBlob } from 'node:fs';
import { afterAll, inject } from 'vitest';
import { createApp } from '../../api/app.ts';
import { publicCache, type PublicCache } from '../../api/cache.ts';
import { openPglite, openPostgres, type Db } from '../../api/db/client.ts';
import { firebaseIdentity, type Identity } from '../../api/identity.ts';
import type { MailTransport } from '../../api/mail/transport.ts';
import { mailer as startMailer, type Mailer } from '../../api/mail/worker.ts';
import { localProvider } from '../../api/payments/local.ts';
import type { PaymentProvider } from '../../api/payments/provider.ts';
import type { RateLimits } from '../../api/limits/rate-limit.ts';
import { parseCidrList } from '../../api/limits/client-ip.ts';
import { currentWaiverEdition, type WaiverEdition } from '../../api/users/waiver-edition.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { surveyAnswers } from '../support/customer-answers.ts';
import type { CreditTerms } from '../../shared/rules/gift-card-credit.ts';
import { throwAwayDatabase } from '../../scripts/throwaway-database.ts';

/**
 * What the harnesses of a test file opened, ended last first once its tests are done (a harness is
 * made in a hook, where an `afterAll` of its own would never run).
 */
const ends: (() => Promise<unknown>)[] = [];
const atEnd = (end: () => Promise<unknown>) => ends.unshift(end);
afterAll(async () => {
  for (const end of ends.splice(0)) await end();
});

export const PROJECT_ID = process.env['GCLOUD_PROJECT'] ?? 'demo-kamas-test';
const EMULATOR = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
if (!EMULATOR) throw new Error('Run the API tests through `npm run test:api` so the Auth emulator is up.');

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/**
 * A new account on the Auth emulator, signed in. The emulator now and then drops a kept-alive
 * connection under load ("other side closed"); such a sign-up is tried again, with a new e-mail in
 * case the first one did reach it.
 */
export async function newUser(): Promise<TestUser> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await signUp();
    } catch (error) {
      if (!(error instanceof TypeError) || attempt === 3) throw error;
    }
  }
}

/**
 * Signs up, then signs in for the token: the emulator dates a sign-up's token from the start of the
 * request but the account's "valid since" from a moment later, so when a second ticks over in
 * between, the API rightly reads the sign-up's own token as revoked.
 */
async function signUp(): Promise<TestUser> {
  counter += 1;
  const email = `rider-${Date.now().toString(36)}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'powder-day-1';
  const call = async (method: string) => {
    const response = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    const body = (await response.json()) as { localId: string; idToken: string };
    if (!response.ok) throw new Error(`emulator ${method} failed: ${JSON.stringify(body)}`);
    return body;
  };
  await call('signUp');
  const body = await call('signInWithPassword');
  return { uid: body.localId, email, password, token: body.idToken };
}

/** Signs in again with e-mail and password: a new ID token carrying the account as it is now. */
export async function signInAgain(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const response = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken: string };
  if (!response.ok) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** A database of its own on the test server, a copy of `template` when given, dropped when it closes. */
async function serverDb(serverUrl: string, template?: string): Promise<Db> {
  const { url, drop } = await throwAwayDatabase(serverUrl, 'test', template);
  const db = await openPostgres(url, 60);
  const close = db.close;
  return {
    ...db,
    close: async () => {
      await close();
      await drop();
    },
  };
}

/** An empty database: in memory on PGlite, or of its own on the server at TEST_DATABASE_URL. */
export async function openTestDb(): Promise<Db> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  return serverUrl ? serverDb(serverUrl) : openPglite();
}

/** A database as every harness starts, migrated and seeded: a copy of the one ready-database.setup.ts made. */
async function readyDb(): Promise<Db> {
  const ready = inject('readyDatabase');
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if ('tarball' in ready) return openPglite(undefined, { from: await openAsBlob(ready.tarball) });
  if (!serverUrl) throw new Error('The ready database is on a Postgres server, but TEST_DATABASE_URL is not set.');
  return serverDb(serverUrl, ready.template);
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The socket address the request comes from; the harness's default when unset. */
  from?: string;
}

/** The address of the proxy in front of the API in tests that set a client IP header. */
export const PROXY_ADDRESS = '10.0.0.2';

/** What the Node server gives a request: the socket it arrived on. */
export const fromAddress = (remoteAddress: string | undefined) =>
  remoteAddress === undefined ? undefined : { incoming: { socket: { remoteAddress, remotePort: 40000 } } };

export interface Harness {
  db: Db;
  payments: PaymentProvider;
  /** The app's cache of public answers, for work done beside the app (sweeps) to clear. */
  cache: PublicCache;
  app: ReturnType<typeof createApp>;
  /** The app's mail worker, when the harness was given a mail transport: requests send their messages through it at once. */
  mailer?: Mailer;
  call: (method: string, path: string, options?: CallOptions) => Promise<Response>;
  json: <T = unknown>(method: string, path: string, options?: CallOptions) => Promise<{ status: number; body: T }>;
}

/** Limits so high that tests which call a route hundreds of times still exercise it; limit tests pass their own. */
const GENEROUS: RateLimits = {
  paymentIntents: { max: 100_000, windowSeconds: 3600 },
  holdsPerAddress: { max: 100_000, windowSeconds: 3600 },
  promoTries: { max: 100_000, windowSeconds: 60 },
  inviteTries: { max: 100_000, windowSeconds: 60 },
  giftCodeTries: { max: 100_000, windowSeconds: 60 },
  waiverSignings: { max: 100_000, windowSeconds: 3600 },
  waitlistJoins: { max: 100_000, windowSeconds: 3600 },
};

export interface HarnessOptions {
  payments?: PaymentProvider;
  holdSeconds?: number;
  limits?: Partial<RateLimits>;
  /** A client IP header set by a proxy at PROXY_ADDRESS, which is trusted and sends every call unless one says otherwise. */
  clientIpHeader?: string;
  /** The socket address calls come from; none (an in-process call) unless set, or PROXY_ADDRESS with clientIpHeader. */
  remoteAddress?: string;
  bookingCutoffHours?: number;
  /** The identity service; the Auth emulator for PROJECT_ID unless a test needs another. */
  identity?: Identity;
  /** The waiver text in force; the current one unless a test publishes another. */
  waiver?: WaiverEdition;
  /** Another harness's database, for a second API instance on the same data (e.g. after a new release). */
  db?: Db;
  /**
   * Where the app sends mail, as the running API does: a request that writes messages starts
   * sending them at once, without waiting. Without one, messages wait in the outbox for a test to send.
   */
  mailTransport?: MailTransport;
  /** What a credit instead of a refund earns; 10% for ever unless a test sets other terms. */
  creditTerms?: CreditTerms;
}

/** The site's address in links the API writes (messages, invites). */
export const SITE_URL = 'http://127.0.0.1:4322';

export async function harness(options: HarnessOptions = {}): Promise<Harness> {
  const db = options.db ?? (await readyDb());
  if (!options.db) atEnd(() => db.close());
  const payments = options.payments ?? localProvider();
  const cache = publicCache(2000);
  const identity = options.identity ?? firebaseIdentity(PROJECT_ID);
  const waiver = options.waiver ?? currentWaiverEdition;
  const mailer = options.mailTransport
    ? startMailer({ db, identity, transport: options.mailTransport, siteUrl: SITE_URL, waiverVersion: waiver.version })
    : undefined;
  // Messages being sent when the tests end are finished before the database closes.
  if (mailer) atEnd(() => mailer.idle());
  const app = createApp({
    db,
    identity,
    payments,
    siteOrigins: [SITE_URL],
    holdSeconds: options.holdSeconds ?? 900,
    currency: 'usd',
    cache,
    bookingCutoffHours: options.bookingCutoffHours ?? 12,
    limits: { ...GENEROUS, ...options.limits },
    clientIp: { header: options.clientIpHeader ?? null, trustedProxies: parseCidrList(options.clientIpHeader ? PROXY_ADDRESS : '') },
    waiver,
    ...(options.creditTerms ? { creditTerms: options.creditTerms } : {}),
    ...(mailer ? { mailer } : {}),
  });
  const defaultAddress = options.remoteAddress ?? (options.clientIpHeader ? PROXY_ADDRESS : undefined);
  const call: Harness['call'] = (method, path, { token, body, headers = {}, from = defaultAddress } = {}) =>
    Promise.resolve(
      app.request(
        path,
        {
          method,
          headers: {
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...headers,
          },
          ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
        },
        fromAddress(from),
      ),
    );
  const json: Harness['json'] = async (method, path, opts) => {
    const response = await call(method, path, opts);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
  };
  return { db, payments, cache, app, ...(mailer ? { mailer } : {}), call, json };
}

/** The first date of a calendar that is still ahead and has no seats taken. */
export async function freeDate(
  h: Harness,
  calendar: string,
  where: (entry: CalendarEntry) => boolean = () => true,
): Promise<CalendarEntry> {
  const { body } = await h.json<CalendarEntry[]>('GET', `/calendar/${calendar}`);
  const now = Date.now() / 1000;
  const used = await h.db.query<{ date_id: string }>(`select distinct date_id from bookings`);
  const taken = new Set(used.map((row) => row.date_id));
  const entry = body.find((item) => item.date._seconds > now + 86_400 && item.users.length === 0 && !taken.has(item.id) && where(item));
  if (!entry) throw new Error(`no free date left in ${calendar}`);
  return entry;
}

export function intentBody(
  user: TestUser,
  entry: CalendarEntry,
  calendar: string,
  priceId: string,
  partySize = 1,
  extra: Record<string, unknown> = {},
) {
  return {
    priceId,
    quantity: partySize,
    metadata: { userId: user.uid, dateId: entry.id, partySize, calendar, email: user.email },
    ...extra,
  };
}

/** The local provider's test card that pays. */
export const PAYING_CARD = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };

/** Holds `entry` for `user` and a party of `partySize`, as checkout does before the card step. */
export function holdDate(h: Harness, user: TestUser, entry: CalendarEntry, calendar: string, priceId: string, partySize = 1) {
  return h.json<{ bookingId: string; clientSecret: string }>('POST', '/stripe/create-payment-intent', {
    token: user.token,
    body: intentBody(user, entry, calendar, priceId, partySize),
  });
}

/** Holds `entry` for `user` and a party of `partySize`, and pays for it with the paying card; returns the payment's answer. */
export async function payForDate(h: Harness, user: TestUser, entry: CalendarEntry, calendar: string, priceId: string, partySize = 1) {
  const intent = await holdDate(h, user, entry, calendar, priceId, partySize);
  return h.json('POST', '/payments/local/confirm', { token: user.token, body: { clientSecret: intent.body.clientSecret, ...PAYING_CARD } });
}

/** The invite code `user` sees for their party on the date `dateId` of `calendar`, if any. */
export async function inviteCodeOf(h: Harness, user: TestUser, calendar: string, dateId: string): Promise<string | undefined> {
  const { body } = await h.json<CalendarEntry[]>('GET', `/calendar/${calendar}`, { token: user.token });
  return body.find((entry) => entry.id === dateId)?.inviteCode;
}

export const SURVEY = surveyAnswers({ probe: 'No', emergencyContactName: 'Jo Rider', emergencyContactNumber: '+14355550100' });

/** A tiny but real PNG (1 x 1) as a data URL. */
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * Completes what a booking needs, through the API as checkout does: the profile (name, e-mail,
 * phone), the safety survey and the current waiver.
 */
export async function makeReady(h: Harness, user: TestUser, displayName = 'Rider Lund'): Promise<TestUser> {
  const steps: [string, string, unknown][] = [
    ['POST', `/users/user/${user.uid}`, { uid: user.uid, email: user.email }],
    ['PUT', `/authUsers/authUser/${user.uid}`, { userData: { displayName, email: user.email, phoneNumber: '+14355550100' } }],
    ['PUT', `/users/user/${user.uid}`, { survey: SURVEY }],
    ['PUT', `/users/user/${user.uid}`, { signature: SIGNATURE, agreed: true }],
  ];
  for (const [method, path, body] of steps) {
    const response = await h.call(method, path, { token: user.token, body });
    if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  }
  return user;
}

/** A new account with everything a booking needs: a customer who has been through checkout's first three steps. */
export async function readyUser(h: Harness, displayName?: string): Promise<TestUser> {
  return makeReady(h, await newUser(), displayName);
}
