/**
 * The booking API and the Auth emulator as the browser tests use them directly: calendars as the API
 * answers them, customers made and signed in by API, and bookings paid through the API alone, as
 * another customer's checkout would.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { expect, newEmulatorAccount, PIXEL, test } from './fixtures.ts';
import { SURVEY_ANSWERS } from '../support/customer-answers.ts';
import { verifyEmail } from '../support/emulator-links.ts';

export const PASSWORD = 'powder-day-1';
export const GOOD_CARD = '4242 4242 4242 4242';
const DAY_MS = 86_400_000;

export type CalendarName = 'winter-day-tours' | 'winter-classes' | 'winter-mentorship';

export interface Entry {
  id: string;
  date: { _seconds: number; _nanoseconds: number };
  closesAt?: { _seconds: number; _nanoseconds: number };
  partySize: number;
  users: string[];
  stripeId?: string;
  /** The class kind, 'moto' or 'sledski'. */
  type?: string;
  /** Only to the booking's own members. */
  inviteCode?: string;
}

// ---- What the API says ----

/** A calendar as the API answers it now, in start order; with a token, as that customer sees it (with their invite codes). */
export async function calendar(
  request: APIRequestContext,
  name: CalendarName,
  options: { token?: string; api?: string } = {},
): Promise<Entry[]> {
  const response = await request.get(`${options.api ?? E2E.api}/calendar/${name}`, {
    headers: { 'Cache-Control': 'no-cache', ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}) },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Entry[]).sort((a, b) => a.date._seconds - b.date._seconds);
}

/** Seats taken on a date now (paid seats and live holds), as the public calendar counts them. */
export async function seatsTaken(request: APIRequestContext, name: CalendarName, dateId: string, api = E2E.api): Promise<number> {
  const entry = (await calendar(request, name, { api })).find((candidate) => candidate.id === dateId);
  if (!entry) throw new Error(`no date ${dateId} on ${name}`);
  return entry.users.length;
}

export const startOf = (entry: Entry) => new Date(entry.date._seconds * 1000 + Math.floor(entry.date._nanoseconds / 1e6));
const isNextDay = (entry: Entry) => startOf(entry).getTime() > Date.now() && startOf(entry).getTime() < Date.now() + 36 * 3_600_000;
export const isOpen = (entry: Entry) => (entry.closesAt ?? entry.date)._seconds * 1000 > Date.now();

/**
 * How a test uses a date it takes: `untouched`, counting its seats, so no other test may book it; or
 * `shared`, booking on it and counting nothing, beside other tests of the same worker.
 */
type DateUse = 'untouched' | 'shared';

/**
 * The first of `candidates` this test may take, claimed for it. Test files run side by side, and a
 * date is claimed once for the run (a file made with the `wx` flag in E2E_DATE_CLAIMS, a folder the
 * config makes for the run): an untouched date by one test only, a shared one by the tests of one
 * worker, which never run two at once, so that two tests never reach for the same last seats.
 */
function firstClaimed(candidates: readonly Entry[], use: DateUse, api: string): Entry | undefined {
  const folder = process.env['E2E_DATE_CLAIMS'];
  if (!folder) throw new Error('E2E_DATE_CLAIMS is not set: the Playwright config makes it for the run');
  const mark = use === 'shared' ? `shared by worker ${test.info().parallelIndex}` : use;
  return candidates.find((entry) => {
    // Each API of a test's own has the seeded dates, with the same ids, on a database of its own.
    const file = join(folder, `${new URL(api).port}-${entry.id}`);
    try {
      writeFileSync(file, mark, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return use === 'shared' && readFileSync(file, 'utf8') === mark;
    }
  });
}

/**
 * The dates tests take from: open, later than the first six weeks of the season (booking.spec.ts works
 * there) and not among the last two such dates (nor there), latest first.
 */
async function datesForTests(
  request: APIRequestContext,
  name: CalendarName,
  priceId: string | undefined,
  api: string,
  taken: (entry: Entry) => boolean,
) {
  const entries = await calendar(request, name, { api });
  // A tour added for the coming night (./booked-party.ts, for the trip day) does not start the season.
  const first = entries.find((entry) => !isNextDay(entry)) ?? entries[0];
  if (!first) throw new Error(`${name} is empty`);
  const from = startOf(first).getTime() + 42 * DAY_MS;
  const candidates = entries.filter(
    (entry) => isOpen(entry) && startOf(entry).getTime() >= from && (!priceId || entry.stripeId === priceId),
  );
  return candidates
    .slice(0, -2)
    .filter((entry) => !taken(entry))
    .reverse();
}

/** A date nobody has touched, for a test that counts its seats: each time another one, as the date taken before is touched. */
export async function freshDate(request: APIRequestContext, name: CalendarName, priceId?: string, api = E2E.api): Promise<Entry> {
  const entry = firstClaimed(await datesForTests(request, name, priceId, api, (candidate) => candidate.users.length > 0), 'untouched', api);
  if (!entry) throw new Error(`no untouched date left on ${name}`);
  return entry;
}

/** The soonest date nobody has touched that starts at least `days` days from now (among the dates tests take from). */
export async function freshDateAtLeast(request: APIRequestContext, name: CalendarName, days: number, api = E2E.api): Promise<Entry> {
  const from = Date.now() + days * DAY_MS;
  const later = (await datesForTests(request, name, undefined, api, (candidate) => candidate.users.length > 0)).filter(
    (candidate) => startOf(candidate).getTime() >= from,
  );
  const entry = firstClaimed(later.reverse(), 'untouched', api);
  if (!entry) throw new Error(`no untouched date ${days} days ahead on ${name}`);
  return entry;
}

/** A mentorship day nobody has booked yet, the latest first: there are only four a season, one a month. */
export async function freshMentorshipDay(request: APIRequestContext, api = E2E.api): Promise<Entry> {
  const entries = await calendar(request, 'winter-mentorship', { api });
  const entry = firstClaimed(entries.filter((candidate) => isOpen(candidate) && candidate.users.length === 0).reverse(), 'untouched', api);
  if (!entry) throw new Error('no untouched mentorship day left');
  return entry;
}

/** A class date with at least `seats` seats left, for a test that books but counts nothing on the date itself (shared between tests). */
export async function classDateWithSeats(request: APIRequestContext, priceId: string, seats: number, api = E2E.api): Promise<Entry> {
  const withSeats = await datesForTests(
    request,
    'winter-classes',
    priceId,
    api,
    (candidate) => candidate.partySize - candidate.users.length < seats,
  );
  const entry = firstClaimed(withSeats, 'shared', api);
  if (!entry) throw new Error(`no class date with ${seats} seats left`);
  return entry;
}

/**
 * A class date with `seats` left in the season's first six weeks, which the tests that need untouched
 * dates never take (./datesForTests): the latest such date a day or more ahead; a later one only when
 * there is none.
 */
export async function earlyClassDateWithSeats(request: APIRequestContext, priceId: string, seats: number): Promise<Entry> {
  const entries = await calendar(request, 'winter-classes');
  const first = entries.find((entry) => !isNextDay(entry)) ?? entries[0];
  const poolStarts = first ? startOf(first).getTime() + 42 * DAY_MS : 0;
  const early = entries.filter(
    (entry) =>
      isOpen(entry) &&
      entry.stripeId === priceId &&
      entry.partySize - entry.users.length >= seats &&
      startOf(entry).getTime() > Date.now() + DAY_MS &&
      startOf(entry).getTime() < poolStarts,
  );
  return firstClaimed(early.reverse(), 'shared', E2E.api) ?? classDateWithSeats(request, priceId, seats);
}

/** The ID token and uid of an Auth emulator account. */
export async function signInByApi(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post(
    `http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(response.ok(), await response.text()).toBe(true);
  const { localId: uid, idToken } = (await response.json()) as { localId: string; idToken: string };
  return { uid, idToken };
}

export async function bookingsOf(request: APIRequestContext, account: { uid: string; idToken: string }, api = E2E.api): Promise<string[]> {
  const response = await request.get(`${api}/users/user/${account.uid}`, { headers: { Authorization: `Bearer ${account.idToken}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { bookings: string[] }).bookings;
}

/** The id of the booking the customer's party holds on `dateId` (as My Bookings' QR code shows it). */
export async function bookingIdOn(
  request: APIRequestContext,
  account: { idToken: string },
  dateId: string,
  api = E2E.api,
): Promise<string> {
  const response = await request.get(`${api}/parties/${encodeURIComponent(dateId)}`, {
    headers: { Authorization: `Bearer ${account.idToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { bookingId: string }).bookingId;
}

export interface Customer {
  uid: string;
  email: string;
  idToken: string;
  name: string;
}

let phones = 0;
/** Ten digits no other account of this run has, so a customer is told apart by phone as by name. */
export const uniquePhone = () => `4${String((Date.now() + (phones += 1)) % 1e9).padStart(9, '0')}`;

export const newEmail = (what: string) => `e2e-${what}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

export { SURVEY_ANSWERS };

/** A drawn signature as the waiver form sends it: a PNG data URL. */
export const SIGNATURE_IMAGE = `data:image/png;base64,${PIXEL.toString('base64')}`;

/**
 * A returning customer: an Auth emulator account whose profile, safety survey and waiver are all
 * saved through the API, as a past checkout left them.
 */
export async function readyCustomer(request: APIRequestContext, api = E2E.api): Promise<Customer> {
  const email = newEmail('returning');
  const { uid, idToken } = await newEmulatorAccount(request, email, PASSWORD);
  const headers = { Authorization: `Bearer ${idToken}` };
  const name = 'Casey Ridge';
  for (const [method, path, data] of [
    ['post', `/users/user/${uid}`, { uid, email }],
    ['put', `/authUsers/authUser/${uid}`, { userData: { displayName: name, email, phoneNumber: `+1${uniquePhone()}` } }],
    [
      'put',
      `/users/user/${uid}`,
      {
        survey: SURVEY_ANSWERS,
      },
    ],
    ['put', `/users/user/${uid}`, { signature: SIGNATURE_IMAGE, agreed: true }],
  ] as const) {
    const response = await request[method](`${api}${path}`, { headers, data });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  }
  return { uid, email, idToken, name };
}

/** Pays for a date through the API alone (a hold, then the local card), as another customer's checkout would. */
export async function bookByApi(
  request: APIRequestContext,
  customer: Customer,
  order: { dateId: string; priceId: string; calendar: CalendarName; partySize: number },
  api = E2E.api,
) {
  const headers = { Authorization: `Bearer ${customer.idToken}` };
  const hold = await request.post(`${api}/stripe/create-payment-intent`, {
    headers,
    data: {
      priceId: order.priceId,
      quantity: order.partySize,
      metadata: {
        userId: customer.uid,
        dateId: order.dateId,
        partySize: order.partySize,
        calendar: order.calendar,
        stripeId: order.priceId,
        email: customer.email,
      },
    },
  });
  expect(hold.ok(), await hold.text()).toBe(true);
  const { clientSecret } = (await hold.json()) as { clientSecret: string };
  const paid = await request.post(`${api}/payments/local/confirm`, {
    headers,
    data: { clientSecret, cardNumber: GOOD_CARD, expiry: '12/30', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

// ---- Staff ----

/**
 * The operator who runs the commands of these tests (`--by`): an account with a proved address given
 * the operator role directly in the Auth emulator, as a project's first operator is.
 */
let office: Promise<string> | null = null;
export function officeOperator(request: APIRequestContext): Promise<string> {
  office ??= (async () => {
    const email = newEmail('office');
    const { uid } = await newEmulatorAccount(request, email, PASSWORD);
    const update = await request.post(
      `http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/projects/${E2E.projectId}/accounts:update`,
      {
        headers: { Authorization: 'Bearer owner' },
        data: { localId: uid, emailVerified: true, customAttributes: JSON.stringify({ operator: true }) },
      },
    );
    expect(update.ok(), await update.text()).toBe(true);
    return email;
  })();
  return office;
}

/**
 * Where the role commands of these tests keep their record: a PGlite folder of this test process's own
 * (the run's API holds its own folder while it runs).
 */
const commandDataDir = mkdtempSync(join(tmpdir(), 'kamas-e2e-commands-'));
process.once('exit', () => rmSync(commandDataDir, { recursive: true, force: true }));

/** A role command, by the office's operator, against the test's Auth emulator. */
function roleCommand(script: string, args: string[], by: string): string {
  return execFileSync(process.execPath, [`api/cli/${script}`, ...args, '--by', by, '--reason', 'Staff for the browser tests'], {
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: E2E.authEmulator,
      FIREBASE_PROJECT_ID: E2E.projectId,
      DATA_DIR: commandDataDir,
      DATABASE_URL: '',
    },
    encoding: 'utf8',
  });
}

/** `npm run staff:grant -- EMAIL ROLE --by OPERATOR ...`, as an operator runs it against the test's Auth emulator. */
export const grantStaffRole = (email: string, role: 'guide' | 'operator', by: string): string =>
  roleCommand('staff-role-cli.ts', ['grant', email, role], by);

/** `npm run staff:revoke -- EMAIL ROLE --by OPERATOR ...`, as an operator runs it against the test's Auth emulator. */
export const revokeStaffRole = (email: string, role: 'guide' | 'operator', by: string): string =>
  roleCommand('staff-role-cli.ts', ['revoke', email, role], by);

/** `npm run guide:grant -- EMAIL --by OPERATOR ...`, as an operator runs it against the test's Auth emulator. */
export const grantGuideRole = (email: string, by: string): string => roleCommand('guide-role-cli.ts', ['grant', email], by);

/** A new account with a proved address, given `role` by the command. */
export async function newStaffMember(request: APIRequestContext, role: 'guide' | 'operator'): Promise<string> {
  const email = newEmail(role);
  const signUp = await request.post(`http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    data: { email, password: PASSWORD, returnSecureToken: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  // The role goes only to a proved address: the new member of staff follows the verification link first.
  await verifyEmail(E2E.authEmulator, E2E.projectId, ((await signUp.json()) as { idToken: string }).idToken, email);
  const by = await officeOperator(request);
  expect(role === 'guide' ? grantGuideRole(email, by) : grantStaffRole(email, role, by)).toContain(`${email}`);
  return email;
}

/** A new account made a guide by the operator command. */
export const newGuide = (request: APIRequestContext) => newStaffMember(request, 'guide');

/** A gift card worth `dollars`, issued by the office's operator (POST /ops/gift-cards): its code. */
export async function issuedGiftCard(request: APIRequestContext, dollars: number): Promise<string> {
  const operator = await signInByApi(request, await officeOperator(request));
  const response = await request.post(`${E2E.api}/ops/gift-cards`, {
    headers: { Authorization: `Bearer ${operator.idToken}` },
    data: { dollars, recipientName: 'Sam Ridge', reason: 'A raffle prize' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { code: string }).code;
}

/** What is left on the gift card of `code`, in cents, as its balance page asks. */
export async function giftCardBalance(request: APIRequestContext, code: string): Promise<number> {
  const response = await request.post(`${E2E.api}/gift-cards/balance`, { data: { code } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { balance: number }).balance;
}
