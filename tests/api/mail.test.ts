/**
 * Messages to customers, end to end through the mail outbox: written with the payment or the
 * joining that causes them, sent over SMTP to a mail server in this process, once, to the sign-in
 * e-mail, retried when the server refuses, and reminders only to members who owe something.
 */
import ICAL from 'ical.js';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseIdentity } from '../../api/identity.ts';
import { listMail } from '../../api/mail/listing.ts';
import { smtpTransport } from '../../api/mail/transport.ts';
import { sendDueMail, type MailWorkerDeps } from '../../api/mail/worker.ts';
import { currentWaiverEdition } from '../../api/users/waiver-edition.ts';
import { denverInstant } from '../../src/lib/dates.ts';
import { waiverCoversUntil } from '../../src/lib/waiver-record.ts';
import type { CalendarEntry } from '../../src/lib/api/types.ts';
import { smtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import {
  freeDate,
  harness,
  holdDate,
  inviteCodeOf,
  newUser,
  PAYING_CARD,
  PROJECT_ID,
  readyUser,
  SIGNATURE,
  SURVEY,
  type Harness,
  type TestUser,
} from './harness.ts';

const SITE = 'http://127.0.0.1:4322';

let h: Harness;
let smtp: SmtpCatcher;
let worker: MailWorkerDeps;

beforeAll(async () => {
  [h, smtp] = await Promise.all([harness(), smtpCatcher()]);
  worker = {
    db: h.db,
    identity: firebaseIdentity(PROJECT_ID),
    transport: smtpTransport({ url: smtp.url, from: 'Kamas Backcountry Guides <bookings@kamas.test>', replyTo: 'hello@kamas.test' }),
    siteUrl: SITE,
    waiverVersion: currentWaiverEdition.version,
  };
});
afterAll(async () => {
  worker.transport.close();
  await smtp.close();
});

/** Pays for a day tour for a party of `partySize` with the local card; returns the booking's id and a replay of the payment. */
async function book(user: TestUser, entry: CalendarEntry, partySize: number) {
  const hold = await holdDate(h, user, entry, 'winter-day-tours', 'price_tour_ski', partySize);
  expect(hold.status).toBe(200);
  const pay = () =>
    h.json('POST', '/payments/local/confirm', { token: user.token, body: { clientSecret: hold.body.clientSecret, ...PAYING_CARD } });
  expect((await pay()).status).toBe(200);
  return { bookingId: hold.body.bookingId, payAgain: pay };
}

const outbox = (bookingId: string) =>
  h.db.query<{ kind: string; recipient_uid: string; status: string; due_at: Date | string; skipped_reason: string | null }>(
    `select kind, recipient_uid, status, due_at, skipped_reason from mail_outbox where booking_id = $1 order by kind, due_at`,
    [bookingId],
  );

/** Brings a booking's reminders of `daysBefore` forward to now, as if their day had come. */
const remindersDueNow = (bookingId: string, daysBefore: number) =>
  h.db.query(
    `update mail_outbox set next_attempt_at = now() where booking_id = $1 and kind = 'readiness-reminder' and event_key = $1 || ':' || $2 and status = 'pending'`,
    [bookingId, String(daysBefore)],
  );

describe('the booking confirmation', () => {
  it('goes to the payer once, with the trip in Kamas time, the invite link, what each member owes and the calendar file', async () => {
    const lead = await readyUser(h, 'Ana Lund');
    const entry = await freeDate(h, 'winter-day-tours');
    const { payAgain } = await book(lead, entry, 2);
    // The same payment recorded again, as a webhook delivered twice would.
    expect((await payAgain()).status).toBe(200);
    // Two workers at once.
    await Promise.all([sendDueMail(worker), sendDueMail(worker)]);

    const mails = smtp.to(lead.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const start = new Date(entry.date._seconds * 1000);
    expect(mail?.subject).toMatch(/^Booked: Ski & Splitboard Touring Day, \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);
    const code = await inviteCodeOf(h, lead, 'winter-day-tours', entry.id);
    expect(mail?.text).toContain(`${SITE}/checkout?invite=${code}`);
    expect(mail?.text).toContain(`${SITE}/profile`);
    expect(mail?.text).toContain('$');
    expect(mail?.replyTo?.text).toBe('hello@kamas.test');
    const ics = mail?.attachments.find((attachment) => attachment.filename?.endsWith('.ics'))?.content.toString('utf8') ?? '';
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('America/Denver');
    if (zone) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(ics).toMatch(/DTSTART;TZID=America\/Denver:\d{8}T\d{6}/);
    expect(event.startDate.toJSDate().getTime()).toBe(start.getTime());
    expect(event.summary).toContain('Ski & Splitboard Touring Day');
  });
});

describe('the address', () => {
  it('is the sign-in e-mail when the message is sent: a customer who changed it gets the message at the new one', async () => {
    const lead = await readyUser(h, 'Di Vance');
    const entry = await freeDate(h, 'winter-day-tours');
    await book(lead, entry, 1);
    const moved = `moved-${lead.email}`;
    const app = getApps().find((candidate) => candidate.name === PROJECT_ID);
    await getAuth(app).updateUser(lead.uid, { email: moved });
    await sendDueMail(worker);
    expect(smtp.to(lead.email)).toHaveLength(0);
    expect(smtp.to(moved)).toHaveLength(1);
  });
});

describe('a friend joining', () => {
  it('welcomes the friend with what they owe, and tells the payer', async () => {
    const lead = await readyUser(h, 'Kai Moss');
    const friend = await newUser();
    await h.json('POST', `/users/user/${friend.uid}`, { token: friend.token, body: { uid: friend.uid, email: friend.email } });
    const entry = await freeDate(h, 'winter-day-tours');
    await book(lead, entry, 2);
    const code = await inviteCodeOf(h, lead, 'winter-day-tours', entry.id);
    expect((await h.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode: code } })).status).toBe(200);
    // Joining twice changes nothing and writes nothing more.
    expect((await h.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode: code } })).status).toBe(200);
    await sendDueMail(worker);

    const welcome = smtp.to(friend.email);
    expect(welcome).toHaveLength(1);
    expect(welcome[0]?.subject).toContain("You joined Kai Moss's party");
    expect(welcome[0]?.text).toContain(`${SITE}/waiver`);
    expect(welcome[0]?.text).toContain(`${SITE}/profile#survey`);
    const told = smtp.to(lead.email).filter((message) => message.subject?.includes('joined your party'));
    expect(told).toHaveLength(1);
    // Only names and states: nothing of the friend's own contact details.
    expect(told[0]?.text).not.toContain(friend.email);
  });
});

describe('readiness reminders', () => {
  it('go only to members who owe something, and to the payer with the party’s state; none once everyone is ready', async () => {
    const lead = await readyUser(h, 'Bo Lind');
    const friend = await newUser();
    await h.json('POST', `/users/user/${friend.uid}`, {
      token: friend.token,
      body: { uid: friend.uid, email: friend.email, displayName: 'Sam Ortiz' },
    });
    const entry = await dayTourThisSeason(14);
    const { bookingId } = await book(lead, entry, 2);
    await h.json('POST', '/calendar/invite', {
      token: friend.token,
      body: { inviteCode: await inviteCodeOf(h, lead, 'winter-day-tours', entry.id) },
    });

    const reminders = (await outbox(bookingId)).filter((row) => row.kind === 'readiness-reminder');
    expect(reminders.map((row) => [row.recipient_uid === lead.uid ? 'lead' : 'friend', new Date(row.due_at).toISOString()]).sort()).toEqual(
      [
        ['friend', denverInstant(denverDayBefore(entry, 7), 9).toISOString()],
        ['friend', denverInstant(denverDayBefore(entry, 2), 9).toISOString()],
        ['lead', denverInstant(denverDayBefore(entry, 7), 9).toISOString()],
        ['lead', denverInstant(denverDayBefore(entry, 2), 9).toISOString()],
      ].sort(),
    );

    await sendDueMail(worker); // the confirmation and the joining's messages
    const before = smtp.messages.length;
    await remindersDueNow(bookingId, 7);
    await sendDueMail(worker);
    const sent = smtp.messages.slice(before);
    expect(sent.map((message) => (message.to && !Array.isArray(message.to) ? message.to.value[0]?.address : '')).sort()).toEqual(
      [lead.email, friend.email].sort(),
    );
    const friendReminder = sent.find((message) => message.subject?.startsWith('In a week'));
    expect(friendReminder).toBeDefined();

    // The friend does everything; the two-day reminders then have nothing to say.
    await h.call('PUT', `/authUsers/authUser/${friend.uid}`, {
      token: friend.token,
      body: { userData: { displayName: 'Sam Ortiz', email: friend.email, phoneNumber: '+14355550199' } },
    });
    expect((await h.call('PUT', `/users/user/${friend.uid}`, { token: friend.token, body: { survey: SURVEY } })).status).toBe(200);
    expect(
      (await h.call('PUT', `/users/user/${friend.uid}`, { token: friend.token, body: { signature: SIGNATURE, agreed: true } })).status,
    ).toBe(200);
    await remindersDueNow(bookingId, 2);
    const quiet = smtp.messages.length;
    await sendDueMail(worker);
    expect(smtp.messages.length).toBe(quiet);
    expect(
      (await outbox(bookingId))
        .filter((row) => row.kind === 'readiness-reminder' && row.status === 'skipped')
        .map((row) => row.skipped_reason),
    ).toEqual(['ready', 'ready']);
  });
});

describe('a mail server that refuses', () => {
  it('leaves the message pending with its error, listed as failing, and sends it on a later try', async () => {
    const lead = await readyUser(h, 'Cy Hart');
    const entry = await freeDate(h, 'winter-day-tours');
    smtp.refuse = '451 Try again later';
    const { bookingId } = await book(lead, entry, 1);
    const first = await sendDueMail(worker);
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect(smtp.to(lead.email)).toHaveLength(0);
    const failing = (await listMail(h.db, { include: 'open' })).find(
      (row) => row.bookingId === bookingId && row.kind === 'booking-confirmed',
    );
    expect(failing).toMatchObject({ status: 'failing', attempts: 1 });
    expect(failing?.lastError).toContain('Try again later');

    smtp.refuse = null;
    await h.db.query(`update mail_outbox set next_attempt_at = now() where booking_id = $1 and kind = 'booking-confirmed'`, [bookingId]);
    await sendDueMail(worker);
    expect(smtp.to(lead.email)).toHaveLength(1);
    const sent = (await listMail(h.db, { include: 'all' })).find((row) => row.bookingId === bookingId && row.kind === 'booking-confirmed');
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, sentTo: lead.email });
  });
});

/**
 * A day tour `daysAhead` days from now at 8 AM in Kamas, within the season a waiver signed today
 * covers (the seeded season lies a year ahead, past it).
 */
async function dayTourThisSeason(daysAhead: number): Promise<CalendarEntry> {
  const startsAt = new Date(Math.min(Date.now() + daysAhead * 86_400_000, waiverCoversUntil(new Date()).getTime() - 86_400_000));
  const id = `tour-mail-${Math.random().toString(36).slice(2, 8)}`;
  await h.db.query(
    `insert into calendar_dates (id, calendar, product_id, price_id, starts_at, capacity)
     select $1, 'winter-day-tours', product_id, price_id, $2, 8 from calendar_dates where calendar = 'winter-day-tours' limit 1`,
    [id, startsAt.toISOString()],
  );
  h.cache.clear();
  return { id, date: { _seconds: Math.floor(startsAt.getTime() / 1000), _nanoseconds: 0 }, partySize: 8, users: [] };
}

/** The Denver calendar day `days` before an entry's day, as 'YYYY-MM-DD'. */
function denverDayBefore(entry: CalendarEntry, days: number): string {
  const start = new Date(entry.date._seconds * 1000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(start);
  const [y, m, d] = day.split('-').map(Number);
  const shifted = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) - days));
  return shifted.toISOString().slice(0, 10);
}
