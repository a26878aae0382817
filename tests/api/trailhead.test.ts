/**
 * The trip day through the API: a date's trip sheet for guides and operators (recorded as a roster
 * read), the events their phones send when they have a network (each recorded once, two phones'
 * check-ins merged, a seat changed meanwhile kept and flagged, a seat never on the date refused), a
 * waiver signed on a guide's phone in the signer's record, and a pass looked up by the console.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentWaiverEdition } from '../../api/users/waiver-edition.ts';
import { FLAGS, NOT_IN_THE_PARTY, NOT_ON_THIS_DATE, OLDER_WAIVER, SURVEY_ANSWERED_ALREADY } from '../../api/trailhead/trip-events.ts';
import { NO_HELD_SIGNATURE, SIGNATURE_ACCEPTED, SIGNATURE_HELD } from '../../api/trailhead/held-signatures.ts';
import { UNKNOWN_PASS } from '../../api/trailhead/passes.ts';
import { NOT_STAFF } from '../../api/routes/guide.ts';
import type { CalendarEntry, SignedWaiverCopy, WaiverStatus } from '../../shared/contract/answers.ts';
import type { OpsDateOverview } from '../../shared/contract/ops-answers.ts';
import type { MyPasses, Pass, TripEvent, TripEventRequest, TripEventsAnswer, TripSheet } from '../../shared/contract/trailhead.ts';
import { checkInOf, checkIns } from '../../shared/rules/check-in.ts';
import { freeDate, harness, inviteCodeOf, newUser, readyUser, SIGNATURE, SURVEY, type Harness, type TestUser } from './harness.ts';
import { paidBooking } from './paid-booking.ts';
import { staffMember } from './staff.ts';

const CLASSES = 'winter-classes';
const PRICE = 'price_class_sledski';

let h: Harness;
let guide: TestUser;
let operator: TestUser;
let customer: TestUser;
let dateId: string;
let tripDate: CalendarEntry;
/** Two parties on the date: the lead with a friend who joined, and a payer alone. */
let lead: { payer: TestUser; bookingId: string };
let friend: TestUser;
let alone: { payer: TestUser; bookingId: string };
/** A booking on another date. */
let elsewhere: { payer: TestUser; bookingId: string };
let otherDateId: string;

beforeAll(async () => {
  h = await harness({ bookingCutoffHours: 0 });
  [guide, operator] = [await staffMember('guide'), await staffMember('operator')];
  const date = await freeDate(h, CLASSES, (entry) => entry.stripeId === PRICE);
  dateId = date.id;
  tripDate = date;
  lead = await paidBooking(h, { date, calendar: CLASSES, priceId: PRICE, partySize: 2, payerName: 'Lee Lead' });
  friend = await readyUser(h, 'Fran Friend');
  const inviteCode = await inviteCodeOf(h, lead.payer, CLASSES, dateId);
  expect((await h.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode } })).status).toBe(200);
  alone = await paidBooking(h, { date, calendar: CLASSES, priceId: PRICE, partySize: 1, payerName: 'Al Alone' });
  customer = alone.payer;
  const other = await freeDate(h, CLASSES, (entry) => entry.id !== dateId && entry.stripeId === PRICE);
  otherDateId = other.id;
  elsewhere = await paidBooking(h, { date: other, calendar: CLASSES, priceId: PRICE, partySize: 1 });
  // The trip is today: it starts in two hours, and the phones record around now.
  await h.db.query(`update calendar_dates set starts_at = $2 where id = $1`, [dateId, new Date(Date.now() + 2 * 3_600_000).toISOString()]);
});

/** A moment of the trip morning: `minutes` past the hour before the tests began. */
const MORNING = Date.now() - 3_600_000;
const morning = (minutes: number) => new Date(MORNING + minutes * 60_000).toISOString();
const outcomesOf = (answer: TripEventsAnswer) => answer.outcomes.map((outcome) => [outcome.id, outcome.refused]);

const sheetOf = (user: TestUser, id = dateId) => h.json<TripSheet>('GET', `/guide/dates/${id}/trip-sheet`, { token: user.token });
/** The date's record of events, as the trip sheet gives it: a batch's answer says only what became of each of its events. */
const recordOf = async (id = dateId) => (await sheetOf(guide, id)).body.events;
const send = (user: TestUser, events: TripEventRequest[], id = dateId) =>
  h.json<TripEventsAnswer & { message?: string }>('POST', `/guide/dates/${id}/trip-events`, { token: user.token, body: { events } });
const arrived = (bookingId: string, uid: string, at: string, kind: 'here' | 'no-show' = 'here'): TripEventRequest => ({
  id: randomUUID(),
  kind,
  bookingId,
  uid,
  at,
});
const storedEvents = async () => (await h.db.query<{ n: number }>(`select count(*)::int as n from trip_events`))[0]?.n;

describe('GET /guide/dates/{dateId}/trip-sheet', () => {
  it('gives a guide the date by party, each member with their pass code, the waiver in force, and records the read', async () => {
    const { status, body } = await sheetOf(guide);
    expect(status).toBe(200);
    expect(body.date.id).toBe(dateId);
    expect(Date.parse(body.savedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.meetingPoint).toBe('Kamas, Utah: a classroom hour, then the field');
    expect(body.parties.map((party) => [party.bookingId, party.partySize, party.members.map((member) => member.uid)])).toEqual([
      [lead.bookingId, 2, [lead.payer.uid, friend.uid]],
      [alone.bookingId, 1, [alone.payer.uid]],
    ]);
    const codes = body.parties.flatMap((party) => party.members.map((member) => member.passCode));
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(codes).size).toBe(3);
    expect(body.parties[0]?.members[0]).toMatchObject({ name: 'Lee Lead', survey: { emergencyContactName: 'Jo Rider' } });
    expect(body.waiver.version).toBe(currentWaiverEdition.version);
    expect(body.waiver.document.sections.length).toBeGreaterThan(0);
    const [read] = await h.db.query<{ guide_uid: string; format: string }>(
      `select guide_uid, format from roster_reads where date_id = $1 order by id desc limit 1`,
      [dateId],
    );
    expect(read).toEqual({ guide_uid: guide.uid, format: 'trip sheet' });
  });

  it('gives an operator the sheet too, refuses a customer and an unknown date, and keeps it from caches', async () => {
    expect((await sheetOf(operator)).status).toBe(200);
    const refused = await sheetOf(customer);
    expect(refused).toMatchObject({ status: 403, body: { message: NOT_STAFF } });
    expect((await sheetOf(guide, 'class-nowhere')).status).toBe(404);
    expect((await h.call('GET', `/guide/dates/${dateId}/trip-sheet`, { token: guide.token })).headers.get('cache-control')).toBe(
      'private, no-store',
    );
  });
});

describe('POST /guide/dates/{dateId}/trip-events', () => {
  it('records a batch once however often it is sent, and keeps the earliest check-in of a member two phones checked in', async () => {
    const before = await storedEvents();
    const batch: TripEventRequest[] = [
      arrived(lead.bookingId, lead.payer.uid, morning(12)),
      { ...arrived(lead.bookingId, lead.payer.uid, morning(13)), kind: 'gear', beacon: true, shovel: true, probe: false },
      arrived(lead.bookingId, friend.uid, morning(30), 'no-show'),
    ];
    const first = await send(guide, batch);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.recorded).toBe(3);
    const afterFirst = await recordOf();
    const again = await send(guide, batch);
    expect(again.body.recorded).toBe(0);
    expect(await storedEvents()).toBe((before ?? 0) + 3);

    // The operator's phone checked the lead in later, and the friend too: both are in the record.
    const second = await send(operator, [
      arrived(lead.bookingId, lead.payer.uid, morning(20)),
      arrived(lead.bookingId, friend.uid, morning(35)),
    ]);
    expect(second.body.recorded).toBe(2);
    const mine = (events: TripEvent[]) => events.filter((event) => event.bookingId === lead.bookingId);
    const afterSecond = await recordOf();
    expect(mine(afterSecond)).toHaveLength(5);
    const states = checkIns(afterSecond);
    const byGuide = afterFirst[0]?.by;
    expect(checkInOf(states, lead.bookingId, lead.payer.uid)).toMatchObject({
      status: 'here',
      at: morning(12),
      by: byGuide,
      gear: { beacon: true, shovel: true, probe: false },
    });
    expect(checkInOf(states, lead.bookingId, friend.uid)).toMatchObject({ status: 'here', at: morning(35) });
    expect(mine((await sheetOf(guide)).body.events)).toHaveLength(5);
  });

  it('refuses a customer, a malformed batch and an unknown date, recording nothing', async () => {
    const before = await storedEvents();
    const mixed = [arrived(alone.bookingId, alone.payer.uid, morning(0))];
    expect(await send(customer, mixed)).toMatchObject({ status: 403, body: { message: NOT_STAFF } });
    expect((await send(guide, [{ ...mixed[0]!, id: 'x' }])).status).toBe(400);
    expect((await send(guide, [{ ...mixed[0]!, at: 'soon' }])).status).toBe(400);
    // A day that does not exist is bad input, not a fault of ours.
    expect(await send(guide, [{ ...mixed[0]!, at: '2027-02-30T10:00:00Z' }])).toMatchObject({
      status: 400,
      body: { message: 'An event needs the time it happened.' },
    });
    expect((await send(guide, [])).status).toBe(400);
    expect((await send(guide, mixed, 'class-nowhere')).status).toBe(404);
    expect(await storedEvents()).toBe(before);
  });

  it('records the good events of a batch and refuses, each with its reason, a seat of another date and a person not in the party', async () => {
    const good = arrived(alone.bookingId, alone.payer.uid, morning(0));
    const foreign = arrived(elsewhere.bookingId, elsewhere.payer.uid, morning(1));
    const stranger = arrived(lead.bookingId, alone.payer.uid, morning(1));
    const sent = await send(guide, [foreign, good, stranger]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.recorded).toBe(1);
    expect(outcomesOf(sent.body)).toEqual([
      [foreign.id, NOT_ON_THIS_DATE],
      [good.id, null],
      [stranger.id, NOT_IN_THE_PARTY],
    ]);
    expect((await recordOf()).map((event) => event.id)).toContain(good.id);
    // The refused events are kept whole for the office, once however often the phone sends them.
    expect((await send(guide, [foreign, good, stranger])).body).toMatchObject({ recorded: 0, outcomes: sent.body.outcomes });
    const kept = await h.db.query<{ id: string; reason: string; by_uid: string }>(
      `select id, reason, by_uid from trip_event_refusals where id = any($1::text[]) order by reason`,
      [[foreign.id, stranger.id]],
    );
    expect(kept).toEqual([
      { id: foreign.id, reason: NOT_ON_THIS_DATE, by_uid: guide.uid },
      { id: stranger.id, reason: NOT_IN_THE_PARTY, by_uid: guide.uid },
    ]);
  });

  it('refuses, alone, an event whose phone clock is outside the trip day, and events for a trip weeks ahead', async () => {
    const in1970 = arrived(lead.bookingId, friend.uid, '1970-01-01T00:00:00.000Z');
    const nextYear = arrived(lead.bookingId, friend.uid, new Date(Date.now() + 365 * 86_400_000).toISOString());
    const signedIn2019 = {
      ...arrived(lead.bookingId, friend.uid, '2019-01-05T16:00:00.000Z'),
      kind: 'signed' as const,
      signature: SIGNATURE,
      agreed: true as const,
      version: currentWaiverEdition.version,
    };
    const good = { ...arrived(lead.bookingId, friend.uid, morning(40)), kind: 'gear' as const, beacon: true, shovel: true, probe: true };
    const sent = await send(guide, [in1970, nextYear, signedIn2019, good]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const refused = new Map(sent.body.outcomes.map((outcome) => [outcome.id, outcome.refused]));
    expect(refused.get(in1970.id)).toBe(
      "The phone's clock said Wed, Dec 31, 1969, 5:00 PM MST, outside the trip day: check the phone's date and time.",
    );
    expect(refused.get(nextYear.id)).toMatch(/^The phone's clock said .*, outside the trip day/);
    expect(refused.get(signedIn2019.id)).toMatch(/^The phone's clock said Sat, Jan 5, 2019, 9:00 AM MST/);
    expect(refused.get(good.id)).toBeNull();
    // The 1970 arrival is no check-in at all, and the 2019 signature is in nobody's waiver record.
    expect(checkInOf(checkIns(await recordOf()), lead.bookingId, friend.uid).at).toBe(morning(35));
    expect(await h.db.query(`select 1 from trip_events where id = $1`, [signedIn2019.id])).toEqual([]);
    const elsewhereToday = await send(guide, [arrived(elsewhere.bookingId, elsewhere.payer.uid, morning(2))], otherDateId);
    expect(elsewhereToday.body.outcomes[0]?.refused).toMatch(/outside the trip day/);
  });

  it('keeps a check-in of a seat cancelled after the sheet was saved, flagged for the office', async () => {
    const cancelled = await h.json('POST', `/ops/bookings/${alone.bookingId}/cancel`, {
      token: operator.token,
      body: { reason: 'Asked by phone', refund: 0 },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const event = arrived(alone.bookingId, alone.payer.uid, morning(5));
    const sent = await send(guide, [event]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await recordOf()).find((recorded) => recorded.id === event.id)).toMatchObject({ flag: FLAGS.cancelled });
    // A waiver signed at the trailhead for the seat that is gone is kept and flagged, and is not their waiver.
    const signing = {
      ...arrived(alone.bookingId, alone.payer.uid, morning(6)),
      kind: 'signed' as const,
      signature: SIGNATURE,
      agreed: true as const,
      version: currentWaiverEdition.version,
    };
    const signed = await send(guide, [signing]);
    expect(signed.body.outcomes).toEqual([{ id: signing.id, refused: null }]);
    expect((await recordOf()).find((recorded) => recorded.id === signing.id)).toMatchObject({
      flag: `${FLAGS.cancelled} ${SIGNATURE_HELD}`,
    });
    const signatures = await h.db.query(`select id from waiver_signatures where user_id = $1`, [alone.payer.uid]);
    expect(signatures).toHaveLength(1);
    // What was signed is kept whole with the event, for the office to look at: the image and the text it was signed on.
    const [kept] = await h.db.query<{ waiver_signature_id: string | null; held_signature: unknown }>(
      `select waiver_signature_id, held_signature from trip_events where id = $1`,
      [signing.id],
    );
    expect(kept).toEqual({
      waiver_signature_id: null,
      held_signature: {
        signature: SIGNATURE,
        version: currentWaiverEdition.version,
        ipAddress: expect.any(String),
        userAgent: expect.any(String),
      },
    });
    // The sheet no longer lists the party.
    expect((await sheetOf(guide)).body.parties.map((party) => party.bookingId)).toEqual([lead.bookingId]);

    // The office sees it with the image, and only an operator, giving a reason, makes it their waiver signature, once.
    const overview = await h.json<OpsDateOverview>('GET', `/ops/dates/${dateId}`, { token: operator.token });
    expect(overview.body.heldSignatures).toEqual([
      {
        eventId: signing.id,
        bookingId: alone.bookingId,
        uid: alone.payer.uid,
        member: 'Al Alone',
        at: signing.at,
        by: expect.any(String),
        why: FLAGS.cancelled,
        signature: SIGNATURE,
        version: currentWaiverEdition.version,
      },
    ]);
    const accept = (user: TestUser, body: unknown, eventId = signing.id) =>
      h.json<OpsDateOverview & { message?: string }>('POST', `/ops/dates/${dateId}/held-signatures/${eventId}/accept`, {
        token: user.token,
        body,
      });
    expect((await accept(guide, { reason: 'Checked with Al' })).status).toBe(403);
    expect((await accept(operator, {})).status).toBe(400);
    expect(await accept(operator, { reason: 'Checked with Al' }, event.id)).toMatchObject({
      status: 404,
      body: { message: NO_HELD_SIGNATURE },
    });
    expect(await h.db.query(`select id from waiver_signatures where user_id = $1`, [alone.payer.uid])).toHaveLength(1);
    const accepted = await accept(operator, { reason: 'Al rebooked and signed in front of the guide' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.heldSignatures).toEqual([]);
    expect((await accept(operator, { reason: 'Again' })).status).toBe(200);
    const mine = await h.json<WaiverStatus[]>('GET', `/users/user/${alone.payer.uid}/waivers`, { token: alone.payer.token });
    expect(mine.body).toHaveLength(2);
    const [madeHere] = await h.db.query<{ version: string; signature: string; in_person_by: string | null; signed_at: Date | string }>(
      `select s.version, s.signature, s.in_person_by, s.signed_at from waiver_signatures s join trip_events e on e.waiver_signature_id = s.id where e.id = $1`,
      [signing.id],
    );
    expect(madeHere).toMatchObject({ version: currentWaiverEdition.version, signature: SIGNATURE, in_person_by: expect.any(String) });
    expect(new Date(madeHere?.signed_at ?? 0).toISOString()).toBe(signing.at);
    expect(accepted.body.tripEvents.find((recorded) => recorded.id === signing.id)?.flag).toBe(`${FLAGS.cancelled} ${SIGNATURE_ACCEPTED}`);
    const activity = await h.json<{ reason: string; change: string }[]>('GET', '/ops/activity', { token: operator.token });
    expect(activity.body.filter((action) => action.reason === 'Al rebooked and signed in front of the guide')).toEqual([
      expect.objectContaining({
        change: expect.stringMatching(/^The waiver Al Alone signed at the trailhead on .*'s phone made their waiver signature/),
      }),
    ]);
    expect(activity.body.filter((action) => action.reason === 'Again')).toEqual([]);
  });

  it("puts a waiver signed on a guide's phone in the signer's record, saying so, with the phone's time and ours", async () => {
    const signedAt = new Date(Date.now() - 3_600_000).toISOString();
    const signing = {
      ...arrived(lead.bookingId, friend.uid, signedAt),
      kind: 'signed' as const,
      signature: SIGNATURE,
      agreed: true as const,
    };
    // A waiver text replaced on the trip morning refuses that signature alone: the check-in beside it is recorded.
    const olderSigning = { ...signing, id: randomUUID(), version: '2001-01' };
    const beside = arrived(lead.bookingId, lead.payer.uid, morning(50));
    const older = await send(guide, [olderSigning, beside]);
    expect(older.status).toBe(200);
    expect(outcomesOf(older.body)).toEqual([
      [olderSigning.id, OLDER_WAIVER],
      [beside.id, null],
    ]);
    const sent = await send(guide, [{ ...signing, version: currentWaiverEdition.version }]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const record = await recordOf();
    expect((await send(guide, [{ ...signing, version: currentWaiverEdition.version }])).body.recorded).toBe(0);
    const rows = await h.db.query<{ id: string; in_person_by: string | null; signed_at: Date; received_at: Date; version: string }>(
      `select s.id, s.in_person_by, s.signed_at, s.received_at, s.version from waiver_signatures s join trip_events e on e.waiver_signature_id = s.id
        where e.id = $1`,
      [signing.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ in_person_by: record[0]?.by, version: currentWaiverEdition.version });
    expect(new Date(rows[0]!.signed_at).toISOString()).toBe(signedAt);
    expect(new Date(rows[0]!.received_at).getTime()).toBeGreaterThan(Date.parse(signedAt));
    const waivers = await h.json<{ id: string; current: boolean }[]>('GET', `/users/user/${friend.uid}/waivers`, { token: friend.token });
    expect(waivers.body).toHaveLength(2);
    // The signed copy says it was signed in person, on whose phone, and when it reached us.
    const copy = await h.json<SignedWaiverCopy>('GET', `/users/user/${friend.uid}/waivers/${rows[0]!.id}`, { token: friend.token });
    expect(copy.body.inPerson).toEqual({ by: record[0]?.by, receivedAt: new Date(rows[0]!.received_at).toISOString() });
    const online = waivers.body.find((waiver) => waiver.id !== rows[0]!.id);
    expect(
      (await h.json<SignedWaiverCopy>('GET', `/users/user/${friend.uid}/waivers/${online?.id}`, { token: friend.token })).body.inPerson,
    ).toBeNull();
  });

  it('keeps a wrong tap and its undo both in the record, the undone mark counting for nothing, and another phone’s mark standing', async () => {
    const una = await paidBooking(h, { date: tripDate, calendar: CLASSES, priceId: PRICE, partySize: 1, payerName: 'Una Undo' });
    const wrong = arrived(una.bookingId, una.payer.uid, morning(55));
    const undo: TripEventRequest = { ...arrived(una.bookingId, una.payer.uid, morning(56)), kind: 'undo', undoes: wrong.id };
    expect((await send(guide, [wrong])).body.recorded).toBe(1);
    const undone = await send(guide, [undo]);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.recorded).toBe(1);
    const afterUndo = await recordOf();
    expect((await send(guide, [undo])).body.recorded).toBe(0);
    const unas = (events: TripEvent[]) => events.filter((event) => event.bookingId === una.bookingId);
    expect(unas(afterUndo).map((event) => [event.id, event.kind, event.undoes])).toEqual([
      [wrong.id, 'here', null],
      [undo.id, 'undo', wrong.id],
    ]);
    expect(checkInOf(checkIns(afterUndo), una.bookingId, una.payer.uid)).toMatchObject({ status: null, at: null });
    // An undo must name an event by a well-formed id.
    expect((await send(guide, [{ ...undo, id: randomUUID(), undoes: 'x' }])).status).toBe(400);
    // The operator's phone saw Una arrive: that mark stands, whatever the guide took back.
    expect((await send(operator, [arrived(una.bookingId, una.payer.uid, morning(57))])).body.recorded).toBe(1);
    expect(checkInOf(checkIns(await recordOf()), una.bookingId, una.payer.uid)).toMatchObject({ status: 'here', at: morning(57) });
  });

  it('puts a survey answered on a guide’s phone into the person’s own record, unless they answered it themselves', async () => {
    const pair = await paidBooking(h, { date: tripDate, calendar: CLASSES, priceId: PRICE, partySize: 2, payerName: 'Sue Survey' });
    const newcomer = await newUser();
    expect(
      (await h.call('POST', `/users/user/${newcomer.uid}`, { token: newcomer.token, body: { uid: newcomer.uid, email: newcomer.email } }))
        .ok,
    ).toBe(true);
    const inviteCode = await inviteCodeOf(h, pair.payer, CLASSES, dateId);
    expect((await h.json('POST', '/calendar/invite', { token: newcomer.token, body: { inviteCode } })).status).toBe(200);
    const answers = { ...SURVEY, emergencyContactName: 'Nell Newcomer', medicalConditions: 'Bad left knee' };
    const answered: TripEventRequest = { ...arrived(pair.bookingId, newcomer.uid, morning(58)), kind: 'survey', survey: answers };
    const sent = await send(guide, [answered]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(outcomesOf(sent.body)).toEqual([[answered.id, null]]);
    const own = await h.json<{ survey: unknown }>('GET', `/users/user/${newcomer.uid}`, { token: newcomer.token });
    expect(own.body.survey).toEqual(answers);
    const afterSurvey = await recordOf();
    const recorded = afterSurvey.find((event) => event.id === answered.id);
    expect(recorded).toMatchObject({ kind: 'survey', survey: answers, flag: null });
    expect(checkInOf(checkIns(afterSurvey), pair.bookingId, newcomer.uid).surveyedHere).toEqual(answers);

    // The payer answered it online: their answers stand, and the event says so for the office.
    const overwrite: TripEventRequest = {
      ...arrived(pair.bookingId, pair.payer.uid, morning(59)),
      kind: 'survey',
      survey: { ...answers, emergencyContactName: 'Somebody Else' },
    };
    expect((await send(guide, [overwrite])).body.recorded).toBe(1);
    expect((await recordOf()).find((event) => event.id === overwrite.id)?.flag).toBe(SURVEY_ANSWERED_ALREADY);
    const payers = await h.json<{ survey: { emergencyContactName: string } }>('GET', `/users/user/${pair.payer.uid}`, {
      token: pair.payer.token,
    });
    expect(payers.body.survey.emergencyContactName).toBe('Jo Rider');
    // Answers the survey form would refuse are bad input.
    expect((await send(guide, [{ ...answered, id: randomUUID(), survey: { ...answers, emergencyContactNumber: 'call me' } }])).status).toBe(
      400,
    );
  });
});

describe('GET /ops/passes/{code}', () => {
  it('tells an operator whose pass it is; refuses a customer, and says so of a code no seat has', async () => {
    const sheet = (await sheetOf(guide)).body;
    const member = sheet.parties[0]?.members[1];
    const found = await h.json<Pass>('GET', `/ops/passes/${member?.passCode}`, { token: operator.token });
    expect(found).toEqual({ status: 200, body: { bookingId: lead.bookingId, dateId, uid: friend.uid, name: 'Fran Friend' } });
    expect((await h.json('GET', `/ops/passes/${member?.passCode}`, { token: customer.token })).status).toBe(403);
    const unknown = await h.json('GET', `/ops/passes/${'0'.repeat(32)}`, { token: operator.token });
    expect(unknown).toMatchObject({ status: 404, body: { message: UNKNOWN_PASS } });
    expect((await h.json('GET', '/ops/passes/not-a-code', { token: operator.token })).status).toBe(400);
  });
});

describe('GET /users/user/{uid}/passes', () => {
  it("gives each member their own pass for the trips ahead, the code the guide's sheet knows, and nobody else's", async () => {
    const sheet = (await sheetOf(guide)).body;
    const codeOf = (uid: string) => sheet.parties.flatMap((party) => party.members).find((member) => member.uid === uid)?.passCode;
    const mine = await h.json<MyPasses>('GET', `/users/user/${friend.uid}/passes`, { token: friend.token });
    expect(mine.status).toBe(200);
    expect(mine.body.passes).toEqual([
      expect.objectContaining({ dateId, bookingId: lead.bookingId, code: codeOf(friend.uid), name: 'Fran Friend', calendar: CLASSES }),
    ]);
    expect(mine.body.passes[0]?.bring).toContain('Probe');
    expect(mine.body.passes[0]?.meetingPoint).toMatch(/Kamas/);
    // The lead's passes hold the lead's code alone, for this date and no other.
    const leads = await h.json<MyPasses>('GET', `/users/user/${lead.payer.uid}/passes`, { token: lead.payer.token });
    expect(leads.body.passes.map((pass) => pass.code)).toEqual([codeOf(lead.payer.uid)]);
    // Someone else's passes are not to be read, and a cancelled seat has none.
    expect((await h.json('GET', `/users/user/${friend.uid}/passes`, { token: lead.payer.token })).status).toBe(403);
    expect((await h.json<MyPasses>('GET', `/users/user/${alone.payer.uid}/passes`, { token: alone.payer.token })).body.passes).toEqual([]);
    const answer = await h.call('GET', `/users/user/${friend.uid}/passes`, { token: friend.token });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('GET /ops/dates/{id}', () => {
  it('carries what the phones recorded at the trailhead, each event with its member by name and its flag', async () => {
    const { status, body } = await h.json<{ tripEvents: TripEvent[] }>('GET', `/ops/dates/${dateId}`, { token: operator.token });
    expect(status).toBe(200);
    const recorded = await h.db.query<{ id: string }>(`select id from trip_events where date_id = $1`, [dateId]);
    expect(body.tripEvents.map((event) => event.id).sort()).toEqual(recorded.map((row) => row.id).sort());
    expect(body.tripEvents.find((event) => event.uid === friend.uid)?.member).toBe('Fran Friend');
    expect(body.tripEvents.filter((event) => event.flag === FLAGS.cancelled).map((event) => event.member)).toEqual(['Al Alone']);
  });
});
