import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyEmail as verifyByLink } from '../support/emulator-links.ts';
import {
  freeDate,
  harness,
  intentBody,
  inviteCodeOf,
  newUser,
  payForDate,
  PROJECT_ID,
  readyUser,
  signInAgain as signIn,
  SIGNATURE,
  SURVEY,
  type Harness,
  type TestUser,
} from './harness.ts';
import { openPglite } from '../../api/db/client.ts';
import { migrate } from '../../api/db/migrate.ts';
import { listRosterReads } from '../../api/roster/roster.ts';
import { seedIfEmpty } from '../../api/seed/seed.ts';
import type { CalendarEntry, GuideDate, Roster } from '../../shared/contract/answers.ts';
import { admin, EMULATOR, officeOperator, operatorCommand } from './staff.ts';

const run = promisify(execFile);

/** `npm run guide:grant|guide:revoke -- EMAIL`, by the office's operator, with a reason. */
const guideRole = async (action: 'grant' | 'revoke', email?: string) =>
  operatorCommand('guide-role-cli.ts', [
    action,
    ...(email ? [email] : []),
    '--by',
    await officeOperator(),
    '--reason',
    'A guide for the tests',
  ]);

/** The person follows the verification link of the mail the emulator records. */
async function verifyEmail(user: TestUser): Promise<void> {
  await verifyByLink(EMULATOR, PROJECT_ID, user.token, user.email);
}

const claimsOf = async (uid: string) => (await admin.getUser(uid)).customClaims ?? {};
const reads = async () =>
  h.db.query<{ guide_uid: string; date_id: string }>('select guide_uid, date_id, format from roster_reads order by id');

let h: Harness;
let lead: TestUser;
let friend: TestUser;
let guide: TestUser;
let customer: TestUser;
let dateId: string;

beforeAll(async () => {
  h = await harness();
  [lead, friend, guide, customer] = [await newUser(), await newUser(), await newUser(), await newUser()];
  for (const user of [lead, friend, customer]) {
    await h.json('POST', `/users/user/${user.uid}`, { token: user.token, body: { uid: user.uid, email: user.email } });
  }
  await h.json('PUT', `/authUsers/authUser/${lead.uid}`, {
    token: lead.token,
    body: { userData: { displayName: 'Lee Lead', email: lead.email, phoneNumber: '+14355550123' } },
  });
  await h.json('PUT', `/users/user/${lead.uid}`, { token: lead.token, body: { survey: { ...SURVEY, medicalConditions: 'Asthma' } } });
  await h.json('PUT', `/users/user/${lead.uid}`, { token: lead.token, body: { signature: SIGNATURE, agreed: true } });
  await h.json('PUT', `/users/user/${friend.uid}`, {
    token: friend.token,
    body: { survey: { ...SURVEY, emergencyContactName: 'Fran Friend', emergencyContactNumber: '+14355550199' } },
  });

  const date = await freeDate(h, 'winter-day-tours');
  dateId = date.id;
  await payForDate(h, lead, date, 'winter-day-tours', 'price_tour_ski', 3);
  const inviteCode = await inviteCodeOf(h, lead, 'winter-day-tours', dateId);
  await h.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode } });

  await verifyEmail(guide);
  expect((await guideRole('grant', guide.email)).code).toBe(0);
  guide.token = await signIn(guide);
});

describe('the guide role command', () => {
  it('refuses a missing or malformed argument and an unknown e-mail, with a clear message', async () => {
    const missing = await guideRole('grant');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('usage: npm run guide:grant -- EMAIL');
    const malformed = await guideRole('revoke', 'not-an-address');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('not an e-mail address: not-an-address');
    const unknown = await guideRole('grant', 'nobody-here@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account signs in with nobody-here@example.com');
  });

  it('grants and revokes the claim, keeps other claims, and a second run changes nothing', async () => {
    const someone = await newUser();
    await verifyEmail(someone);
    await admin.setCustomUserClaims(someone.uid, { staff: 'office' });
    const first = await guideRole('grant', someone.email);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain(`${someone.email} (uid ${someone.uid}, signs in with password) is now a guide`);
    expect(await claimsOf(someone.uid)).toEqual({ staff: 'office', guide: true });
    const second = await guideRole('grant', someone.email);
    expect(second.stdout).toContain('already is a guide');
    expect(await claimsOf(someone.uid)).toEqual({ staff: 'office', guide: true });
    expect((await guideRole('revoke', someone.email)).stdout).toContain('is no longer a guide');
    expect(await claimsOf(someone.uid)).toEqual({ staff: 'office' });
    expect((await guideRole('revoke', someone.email)).stdout).toContain('was not a guide');
    expect(await claimsOf(someone.uid)).toEqual({ staff: 'office' });
  });

  it('refuses to grant the role to an address nobody has proved, naming the account', async () => {
    const unproved = await newUser();
    const refused = await guideRole('grant', unproved.email);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${unproved.email} has not been verified (uid ${unproved.uid}, signs in with password)`);
    expect(await claimsOf(unproved.uid)).toEqual({});
    await verifyEmail(unproved);
    expect((await guideRole('grant', unproved.email)).code).toBe(0);
    expect(await claimsOf(unproved.uid)).toEqual({ guide: true });
  });

  it('refuses the emulator for a project that is not a demo- project', async () => {
    const by = ['--by', await officeOperator(), '--reason', 'A guide for the tests'];
    const { stderr } = await run(process.execPath, ['api/cli/guide-role-cli.ts', 'grant', guide.email, ...by], {
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: EMULATOR, FIREBASE_PROJECT_ID: 'kamas-live' },
    }).catch((error: { stderr: string }) => error);
    expect(stderr).toContain('is not a demo- project');
  });
});

describe('the roster API', () => {
  it('lists the upcoming dates of all three calendars with paid and free seats for a guide', async () => {
    const { status, body } = await h.json<GuideDate[]>('GET', '/guide/dates', { token: guide.token });
    expect(status).toBe(200);
    expect(new Set(body.map((date) => date.calendar))).toEqual(new Set(['winter-classes', 'winter-day-tours', 'winter-mentorship']));
    expect(body.every((date) => date.date._seconds * 1000 > Date.now())).toBe(true);
    const booked = body.find((date) => date.id === dateId);
    // A day tour is private: once a party paid for it, nobody else can book it.
    expect(booked).toMatchObject({ calendar: 'winter-day-tours', taken: 3, held: 0, free: 0 });
    expect(booked?.productName).toEqual(expect.any(String));
  });

  it('counts paid seats as taken and live holds as held, leaves lapsed holds out, and frees what a customer could still book', async () => {
    const holdOn = async (api: Harness, date: CalendarEntry, calendar: string, priceId: string, seats: number) => {
      const user = await readyUser(api);
      const hold = await api.json<{ clientSecret: string }>('POST', '/stripe/create-payment-intent', {
        token: user.token,
        body: intentBody(user, date, calendar, priceId, seats),
      });
      expect(hold.status).toBe(200);
      return { user, clientSecret: hold.body.clientSecret };
    };
    // Holds made by an API that keeps them one second, then left to lapse.
    const quick = await harness({ db: h.db, holdSeconds: 1 });
    const classDate = await freeDate(h, 'winter-classes');
    const classPrice = classDate.stripeId ?? '';
    await holdOn(quick, classDate, 'winter-classes', classPrice, 4);
    const lapsedTour = await freeDate(h, 'winter-day-tours');
    await holdOn(quick, lapsedTour, 'winter-day-tours', 'price_tour_ski', 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const paid = await holdOn(h, classDate, 'winter-classes', classPrice, 2);
    const confirm = await h.json('POST', '/payments/local/confirm', {
      token: paid.user.token,
      body: { clientSecret: paid.clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(confirm.status).toBe(200);
    await holdOn(h, classDate, 'winter-classes', classPrice, 3);
    const heldTour = await freeDate(h, 'winter-day-tours');
    await holdOn(h, heldTour, 'winter-day-tours', 'price_tour_ski', 1);

    const { body } = await h.json<GuideDate[]>('GET', '/guide/dates', { token: guide.token });
    const seats = (id: string) => {
      const date = body.find((entry) => entry.id === id);
      return date && { capacity: date.capacity, taken: date.taken, held: date.held, free: date.free };
    };
    expect(seats(classDate.id)).toEqual({ capacity: 10, taken: 2, held: 3, free: 5 });
    expect(seats(heldTour.id)).toEqual({ capacity: heldTour.partySize, taken: 0, held: 1, free: 0 });
    expect(seats(lapsedTour.id)).toEqual({ capacity: lapsedTour.partySize, taken: 0, held: 0, free: lapsedTour.partySize });
    // The public calendar agrees: what a guide sees free is what a customer can still book.
    const classes = await h.json<CalendarEntry[]>('GET', '/calendar/winter-classes');
    const entry = classes.body.find((candidate) => candidate.id === classDate.id);
    expect((entry?.partySize ?? 0) - (entry?.users.length ?? 0)).toBe(5);
    // The roster's date says the same.
    const roster = await h.json<Roster>('GET', `/guide/dates/${classDate.id}/roster`, { token: guide.token });
    expect(roster.body.date).toMatchObject({ taken: 2, held: 3, free: 5 });
    expect(roster.body.participants).toHaveLength(1);
  });

  it('shows a guide everyone on the date with their contacts, answers, waiver and who invited them, and records the read', async () => {
    const before = (await reads()).length;
    const { status, body } = await h.json<Roster>('GET', `/guide/dates/${dateId}/roster`, { token: guide.token });
    expect(status).toBe(200);
    expect(body.date).toMatchObject({ id: dateId, taken: 3, held: 0, free: 0 });
    expect(body.participants).toHaveLength(2);
    const [booker, joined] = body.participants;
    expect(booker).toMatchObject({
      uid: lead.uid,
      name: 'Lee Lead',
      email: lead.email,
      phoneNumber: '+14355550123',
      survey: { ...SURVEY, medicalConditions: 'Asthma' },
      role: 'booked',
      invitedBy: null,
      // Signed today, so it covers this season only: the test season's date lies a year ahead, in the next one.
      waiver: { current: false, version: expect.any(String), signedAt: expect.any(String) },
    });
    expect(joined).toMatchObject({
      uid: friend.uid,
      email: friend.email,
      survey: { emergencyContactName: 'Fran Friend', emergencyContactNumber: '+14355550199' },
      waiver: null,
      role: 'invited',
      invitedBy: { uid: lead.uid, name: 'Lee Lead', email: lead.email },
    });
    expect(booker?.bookingId).toBe(joined?.bookingId);
    const after = await reads();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toEqual({ guide_uid: guide.uid, date_id: dateId, format: 'json' });
    expect((await listRosterReads(h.db, 1))[0]).toMatchObject({ guideUid: guide.uid, guideEmail: guide.email, dateId, format: 'json' });
  });

  it('lists a mentorship day\u2019s people like any other date\u2019s', async () => {
    const mentee = await readyUser(h, 'Morgan Mentee');
    const day = await freeDate(h, 'winter-mentorship');
    const hold = await h.json<{ clientSecret: string }>('POST', '/stripe/create-payment-intent', {
      token: mentee.token,
      body: intentBody(mentee, day, 'winter-mentorship', day.stripeId ?? '', 1),
    });
    expect(hold.status).toBe(200);
    const paid = await h.call('POST', '/payments/local/confirm', {
      token: mentee.token,
      body: { clientSecret: hold.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.status).toBe(200);
    const { status, body } = await h.json<Roster>('GET', `/guide/dates/${day.id}/roster`, { token: guide.token });
    expect(status).toBe(200);
    expect(body.date).toMatchObject({ id: day.id, calendar: 'winter-mentorship', taken: 1 });
    expect(body.participants).toMatchObject([{ uid: mentee.uid, name: 'Morgan Mentee', role: 'booked', survey: SURVEY }]);
  });

  it('counts a waiver signed this season as current for a date within it', async () => {
    const [date] = await h.db.query<{ product_id: string }>(`select product_id from calendar_dates where id = $1`, [dateId]);
    await h.db.query(
      `insert into calendar_dates (id, product_id, calendar, starts_at, capacity) values ('tour-soon', $1, 'winter-day-tours', now() + interval '1 hour', 6)`,
      [date?.product_id],
    );
    await h.db.query(
      `insert into bookings (id, date_id, user_id, price_id, party_size, quantity, amount, currency, status, provider, hold_expires_at, paid_at)
       values ('bk_soon', 'tour-soon', $1, 'price_tour_ski', 1, 1, 25000, 'usd', 'paid', 'local', now(), now())`,
      [lead.uid],
    );
    await h.db.query(`insert into booking_members (booking_id, user_id) values ('bk_soon', $1)`, [lead.uid]);
    const { body } = await h.json<Roster>('GET', '/guide/dates/tour-soon/roster', { token: guide.token });
    expect(body.participants).toMatchObject([{ uid: lead.uid, role: 'booked', waiver: { current: true } }]);
  });

  it('answers 400 for a date id holding a control character, and records nothing', async () => {
    const before = await reads();
    for (const id of ['%00', 'a%00b', '%1B']) {
      const answer = await h.json('GET', `/guide/dates/${id}/roster`, { token: guide.token });
      expect(answer, id).toMatchObject({ status: 400, body: { error: 'The address contains a character that is not allowed.' } });
    }
    expect(await reads()).toEqual(before);
  });

  it('answers 404 for an unknown date, and records nothing', async () => {
    const before = await reads();
    const answer = await h.json('GET', '/guide/dates/no-such-date/roster', { token: guide.token });
    expect(answer).toEqual({ status: 404, body: { error: 'Date not found', message: 'Date not found' } });
    expect(await reads()).toEqual(before);
  });

  it('answers 403 to a customer, even a member of the booking, and 401 signed out, and records nothing', async () => {
    const before = await reads();
    for (const user of [customer, lead, friend]) {
      for (const path of ['/guide/dates', `/guide/dates/${dateId}/roster`]) {
        const answer = await h.json('GET', path, { token: user.token });
        expect(answer, path).toEqual({
          status: 403,
          body: { error: 'Only guides can see the roster.', message: 'Only guides can see the roster.' },
        });
      }
    }
    expect((await h.call('GET', `/guide/dates/${dateId}/roster`)).status).toBe(401);
    expect((await h.call('GET', '/guide/dates')).status).toBe(401);
    expect(await reads()).toEqual(before);
  });

  it('refuses a guide whose role was revoked at once, with the token they already hold', async () => {
    const former = await newUser();
    await verifyEmail(former);
    await guideRole('grant', former.email);
    const token = await signIn(former);
    expect((await h.call('GET', `/guide/dates/${dateId}/roster`, { token })).status).toBe(200);
    const before = await reads();
    expect((await guideRole('revoke', former.email)).code).toBe(0);
    const answer = await h.json('GET', `/guide/dates/${dateId}/roster`, { token });
    expect(answer.status).toBe(403);
    expect((await h.call('GET', '/guide/dates', { token })).status).toBe(403);
    expect(await reads()).toEqual(before);
  });
});

describe('npm run roster:reads', () => {
  const listing = (dataDir: string, ...args: string[]) =>
    run(process.execPath, ['api/cli/roster-reads-cli.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('lists the roster reads made through the API, newest first, and refuses a limit that is not a whole number', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roster-reads-'));
    try {
      const db = await openPglite(dataDir);
      await migrate(db);
      await seedIfEmpty(db, new Date(Date.now() + 365 * 86_400_000));
      const api = await harness({ db });
      const [first, second] = (await api.json<GuideDate[]>('GET', '/guide/dates', { token: guide.token })).body;
      for (const date of [first, second]) {
        expect((await api.call('GET', `/guide/dates/${date?.id}/roster`, { token: guide.token })).status).toBe(200);
      }
      await db.close();

      const all = await listing(dataDir);
      expect(all.stdout).toContain('The latest 2 roster reads, newest first:');
      const lines = all.stdout.trim().split('\n').slice(1);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain(`${guide.email}  ${guide.uid}  ${second?.id}  json`);
      expect(lines[1]).toContain(`${guide.email}  ${guide.uid}  ${first?.id}  json`);
      const latest = await listing(dataDir, '1');
      expect(latest.stdout.trim().split('\n')).toEqual([
        'The latest 1 roster read, newest first:',
        expect.stringContaining(`${second?.id}  json`),
      ]);
      const bad = await listing(dataDir, 'ten');
      expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run roster:reads [-- LIMIT]') });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
