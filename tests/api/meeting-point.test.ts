/**
 * Where a date's party meets: an operator sets a trailhead and a time (recorded like every operator
 * action); the console, the party's calendars, passes and the guides' trip sheet name it; a change
 * within 48 hours of the start is e-mailed to every member once; bad input changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AFTER_THE_START, setMeetingPoint } from '../../api/console/meeting-point.ts';
import { MEETING_TIME_MESSAGE, TRAILHEAD_MESSAGE } from '../../shared/contract/ops-requests.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import type { OpsDateOverview } from '../../shared/contract/ops-answers.ts';
import type { MyPasses, TripSheet } from '../../shared/contract/trailhead.ts';
import { meetingArea } from '../../shared/company/meeting-area.ts';
import { freeDate, harness, inviteCodeOf, readyUser, type Harness, type TestUser } from './harness.ts';
import { paidBooking } from './paid-booking.ts';
import { staffMember } from './staff.ts';

const CLASSES = 'winter-classes';

let h: Harness;
let operator: TestUser;
let guide: TestUser;
let payer: TestUser;
let friend: TestUser;
let bookingId: string;
let date: CalendarEntry;

beforeAll(async () => {
  h = await harness({ bookingCutoffHours: 0 });
  [operator, guide] = [await staffMember('operator'), await staffMember('guide')];
  date = await freeDate(h, CLASSES, (entry) => Boolean(entry.stripeId));
  const booked = await paidBooking(h, { date, calendar: CLASSES, priceId: date.stripeId ?? '', partySize: 2, payerName: 'Lee Lead' });
  ({ payer, bookingId } = booked);
  friend = await readyUser(h, 'Fran Friend');
  const inviteCode = await inviteCodeOf(h, payer, CLASSES, date.id);
  expect((await h.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode } })).status).toBe(200);
});

const put = (user: TestUser, body: unknown, dateId = date.id) =>
  h.json<{ changed: boolean; told: number; message?: string }>('PUT', `/ops/dates/${dateId}/meeting-point`, { token: user.token, body });
const meetingMail = () =>
  h.db.query<{ recipient_uid: string; facts: Record<string, unknown> }>(
    `select recipient_uid, facts from mail_outbox where booking_id = $1 and kind = 'meeting-point-changed' order by recipient_uid, created_at`,
    [bookingId],
  );
const startsAt = () => new Date(date.date._seconds * 1000);
const callerOf = (user: TestUser) => ({ uid: user.uid, email: user.email, name: null, picture: null });

describe('PUT /ops/dates/{id}/meeting-point', () => {
  it('refuses a place that is not our trailhead, a time that is not one, a time after the start, a customer and an unknown date', async () => {
    expect(await put(operator, { trailhead: 'Mirror Lake', time: '07:30' })).toMatchObject({
      status: 400,
      body: { message: TRAILHEAD_MESSAGE },
    });
    expect(await put(operator, { trailhead: 'Soapstone Trailhead', time: '7.30' })).toMatchObject({
      status: 400,
      body: { message: MEETING_TIME_MESSAGE },
    });
    const late = await put(operator, { trailhead: 'Soapstone Trailhead', time: '23:59' });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/^The party cannot meet after the start \(\d{1,2}:\d{2} [AP]M\): choose an earlier time\.$/);
    expect(AFTER_THE_START('8:00 AM')).toBe('The party cannot meet after the start (8:00 AM): choose an earlier time.');
    expect((await put(payer, { trailhead: 'Soapstone Trailhead', time: '07:00' })).status).toBe(403);
    expect((await put(operator, { trailhead: 'Soapstone Trailhead', time: '07:00' }, 'class-nowhere')).status).toBe(404);
    const overview = await h.json<OpsDateOverview>('GET', `/ops/dates/${date.id}`, { token: operator.token });
    expect(overview.body).toMatchObject({ meetingPoint: null, meetingWords: meetingArea(CLASSES) });
  });

  it('sets it for the console, the party’s calendar and passes, and the trip sheet, and records who set it', async () => {
    const set = await put(operator, { trailhead: 'Soapstone Trailhead', time: '06:45' });
    expect(set).toMatchObject({ status: 200, body: { changed: true } });
    expect((await put(operator, { trailhead: 'Soapstone Trailhead', time: '06:45' })).body).toMatchObject({ changed: false, told: 0 });

    const overview = (await h.json<OpsDateOverview>('GET', `/ops/dates/${date.id}`, { token: operator.token })).body;
    expect(overview.meetingPoint?.trailhead).toBe('Soapstone Trailhead');
    expect(overview.meetingWords).toBe('Soapstone Trailhead, 6:45 AM');
    const calendar = (await h.json<CalendarEntry[]>('GET', `/calendar/${CLASSES}`, { token: friend.token })).body;
    expect(calendar.find((entry) => entry.id === date.id)?.meetingPoint).toBe('Soapstone Trailhead, 6:45 AM');
    const passes = (await h.json<MyPasses>('GET', `/users/user/${friend.uid}/passes`, { token: friend.token })).body.passes;
    expect(passes.find((pass) => pass.dateId === date.id)?.meetingPoint).toBe('Soapstone Trailhead, 6:45 AM');
    const sheet = (await h.json<TripSheet>('GET', `/guide/dates/${date.id}/trip-sheet`, { token: guide.token })).body;
    expect(sheet.meetingPoint).toBe('Soapstone Trailhead, 6:45 AM');
    // The public calendar says nothing of it.
    expect(
      (await h.json<CalendarEntry[]>('GET', `/calendar/${CLASSES}`)).body.find((entry) => entry.id === date.id)?.meetingPoint,
    ).toBeUndefined();

    const [action] = await h.db.query<{ action: string; operator_uid: string; after: { trailhead: string } }>(
      `select action, operator_uid, after from operator_actions where date_id = $1 and action = 'set meeting point'`,
      [date.id],
    );
    expect(action).toMatchObject({ action: 'set meeting point', operator_uid: operator.uid, after: { trailhead: 'Soapstone Trailhead' } });
  });

  it('e-mails every member once when it changes within 48 hours of the start, and nobody when it changes earlier', async () => {
    const early = new Date(startsAt().getTime() - 72 * 3_600_000);
    expect(
      await setMeetingPoint(h.db, callerOf(operator), date.id, { trailhead: 'Pine Valley Trailhead', time: '06:00' }, early),
    ).toMatchObject({
      changed: true,
      told: 0,
    });
    expect(await meetingMail()).toEqual([]);

    const dayBefore = new Date(startsAt().getTime() - 24 * 3_600_000);
    const change = { trailhead: 'Wolf Creek Pass Trailhead', time: '06:15' } as const;
    expect(await setMeetingPoint(h.db, callerOf(operator), date.id, change, dayBefore)).toMatchObject({ changed: true, told: 2 });
    expect(await setMeetingPoint(h.db, callerOf(operator), date.id, change, dayBefore)).toMatchObject({ changed: false, told: 0 });
    const mail = await meetingMail();
    expect(mail.map((row) => row.recipient_uid).sort()).toEqual([payer.uid, friend.uid].sort());
    expect(mail[0]?.facts).toMatchObject({ trailhead: 'Wolf Creek Pass Trailhead' });
  });
});
