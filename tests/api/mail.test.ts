/**
 * Messages to customers, end to end through the mail outbox: written with the payment or the
 * joining that causes them, sent over SMTP to a mail server in this process, once, to the sign-in
 * e-mail, retried when the server refuses, and reminders only to members who owe something. What
 * a recipient reads is checked: the briefing before a trip, a cancellation to the payer and to a
 * friend, and never a friend's personal details in the lead's messages. A mail server that fails
 * never fails the payment or the joining that wrote the message.
 */
import ICAL from 'ical.js';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseIdentity } from '../../api/identity.ts';
import { listMail, mailLine } from '../../api/mail/listing.ts';
import { smtpTransport, type MailTransport } from '../../api/mail/transport.ts';
import { enqueueConfirmationAgain } from '../../api/mail/mail-outbox.ts';
import { setMeetingPoint } from '../../api/console/meeting-point.ts';
import { SENDERS, sendDueMail, type MailWorkerDeps } from '../../api/mail/worker.ts';
import { denverDay, denverInstant, formatDenverDateTime } from '../../shared/rules/dates.ts';
import { meetingArea } from '../../shared/company/meeting-area.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import { site } from '../../shared/company/site.ts';
import { waiverCoversUntil } from '../../shared/rules/waiver-record.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { surveyAnswers } from '../support/customer-answers.ts';
import { smtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import { SITE, threadMailer } from './thread-mailer.ts';
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

let h: Harness;
let smtp: SmtpCatcher;
let worker: MailWorkerDeps;

beforeAll(async () => {
  [h, smtp] = await Promise.all([harness(), smtpCatcher()]);
  // Rendered and sent on a thread of their own, as a running API does.
  worker = threadMailer(h, smtp.url);
});
afterAll(async () => {
  worker.transport.close();
  await smtp.close();
});

/**
 * Pays for a party of `partySize` on `entry` with the local card: a day tour through this file's API
 * unless told otherwise. Returns the booking's id and a replay of the payment.
 */
async function book(
  user: TestUser,
  entry: CalendarEntry,
  partySize: number,
  { api = h, calendar = 'winter-day-tours', priceId = 'price_tour_ski' }: { api?: Harness; calendar?: string; priceId?: string } = {},
) {
  const hold = await holdDate(api, user, entry, calendar, priceId, partySize);
  expect(hold.status).toBe(200);
  const pay = () =>
    api.json('POST', '/payments/local/confirm', { token: user.token, body: { clientSecret: hold.body.clientSecret, ...PAYING_CARD } });
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
    // As `npm run mail` shows it to an operator: failing, to whom, how many tries, when next, and the server's answer.
    expect(failing && mailLine(failing)).toMatch(
      new RegExp(
        `^failing +booking-confirmed +booking ${bookingId} +to user ${lead.uid} +1 attempt, next \\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z: .*451 Try again later$`,
      ),
    );

    smtp.refuse = null;
    await h.db.query(`update mail_outbox set next_attempt_at = now() where booking_id = $1 and kind = 'booking-confirmed'`, [bookingId]);
    await sendDueMail(worker);
    expect(smtp.to(lead.email)).toHaveLength(1);
    const sent = (await listMail(h.db, { include: 'all' })).find((row) => row.bookingId === bookingId && row.kind === 'booking-confirmed');
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, sentTo: lead.email });
    expect(sent && mailLine(sent)).toMatch(
      new RegExp(`^sent +booking-confirmed +booking ${bookingId} +to ${lead.email.replace(/\./g, '\\.')} +sent \\d{4}-`),
    );
  });
});

describe('the trip briefing', () => {
  it('goes at once to a customer who books after 4 PM the day before: the start in Kamas time, where to meet, the gear, the forecasts and the guides’ phone', async () => {
    // Bookings close an hour before the start here, so a class a few hours away can still be booked.
    const late = await harness({ db: h.db, bookingCutoffHours: 1 });
    const lead = await readyUser(late, 'Lee Park');
    const entry = await classStartingSoon(3);
    const start = new Date(entry.date._seconds * 1000);
    const { bookingId } = await book(lead, entry, 1, { api: late, calendar: 'winter-classes', priceId: 'price_class_moto' });

    // The reminders' days have gone; the briefing is due now, beside the confirmation.
    const rows = await outbox(bookingId);
    expect(rows.map((row) => row.kind)).toEqual(['booking-confirmed', 'trip-briefing']);
    expect(new Date(rows[1]?.due_at ?? 0).getTime()).toBeLessThanOrEqual(Date.now());

    await sendDueMail(worker);
    const briefings = smtp.to(lead.email).filter((message) => /^(Today|Tomorrow): /.test(message.subject ?? ''));
    expect(briefings).toHaveLength(1);
    const [briefing] = briefings;
    const day = denverDay(start) === denverDay(new Date()) ? 'Today' : 'Tomorrow';
    expect(briefing?.subject).toBe(`${day}: Motorized Backcountry Essentials, ${formatDenverDateTime(start)}`);
    const text = briefing?.text ?? '';
    const html = String(briefing?.html ?? '');
    expect(text).toContain(formatDenverDateTime(start));
    expect(text).toContain(meetingArea('winter-classes'));
    expect(html).toContain(`href="${site.address.mapsUrl.replace(/&/g, '&amp;')}"`);
    // An avalanche class: beacon, shovel and probe.
    expect(text).toMatch(/Avalanche beacon/);
    expect(text).toMatch(/^\s*[*•]?\s*Shovel\s*$/m);
    expect(text).toMatch(/^\s*[*•]?\s*Probe\s*$/m);
    expect(text).toContain('Utah Avalanche Center forecast, Uintas');
    expect(text).toContain('https://utahavalanchecenter.org/forecast/uintas');
    expect(text).toContain('National Weather Service forecast');
    expect(text).toContain('https://forecast.weather.gov/MapClick.php?lat=40.643&lon=-111.281');
    expect(text).toContain('(435) 555-0148');
    expect(html).toContain('href="tel:+14355550148"');
  });
});

describe('a cancellation by the payer of a party of two', () => {
  it('tells the payer the refund and when it arrives, tells the friend without an amount, and sends nothing more before the trip', async () => {
    const lead = await readyUser(h, 'Noa Berg');
    const friend = await readyUser(h, 'Eli Shaw');
    const entry = await freeDate(h, 'winter-day-tours');
    const { bookingId } = await book(lead, entry, 2);
    const joined = await h.json('POST', '/calendar/invite', {
      token: friend.token,
      body: { inviteCode: await inviteCodeOf(h, lead, 'winter-day-tours', entry.id) },
    });
    expect(joined.status).toBe(200);
    await sendDueMail(worker); // the confirmation and the joining's messages
    const waiting = (await outbox(bookingId)).filter((row) => row.status === 'pending');
    expect(waiting.map((row) => row.kind).sort()).toEqual(
      ['readiness-reminder', 'readiness-reminder', 'readiness-reminder', 'readiness-reminder', 'trip-briefing', 'trip-briefing'].sort(),
    );

    const quote = await h.json<{ quoteId: string; refund: number }>('GET', `/bookings/${bookingId}/cancellation`, { token: lead.token });
    expect(quote.status).toBe(200);
    expect(quote.body.refund).toBeGreaterThan(0);
    const cancelled = await h.json('POST', `/bookings/${bookingId}/cancellation`, {
      token: lead.token,
      body: { quoteId: quote.body.quoteId },
    });
    expect(cancelled.status).toBe(200);
    await sendDueMail(worker);

    const refund = formatDollars(quote.body.refund);
    const toPayer = smtp.to(lead.email).filter((message) => message.subject?.startsWith('Cancelled: '));
    expect(toPayer).toHaveLength(1);
    expect(toPayer[0]?.subject).toBe(
      `Cancelled: Ski & Splitboard Touring Day, ${formatDenverDateTime(new Date(entry.date._seconds * 1000))}`,
    );
    expect(toPayer[0]?.text).toContain(`Refund: ${refund}`);
    expect(toPayer[0]?.text).toContain('5 to 10 business days');

    const toFriend = smtp.to(friend.email).filter((message) => message.subject?.startsWith('Cancelled: '));
    expect(toFriend).toHaveLength(1);
    expect(toFriend[0]?.text).toContain('Noa Berg paid for this booking, so any refund goes to them.');
    expect(toFriend[0]?.text).not.toContain(refund);
    expect(toFriend[0]?.text).not.toContain('$');
    expect(String(toFriend[0]?.html)).not.toContain(refund);

    // No reminder or briefing is left to go to either of them.
    const beforeTrip = (await outbox(bookingId)).filter((row) => row.kind === 'readiness-reminder' || row.kind === 'trip-briefing');
    expect(beforeTrip).toHaveLength(6);
    expect(beforeTrip.every((row) => row.status === 'skipped' && row.skipped_reason === 'booking cancelled')).toBe(true);
  });
});

describe('a friend’s personal details', () => {
  it('never reach the lead: not the friend’s medical note, phone number, e-mail or emergency contact, in any message', async () => {
    const medicalNote = 'Carries an EpiPen: severe allergy to wasp stings (Zephyrine protocol)';
    const lead = await readyUser(h, 'Mo Reyes');
    const friend = await newUser();
    await h.json('POST', `/users/user/${friend.uid}`, { token: friend.token, body: { uid: friend.uid, email: friend.email } });
    const profile = await h.call('PUT', `/authUsers/authUser/${friend.uid}`, {
      token: friend.token,
      body: { userData: { displayName: 'Jules Fenn', email: friend.email, phoneNumber: '+14355550177' } },
    });
    expect(profile.status).toBe(200);
    const survey = surveyAnswers({
      medicalConditions: medicalNote,
      emergencyContactName: 'Quincy Farrow',
      emergencyContactNumber: '+14355550166',
    });
    expect((await h.call('PUT', `/users/user/${friend.uid}`, { token: friend.token, body: { survey } })).status).toBe(200);
    // The friend has not signed the waiver: the lead's reminders list them as owing it.

    const entry = await dayTourThisSeason(12);
    const { bookingId } = await book(lead, entry, 2);
    const joined = await h.json('POST', '/calendar/invite', {
      token: friend.token,
      body: { inviteCode: await inviteCodeOf(h, lead, 'winter-day-tours', entry.id) },
    });
    expect(joined.status).toBe(200);
    // Every message to the lead: the confirmation, the friend joining, both reminders and the briefing.
    await h.db.query(`update mail_outbox set next_attempt_at = now() where booking_id = $1 and status = 'pending'`, [bookingId]);
    await sendDueMail(worker);

    const toLead = smtp.to(lead.email);
    expect(toLead.map((message) => (message.subject ?? '').replace(/:.*$/, '')).sort()).toEqual(
      ['Booked', 'In a week', 'In 2 days', 'Jules Fenn joined your party', 'Tomorrow'].sort(),
    );
    // The friend's name and state are what the lead may read.
    expect(toLead.some((message) => message.text?.includes('Jules Fenn'))).toBe(true);

    for (const message of toLead) {
      const read = [
        message.subject ?? '',
        message.text ?? '',
        String(message.html),
        ...message.attachments.map((attachment) => attachment.content.toString('utf8')),
      ].join('\n');
      expect(read).not.toContain(medicalNote);
      expect(read).not.toMatch(/EpiPen|Zephyrine/i);
      expect(read).not.toMatch(/555\D{0,3}0177/);
      expect(read).not.toMatch(/555\D{0,3}0166/);
      expect(read).not.toContain('Quincy Farrow');
      expect(read).not.toContain(friend.email);
    }
  });
});

describe('a mail server that fails', () => {
  it('never fails the payment or the joining that wrote the message: both answer 200, and the messages wait to be sent again', async () => {
    const refusing = await smtpCatcher();
    refusing.refuse = 'Mail server unavailable';
    const smtpRefusing = smtpTransport({
      url: refusing.url,
      from: 'Kamas Backcountry Guides <bookings@kamas.test>',
      replyTo: 'hello@kamas.test',
    });
    let failure: 'refused' | 'thrown' = 'refused';
    const transport: MailTransport = {
      send(mail) {
        if (failure === 'thrown') throw new Error('Connection lost while sending');
        return smtpRefusing.send(mail);
      },
      close: () => smtpRefusing.close(),
    };
    // An API that sends its messages the moment a request writes them, as the running one does.
    const live = await harness({ mailTransport: transport });
    try {
      const lead = await readyUser(live, 'Rae Quinn');
      const friend = await readyUser(live, 'Tom Vale');
      const entry = await freeDate(live, 'winter-day-tours');
      const { bookingId } = await book(lead, entry, 2, { api: live });
      await live.mailer?.idle();

      failure = 'thrown';
      const joined = await live.json('POST', '/calendar/invite', {
        token: friend.token,
        body: { inviteCode: await inviteCodeOf(live, lead, 'winter-day-tours', entry.id) },
      });
      expect(joined.status).toBe(200);
      await live.mailer?.idle();

      // The booking is paid and the friend is in it; nothing reached anyone.
      const [booking] = await live.db.query<{ status: string }>(`select status from bookings where id = $1`, [bookingId]);
      expect(booking?.status).toBe('paid');
      const party = await live.json<{ members: unknown[] }>('GET', `/parties/${entry.id}`, { token: lead.token });
      expect(party.body.members).toHaveLength(2);
      expect(refusing.messages).toHaveLength(0);

      const open = (await listMail(live.db, { include: 'open' })).filter((row) => row.bookingId === bookingId);
      const byKind = (kind: string) => open.find((row) => row.kind === kind);
      expect(byKind('booking-confirmed')).toMatchObject({ status: 'failing', attempts: 1, recipientUid: lead.uid });
      expect(byKind('booking-confirmed')?.lastError).toContain('Mail server unavailable');
      expect(byKind('party-joined')).toMatchObject({ status: 'failing', attempts: 1, recipientUid: friend.uid });
      expect(byKind('party-joined')?.lastError).toBe('Connection lost while sending');
      expect(byKind('friend-joined')).toMatchObject({ status: 'failing', attempts: 1, recipientUid: lead.uid });
      for (const kind of ['booking-confirmed', 'party-joined', 'friend-joined']) {
        expect(Date.parse(byKind(kind)?.nextAttemptAt ?? '')).toBeGreaterThan(Date.now());
      }
    } finally {
      await live.mailer?.idle();
      transport.close();
      await refusing.close();
    }
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

/**
 * An avalanche class (the snowmobilers' course) starting on the hour at least `hoursAhead` hours
 * from now.
 */
async function classStartingSoon(hoursAhead: number): Promise<CalendarEntry> {
  const startsAt = new Date(Math.ceil((Date.now() + hoursAhead * 3_600_000) / 3_600_000) * 3_600_000);
  const id = `class-mail-${Math.random().toString(36).slice(2, 8)}`;
  await h.db.query(
    `insert into calendar_dates (id, calendar, product_id, price_id, starts_at, capacity, class_type, title, description)
     select $1, calendar, product_id, price_id, $2, capacity, class_type, title, description
       from calendar_dates where calendar = 'winter-classes' and price_id = 'price_class_moto' limit 1`,
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

/** A promise with its resolve, to hold a step of a worker until the test lets it go on. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Waits until `check` holds, trying every 20 ms for up to `ms`. */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** As if the lease of a booking's confirmation had run out: another instance may claim it now. */
const leaseRunsOut = (bookingId: string) =>
  h.db.query(`update mail_outbox set next_attempt_at = now() where booking_id = $1 and kind = 'booking-confirmed'`, [bookingId]);

const confirmationOf = async (bookingId: string) =>
  (
    await h.db.query<{ status: string; message_id: string | null }>(
      `select status, message_id from mail_outbox where booking_id = $1 and kind = 'booking-confirmed'`,
      [bookingId],
    )
  )[0];

/**
 * Instance A (a.kamas.test) works through the due mail with a step of it held by `stall` until its
 * lease on the booking's confirmation has run out and instance B (b.kamas.test) has sent what is due;
 * then A goes on. `stalling` gives A's dependencies that differ, calling `stall` at the held step.
 */
async function leaseRunsOutDuring(bookingId: string, stalling: (stall: () => Promise<void>) => Partial<MailWorkerDeps>) {
  const reached = gate();
  const goOn = gate();
  const stall = async () => {
    reached.open();
    await goOn.opened;
  };
  const first = sendDueMail({ ...worker, messageDomain: 'a.kamas.test', ...stalling(stall) });
  await reached.opened;
  await leaseRunsOut(bookingId);
  await sendDueMail({ ...worker, messageDomain: 'b.kamas.test' });
  goOn.open();
  await first;
}

describe('two API instances and one message', () => {
  it('an instance whose lease ran out while it wrote the message neither sends nor marks it: the instance that claimed it again does, once', async () => {
    const lead = await readyUser(h, 'Ida Marsh');
    const { bookingId } = await book(lead, await freeDate(h, 'winter-day-tours'), 1);
    const identity = firebaseIdentity(PROJECT_ID);
    // Instance A stalls while it looks up the recipient (a long pause), past its lease.
    await leaseRunsOutDuring(bookingId, (stall) => ({
      identity: {
        ...identity,
        accountStates: async (uids) => {
          if (uids.includes(lead.uid)) await stall();
          return identity.accountStates(uids);
        },
      },
    }));

    expect(smtp.to(lead.email)).toHaveLength(1);
    expect(await confirmationOf(bookingId)).toMatchObject({ status: 'sent', message_id: expect.stringContaining('@b.kamas.test>') });
  });

  it('an instance whose lease ran out during the send does not mark the message as its own', async () => {
    const lead = await readyUser(h, 'Jo Marsh');
    const { bookingId } = await book(lead, await freeDate(h, 'winter-day-tours'), 1);
    await leaseRunsOutDuring(bookingId, (stall) => ({
      transport: {
        async send(mail) {
          if (mail.to === lead.email) await stall();
          return worker.transport.send(mail);
        },
        close: () => undefined,
      },
    }));

    expect(await confirmationOf(bookingId)).toMatchObject({ status: 'sent', message_id: expect.stringContaining('@b.kamas.test>') });
  });
});

describe('a rush of messages', () => {
  it('is sent several at a time, never more than SENDERS at once per instance', async () => {
    const lead = await readyUser(h, 'Kit Marsh');
    const { bookingId } = await book(lead, await freeDate(h, 'winter-day-tours'), 1);
    await sendDueMail(worker);
    // Eight more confirmations at once, as an operator sending it again eight times would write them.
    await h.db.transaction(async (tx) => {
      for (let index = 0; index < 8; index += 1) await enqueueConfirmationAgain(tx, bookingId, `rush-${index}-${bookingId}`);
    });
    let inFlight = 0;
    let most = 0;
    const release = gate();
    const held: MailWorkerDeps = {
      ...worker,
      transport: {
        async send(mail) {
          inFlight += 1;
          most = Math.max(most, inFlight);
          try {
            await release.opened;
            return await worker.transport.send(mail);
          } finally {
            inFlight -= 1;
          }
        },
        close: () => undefined,
      },
    };
    const run = sendDueMail(held);
    await until(() => inFlight === SENDERS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(most).toBe(SENDERS);
    release.open();
    expect(await run).toMatchObject({ sent: 8, failed: 0 });
    expect(smtp.to(lead.email)).toHaveLength(9);
  });
});

describe('a new meeting point', () => {
  it('tells every member within 48 hours of the start where and when to meet, with its map and pass; one changed again is not sent', async () => {
    const lead = await readyUser(h, 'Mo Ridge');
    const entry = await freeDate(h, 'winter-day-tours');
    const { bookingId } = await book(lead, entry, 1);
    await sendDueMail(worker);
    const dayBefore = new Date(entry.date._seconds * 1000 - 24 * 3_600_000);
    const office = { uid: 'office-mail-test', email: 'office@kamas.test', name: null, picture: null };
    await setMeetingPoint(h.db, office, entry.id, { trailhead: 'Pine Valley Trailhead', time: '06:00' }, dayBefore);
    await setMeetingPoint(h.db, office, entry.id, { trailhead: 'Soapstone Trailhead', time: '06:30' }, dayBefore);
    await sendDueMail(worker);

    const told = smtp.to(lead.email).filter((mail) => mail.subject?.startsWith('New meeting point: '));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('we now meet at Soapstone Trailhead, 6:30 AM.');
    expect(told[0]?.text).toContain('https://www.google.com/maps/search/?api=1&query=40.5766%2C-111.0426');
    expect(told[0]?.text).toContain(`${SITE}/pass?date=${entry.id}`);
    const rows = (await outbox(bookingId)).filter((row) => row.kind === 'meeting-point-changed');
    expect(rows.map((row) => [row.status, row.skipped_reason]).sort()).toEqual([
      ['sent', null],
      ['skipped', 'meeting point changed again'],
    ]);
  });
});
