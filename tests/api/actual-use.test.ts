/**
 * The Forest Service's actual use report through the API, on a season built the way a real one is:
 * customers book and pay, a friend joins a party, a guide checks people in at the trailhead, a
 * customer cancels by the policy, we call off a date and its payer takes the refund, the refunds are
 * carried out. The report's numbers are those of what happened; operators only; the permit's
 * settings are kept and recorded.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../api/db/migrate.ts';
import { firebaseIdentity } from '../../api/identity.ts';
import { composeMail, type QueuedMail } from '../../api/mail/compose.ts';
import { remindToFile } from '../../api/reports/reminders.ts';
import { denverInstant } from '../../shared/rules/dates.ts';
import { seedIfEmpty } from '../../api/seed/seed.ts';
import { actualUseCsv, csvFile, decimalDollars } from '../../shared/reports/actual-use-csv.ts';
import { moneyCsv, type ExportedMovement } from '../../shared/reports/money-csv.ts';
import { settlePayment } from '../../api/payments/settle.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import { callOffDate } from '../../api/bookings/call-off.ts';
import { runDueActions } from '../../api/payment-outbox/worker.ts';
import { DEFAULT_LOCATION } from '../../api/reports/permit-settings.ts';
import type { CancellationQuote, CalendarEntry } from '../../shared/contract/answers.ts';
import { SEASON_MESSAGE } from '../../shared/contract/reports.ts';
import type { TripEventRequest } from '../../shared/contract/trailhead.ts';
import type { ActualUse } from '../../shared/rules/actual-use.ts';
import { denverDay, denverDayPlus } from '../../shared/rules/dates.ts';
import { seasonFor, seasonNamed } from '../../shared/rules/season.ts';
import { seasonFigures, type SeasonCounts } from '../../api/reports/season-figures.ts';
import { freeDate, harness, holdDate, inviteCodeOf, PROJECT_ID, readyUser, SITE_URL, type Harness, type TestUser } from './harness.ts';
import { paidBooking } from './paid-booking.ts';
import { commandDatabase, operatorCommand, staffMember, type CommandDatabase } from './staff.ts';
import { seasonDay } from './season-day.ts';

const CLASSES = 'winter-classes';
const CLASS_PRICE = 'price_class_sledski';
const TOURS = 'winter-day-tours';
const TOUR_PRICE = 'price_tour_ski';

interface Settings {
  feeRatePercent: number;
  season: { label: string; firstDay: string; lastDay: string };
  places: { kind: 'activity' | 'trailhead'; key: string; name: string; onForestLand: boolean; location: string }[];
}
type Report = ActualUse & {
  season: Settings['season'];
  feeRatePercent: number;
  filed: {
    id: string;
    at: string;
    by: string;
    csv: string;
    differences: { row: string; figure: string; filed: number; now: number }[];
  } | null;
};

let h: Harness;
/** The harness's database, which `npm run report:actual-use` reads too. */
let database: CommandDatabase;
let operator: TestUser;
let guide: TestUser;
/** The season of the harness's dates, its permit season set to begin yesterday. */
let season: Settings['season'];
/** A class that ran this morning: a lead and the friend who joined, both here; a payer alone, a no-show; a party of two nobody joined. */
let ran: CalendarEntry;
let lead: { payer: TestUser; bookingId: string };
let friend: TestUser;
let alone: { payer: TestUser; bookingId: string };
let guests: { payer: TestUser; bookingId: string };
/** A class ahead that nobody checked anyone in on, one of its two bookings cancelled by the policy. */
let ahead: CalendarEntry;
let kept: { payer: TestUser; bookingId: string };
let cancelled: { payer: TestUser; bookingId: string; refund: number };
/** A day tour we called off, its payer refunded. */
let stormy: CalendarEntry;
let stranded: { payer: TestUser; bookingId: string };

const amountOf = async (bookingId: string) =>
  Number((await h.db.query<{ amount: number }>(`select amount from bookings where id = $1`, [bookingId]))[0]?.amount);
const report = (user: TestUser | null, label = season.label) =>
  h.json<Report & { error?: string }>(
    'GET',
    `/ops/reports/actual-use?season=${encodeURIComponent(label)}`,
    user ? { token: user.token } : {},
  );

beforeAll(async () => {
  database = await commandDatabase();
  const db = await database.open();
  await migrate(db);
  await seedIfEmpty(db, seasonDay());
  h = await harness({ db, bookingCutoffHours: 0 });
  [operator, guide] = [await staffMember('operator'), await staffMember('guide')];
  ran = await freeDate(h, CLASSES, (entry) => entry.stripeId === CLASS_PRICE);
  lead = await paidBooking(h, { date: ran, calendar: CLASSES, priceId: CLASS_PRICE, partySize: 2, payerName: 'Lee Lead' });
  friend = await readyUser(h, 'Fran Friend');
  const inviteCode = await inviteCodeOf(h, lead.payer, CLASSES, ran.id);
  expect((await h.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode } })).status).toBe(200);
  alone = await paidBooking(h, { date: ran, calendar: CLASSES, priceId: CLASS_PRICE, partySize: 1, payerName: 'Al Alone' });
  guests = await paidBooking(h, { date: ran, calendar: CLASSES, priceId: CLASS_PRICE, partySize: 2, payerName: 'Gus Host' });

  ahead = await freeDate(h, CLASSES, (entry) => entry.stripeId === CLASS_PRICE && entry.id !== ran.id);
  kept = await paidBooking(h, { date: ahead, calendar: CLASSES, priceId: CLASS_PRICE, partySize: 1, payerName: 'Kit Kept' });
  // The season of the dates ahead, its permit season begun yesterday so that the class run this morning is in it.
  const aheadSeason = seasonFor(new Date(ahead.date._seconds * 1000));
  season = { label: aheadSeason.label, firstDay: denverDayPlus(denverDay(new Date()), -1), lastDay: aheadSeason.end };
  const leaving = await paidBooking(h, { date: ahead, calendar: CLASSES, priceId: CLASS_PRICE, partySize: 1, payerName: 'Cas Leaving' });
  const quote = await h.json<CancellationQuote>('GET', `/bookings/${leaving.bookingId}/cancellation`, { token: leaving.payer.token });
  expect(quote.status).toBe(200);
  const confirmed = await h.json('POST', `/bookings/${leaving.bookingId}/cancellation`, {
    token: leaving.payer.token,
    body: { quoteId: quote.body.quoteId },
  });
  expect(confirmed.status).toBe(200);
  cancelled = { ...leaving, refund: quote.body.refund };

  stormy = await freeDate(h, TOURS, (entry) => entry.id !== ahead.id);
  stranded = await paidBooking(h, { date: stormy, calendar: TOURS, priceId: TOUR_PRICE, partySize: 2, payerName: 'Sto Rmy' });
  await callOffDate(h.db, stormy.id, 'High avalanche danger');
  const chose = await h.json('POST', `/bookings/${stranded.bookingId}/call-off`, {
    token: stranded.payer.token,
    body: { choice: 'refund' },
  });
  expect(chose.status).toBe(200);
  await runDueActions(h.db, h.payments);

  // The class ran this morning: it began three hours ago, and the guide's phone recorded who came.
  const began = Date.now() - 3 * 3_600_000;
  await h.db.query(`update calendar_dates set starts_at = $2 where id = $1`, [ran.id, new Date(began).toISOString()]);
  const at = new Date(began + 10 * 60_000).toISOString();
  const mark = (bookingId: string, uid: string, kind: 'here' | 'no-show'): TripEventRequest => ({
    id: randomUUID(),
    kind,
    bookingId,
    uid,
    at,
  });
  const sent = await h.json('POST', `/guide/dates/${ran.id}/trip-events`, {
    token: guide.token,
    body: {
      events: [
        mark(lead.bookingId, lead.payer.uid, 'here'),
        mark(lead.bookingId, friend.uid, 'here'),
        mark(alone.bookingId, alone.payer.uid, 'no-show'),
        mark(guests.bookingId, guests.payer.uid, 'here'),
      ],
    },
  });
  expect(sent.status).toBe(200);
});

describe("the season's figures", () => {
  interface Figures {
    season: { label: string; firstDay: string; through: string | null };
    before: { label: string; firstDay: string; through: string | null };
    revenueByMonth: { month: string; now: number; before: number }[];
    revenueByActivity: { activity: string; now: number; before: number }[];
    fill: { activity: string; weekday: number; sold: number; capacity: number; soldBefore: number; capacityBefore: number }[];
    counts: { now: SeasonCounts; before: SeasonCounts };
  }
  const nextLabel = (label: string) => `${Number(label.slice(0, 4)) + 1}-${String(Number(label.slice(0, 4)) + 2).slice(2)}`;

  it('sum the bookings made, cancelled by cause and refunded, and the money by trip, against the same days of the season before', async () => {
    // The dates ahead's season, at its end: the class ahead with a booking kept and one cancelled, the day tour called off.
    const aheadSeason = seasonFor(new Date(ahead.date._seconds * 1000));
    expect(seasonFor(new Date(stormy.date._seconds * 1000)).label).toBe(aheadSeason.label);
    const figures = await seasonFigures(h.db, aheadSeason.label, aheadSeason.end);
    expect(figures.season).toMatchObject({ label: aheadSeason.label, firstDay: aheadSeason.start, through: aheadSeason.end });
    expect(figures.counts.now).toMatchObject({
      bookings: 3,
      seats: 4,
      cancelledByCustomer: 1,
      calledOff: 1,
      cancelledByOffice: 0,
      refunds: 2,
      refunded: cancelled.refund + (await amountOf(stranded.bookingId)),
      noShows: 0,
      promoUses: 0,
      offersMade: 0,
      giftSold: 0,
    });
    expect(figures.counts.before).toMatchObject({ bookings: 0, refunded: 0 });
    const classRevenue = (await amountOf(kept.bookingId)) + (await amountOf(cancelled.bookingId)) - cancelled.refund;
    expect(figures.revenueByActivity).toContainEqual({ activity: 'Avalanche Courses', now: classRevenue, before: 0 });
    expect(figures.revenueByMonth.reduce((sum, month) => sum + month.now, 0)).toBe(classRevenue);
    // The seats of the class ahead that went ahead: the one kept; the called-off tour's seats are no seats sold.
    const weekday = new Date(`${denverDay(new Date(ahead.date._seconds * 1000))}T12:00:00Z`).getUTCDay() || 7;
    expect(figures.fill.find((row) => row.activity === 'Avalanche Courses' && row.weekday === weekday)).toMatchObject({ sold: 1 });
    expect(figures.fill.reduce((sum, row) => sum + row.sold, 0)).toBe(1);

    // The season after, at its end, compares itself with this one, month beside month.
    const after = await seasonFigures(h.db, nextLabel(aheadSeason.label), seasonNamed(nextLabel(aheadSeason.label))?.end ?? '');
    expect(after.before).toMatchObject({ label: aheadSeason.label, through: aheadSeason.end });
    expect(after.counts.before).toEqual(figures.counts.now);
    expect(after.revenueByMonth.map((month) => month.before)).toEqual(figures.revenueByMonth.map((month) => month.now));
    expect(after.revenueByActivity).toContainEqual({ activity: 'Avalanche Courses', now: 0, before: classRevenue });

    // Before the season begins, nothing is counted yet.
    const early = await seasonFigures(h.db, aheadSeason.label, denverDayPlus(aheadSeason.start, -1));
    expect(early.season.through).toBeNull();
    expect(early.counts.now.bookings).toBe(0);
  });

  it('are for operators only, and name a season by its two years', async () => {
    const figures = (user: TestUser | null, label = season.label) =>
      h.json<Figures & { error?: string }>(
        'GET',
        `/ops/reports/season?season=${encodeURIComponent(label)}`,
        user ? { token: user.token } : {},
      );
    const { status, body } = await figures(operator);
    expect(status).toBe(200);
    expect(body.season.label).toBe(season.label);
    expect(body.before.label).toBe(`${Number(season.label.slice(0, 4)) - 1}-${season.label.slice(2, 4)}`);
    expect((await figures(guide)).status).toBe(403);
    expect((await figures(lead.payer)).status).toBe(403);
    expect((await figures(null)).status).toBe(401);
    expect(await figures(operator, 'last winter')).toMatchObject({ status: 400, body: { error: SEASON_MESSAGE } });
  });
});

describe('the permit settings', () => {
  it('default to 3% and the ranger district for every activity and trailhead, and keep what the office sets, recorded', async () => {
    const { status, body } = await h.json<Settings>('GET', `/ops/reports/permit?season=${season.label}`, { token: operator.token });
    expect(status).toBe(200);
    expect(body.feeRatePercent).toBe(3);
    expect(body.places.length).toBeGreaterThan(3);
    expect(body.places.every((place) => place.onForestLand && place.location === DEFAULT_LOCATION)).toBe(true);
    expect(body.places.filter((place) => place.kind === 'trailhead').map((place) => place.name)).toContain('Pine Valley Trailhead');

    const change = {
      feeRatePercent: 3.5,
      season,
      places: [{ kind: 'trailhead', key: 'Pine Valley Trailhead', onForestLand: false, location: 'Private land at the gate' }],
      reason: 'The permit renewed for the winter',
    };
    const kept = await h.json<Settings>('PUT', '/ops/reports/permit', { token: operator.token, body: change });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ feeRatePercent: 3.5, season });
    expect(kept.body.places.find((place) => place.key === 'Pine Valley Trailhead')).toMatchObject({
      onForestLand: false,
      location: 'Private land at the gate',
    });
    const records = await h.db.query<{ action: string; reason: string; operator_email: string }>(
      `select action, reason, operator_email from operator_actions where action = 'change permit settings'`,
    );
    expect(records).toEqual([
      { action: 'change permit settings', reason: 'The permit renewed for the winter', operator_email: operator.email },
    ]);

    for (const wrong of [
      { ...change, feeRatePercent: 101 },
      { ...change, feeRatePercent: 3.333 },
      { ...change, season: { ...season, lastDay: denverDayPlus(season.firstDay, -1) } },
      { ...change, places: [{ kind: 'trailhead', key: 'Nowhere Trailhead', onForestLand: true, location: '' }] },
      { ...change, reason: ' ' },
    ]) {
      expect((await h.call('PUT', '/ops/reports/permit', { token: operator.token, body: wrong })).status).toBe(400);
    }
    expect(
      (await h.json<Settings>('GET', `/ops/reports/permit?season=${season.label}`, { token: operator.token })).body.feeRatePercent,
    ).toBe(3.5);
    // The report below is at 3%, as the permit usually has it.
    const back = await h.json('PUT', '/ops/reports/permit', {
      token: operator.token,
      body: { ...change, feeRatePercent: 3, reason: 'Back to the usual rate' },
    });
    expect(back.status).toBe(200);
  });
});

describe('GET /ops/reports/actual-use', () => {
  it('counts each client present as a service day, a date nobody checked in by its seats, and revenue net of refunds', async () => {
    const { status, body } = await report(operator);
    expect(status).toBe(200);
    expect(body.season).toEqual(season);
    const ranRevenue = (await amountOf(lead.bookingId)) + (await amountOf(alone.bookingId)) + (await amountOf(guests.bookingId));
    const aheadRevenue = (await amountOf(kept.bookingId)) + (await amountOf(cancelled.bookingId)) - cancelled.refund;
    expect(cancelled.refund).toBeGreaterThan(0);
    // Here this morning: the lead, the friend, and the host of two whose guest never joined the party. Nobody was
    // checked in on the class ahead: its one paid seat counts, and the report says so. Four people, four days.
    expect(body.rows).toEqual([
      { activity: 'Avalanche Courses', location: DEFAULT_LOCATION, clients: 4, serviceDays: 4, revenue: ranRevenue + aheadRevenue },
    ]);
    expect(body.countedFromBookings).toEqual([expect.objectContaining({ dateId: ahead.id, seats: 1 })]);
    expect(body.countedFromBookings.map((day) => day.dateId)).not.toContain(ran.id);
    expect(body.noShows).toEqual([expect.objectContaining({ dateId: ran.id, activity: 'Avalanche Courses', name: 'Al Alone' })]);
    expect(body.calledOff).toContainEqual(expect.objectContaining({ dateId: stormy.id, activity: 'Backcountry Tours', seats: 2 }));
    const revenue = body.rows.reduce((sum, row) => sum + row.revenue, 0);
    expect(body.totals).toMatchObject({ revenue, fee: Math.round(revenue * 0.03) });
    expect(body.totals.serviceDays).toBe(body.rows.reduce((sum, row) => sum + row.serviceDays, 0));
  });

  it('leaves out a date met at a trailhead off National Forest land', async () => {
    await h.db.query(`update calendar_dates set meeting_trailhead = 'Pine Valley Trailhead', meets_at = starts_at where id = $1`, [
      ahead.id,
    ]);
    const { body } = await report(operator);
    expect(body.rows).toEqual([
      { activity: 'Avalanche Courses', location: DEFAULT_LOCATION, clients: 3, serviceDays: 3, revenue: expect.any(Number) as number },
    ]);
    expect(body.countedFromBookings).toEqual([]);
    await h.db.query(`update calendar_dates set meeting_trailhead = null, meets_at = null where id = $1`, [ahead.id]);
  });

  it('is for operators only, and names a season by its two years', async () => {
    expect((await report(null)).status).toBe(401);
    expect((await report(guide)).status).toBe(403);
    expect((await report(lead.payer)).status).toBe(403);
    for (const wrong of ['2026', '2026-28', 'winter']) {
      expect(await report(operator, wrong)).toMatchObject({ status: 400, body: { error: SEASON_MESSAGE } });
    }
    expect((await h.call('PUT', '/ops/reports/permit', { token: guide.token, body: {} })).status).toBe(403);
  });
});

describe('the reminders to file the report', () => {
  it('go to each operator once the season ended and again a week before it is due, once each, and stop once it is filed', async () => {
    const identity = firebaseIdentity(PROJECT_ID);
    // The season before the test's: no report of it is filed. It ended March 31; its report is due April 30.
    const year = Number(season.label.slice(0, 4));
    const before = `${year - 1}-${String(year).slice(2)}`;
    const remindersTo = (uid: string) =>
      h.db.query<QueuedMail & { event_key: string } & Record<string, unknown>>(
        `select * from mail_outbox where kind = 'actual-use-reminder' and recipient_uid = $1 order by event_key`,
        [uid],
      );
    expect(await remindToFile(h.db, identity, denverInstant(`${year}-03-31`, 18))).toBe(0);
    const afterSeason = denverInstant(`${year}-04-01`, 9);
    expect(await remindToFile(h.db, identity, afterSeason)).toBeGreaterThan(0);
    expect(await remindToFile(h.db, identity, afterSeason)).toBe(0);
    expect(await remindToFile(h.db, identity, denverInstant(`${year}-04-22`, 9))).toBe(0);
    await remindToFile(h.db, identity, denverInstant(`${year}-04-23`, 9));
    const [ended, dueSoon] = await remindersTo(operator.uid);
    expect([ended?.event_key, dueSoon?.event_key]).toEqual([`${before}:due-soon`, `${before}:season-ended`].sort());
    expect(await remindersTo(guide.uid)).toEqual([]);

    const compose = (mail: QueuedMail | undefined) => composeMail(h.db, mail as QueuedMail, { siteUrl: SITE_URL, waiverVersion: '' });
    const first = await compose((await remindersTo(operator.uid)).find((mail) => mail.event_key.endsWith('season-ended')));
    expect(first).toMatchObject({ send: { subject: `The ${before} season has ended: its actual use report is due Fri, Apr 30, ${year}` } });
    const text = 'send' in first ? first.send.text : '';
    expect(text).toContain(`${SITE_URL}/ops/reports/actual-use?season=${before}`);
    expect(text).toContain('one more reminder goes a week before it is due');

    // Filed meanwhile: what was not sent yet is not sent, and no reminder is written any more.
    expect((await h.json('POST', '/ops/reports/actual-use/filed', { token: operator.token, body: { season: before } })).status).toBe(200);
    expect(await compose((await remindersTo(operator.uid)).find((mail) => mail.event_key.endsWith('due-soon')))).toEqual({
      skip: 'the report is filed',
    });
    await h.db.query(`delete from mail_outbox where kind = 'actual-use-reminder'`);
    expect(await remindToFile(h.db, identity, denverInstant(`${year}-04-24`, 9))).toBe(0);
  });
});

describe('filing the report', () => {
  const file = (user: TestUser) =>
    h.json<Report>('POST', '/ops/reports/actual-use/filed', { token: user.token, body: { season: season.label } });

  it('keeps a copy with who filed it and when, once however often it is asked, and shows what changed since', async () => {
    expect((await report(operator)).body.filed).toBeNull();
    const filed = await file(operator);
    expect(filed.status).toBe(200);
    expect(filed.body.filed).toMatchObject({ by: operator.email, differences: [] });
    expect(Date.now() - Date.parse(filed.body.filed?.at ?? '')).toBeLessThan(60_000);
    expect((await file(operator)).body.filed?.id).toBe(filed.body.filed?.id);
    const copies = await h.db.query<{ id: string; csv: string; filed_by_email: string }>(
      `select id, csv, filed_by_email from filed_reports where season = $1`,
      [season.label],
    );
    expect(copies).toEqual([{ id: filed.body.filed?.id, csv: actualUseCsv(filed.body, 3), filed_by_email: operator.email }]);
    expect(
      await h.db.query(`select action, reason from operator_actions where action = 'file actual use report' and subject = $1`, [
        `the permit for ${season.label}`,
      ]),
    ).toEqual([{ action: 'file actual use report', reason: 'Filed with the Forest Service' }]);

    // A customer books the class ahead after the report was filed: the report says what changed.
    const late = await paidBooking(h, { date: ahead, calendar: CLASSES, priceId: CLASS_PRICE, partySize: 1, payerName: 'Lou Late' });
    const price = await amountOf(late.bookingId);
    const { body } = await report(operator);
    const row = `Avalanche Courses, ${DEFAULT_LOCATION}`;
    const was = filed.body.totals;
    expect(body.filed?.differences).toEqual([
      { row, figure: 'clients', filed: was.clients, now: was.clients + 1 },
      { row, figure: 'serviceDays', filed: was.serviceDays, now: was.serviceDays + 1 },
      { row, figure: 'revenue', filed: was.revenue, now: was.revenue + price },
      { row: 'Total', figure: 'clients', filed: was.clients, now: was.clients + 1 },
      { row: 'Total', figure: 'serviceDays', filed: was.serviceDays, now: was.serviceDays + 1 },
      { row: 'Total', figure: 'revenue', filed: was.revenue, now: was.revenue + price },
      { row: 'Total', figure: 'fee', filed: was.fee, now: Math.round(((was.revenue + price) * 3) / 100) },
    ]);
    // The copy keeps the CSV as it was filed, for the office to download again.
    expect(body.filed?.csv).toBe(copies[0]?.csv);
    expect(body.filed?.csv).not.toBe(actualUseCsv(body, 3));
    expect((await file(guide)).status).toBe(403);
  });
});

describe("GET /ops/reports/money: the accountant's export", () => {
  const money = (user: TestUser, query: string) =>
    h.json<ExportedMovement[] & { error?: string }>('GET', `/ops/reports/money?${query}`, { token: user.token });

  it('lists each movement by when it moved, and by the trip it is for, agreeing with the report', async () => {
    const today = denverDay(new Date());
    const cash = await money(operator, `from=${denverDayPlus(today, -1)}&to=${today}&view=cash`);
    expect(cash.status).toBe(200);
    expect(cash.body).toContainEqual(
      expect.objectContaining({
        kind: 'payment',
        method: 'card',
        amount: await amountOf(lead.bookingId),
        bookingId: lead.bookingId,
        customer: 'Lee Lead',
        activity: 'Avalanche Courses',
      }),
    );
    expect(cash.body).toContainEqual(
      expect.objectContaining({
        kind: 'refund',
        method: 'card',
        amount: -cancelled.refund,
        bookingId: cancelled.bookingId,
        customer: 'Cas Leaving',
      }),
    );
    const [intent] = await h.db.query<{ payment_intent_id: string }>(`select payment_intent_id from bookings where id = $1`, [
      lead.bookingId,
    ]);
    expect(cash.body.find((movement) => movement.bookingId === lead.bookingId)?.providerId).toBe(intent?.payment_intent_id);

    // By trip date, the season's movements of the trips the report counts add up to its revenue.
    const { body: counted } = await report(operator);
    const accrual = await money(operator, `from=${season.firstDay}&to=${season.lastDay}&view=accrual`);
    expect(accrual.status).toBe(200);
    const ofCountedTrips = accrual.body.filter((movement) => movement.activity === 'Avalanche Courses');
    expect(ofCountedTrips.reduce((sum, movement) => sum + movement.amount, 0)).toBe(counted.totals.revenue);
    // The called-off date's payment and its refund are there too, netting to nothing.
    const stormyMoney = accrual.body.filter((movement) => movement.activity === 'Backcountry Tours');
    expect(stormyMoney.map((movement) => movement.kind).sort()).toEqual(['payment', 'refund']);
    expect(stormyMoney.reduce((sum, movement) => sum + movement.amount, 0)).toBe(0);
  });

  it('lists a payment that came after its checkout ended and went back whole, when it came and when it went back', async () => {
    const late = await readyUser(h, 'Lou Late');
    const date = await freeDate(h, CLASSES, (entry) => entry.stripeId === CLASS_PRICE && entry.id !== ran.id && entry.id !== ahead.id);
    const held = await holdDate(h, late, date, CLASSES, CLASS_PRICE);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const [hold] = await h.db.query<{ payment_intent_id: string; amount: number }>(
      `update bookings set hold_expires_at = now() - interval '1 hour' where id = $1 returning payment_intent_id, amount`,
      [held.body.bookingId],
    );
    // Bookings for the date have closed meanwhile (the harness's dates are a year ahead): the payment cannot book it, and goes back.
    const settled = await settlePayment(
      { db: h.db, payments: h.payments, cache: h.cache, bookingCutoffHours: 24 * 800 },
      {
        eventId: `evt_late_${held.body.bookingId}`,
        type: 'succeeded',
        intentId: hold?.payment_intent_id ?? '',
        amount: hold?.amount ?? 0,
        currency: 'usd',
        bookingId: held.body.bookingId,
      },
    );
    expect(settled).toMatchObject({ result: 'refunded', reason: 'bookings closed before the late payment' });

    const today = denverDay(new Date());
    const cash = await money(operator, `from=${today}&to=${today}&view=cash`);
    const ofIt = cash.body.filter((movement) => movement.bookingId === held.body.bookingId);
    expect(ofIt).toEqual([
      expect.objectContaining({ kind: 'unbooked payment', method: 'card', amount: hold?.amount, providerId: hold?.payment_intent_id }),
      expect.objectContaining({ kind: 'unbooked refund', method: 'card', amount: -(hold?.amount ?? 0), customer: 'Lou Late' }),
    ]);
    expect(moneyCsv(ofIt)).toContain('Payment after its checkout ended, not booked');
  });

  it('refuses days the wrong way round or over a year apart, a view it has not, and anyone but an operator', async () => {
    for (const query of [
      'from=2027-01-09&to=2027-01-08&view=cash',
      'from=2025-01-01&to=2027-01-03&view=cash',
      'from=2027-01-09&to=2027-01-10&view=all',
      'to=2027-01-10&view=cash',
    ]) {
      expect((await money(operator, query)).status).toBe(400);
    }
    expect((await money(guide, 'from=2027-01-09&to=2027-01-10&view=cash')).status).toBe(403);
  });
});

describe('npm run report:actual-use', () => {
  afterAll(() => database.drop());

  it('prints the report the console shows, and writes its table to the CSV file named', async () => {
    const { body } = await report(operator);
    // The command opens the database itself: the harness lets it go first.
    await h.db.close();
    const folder = mkdtempSync(join(tmpdir(), 'kamas-report-'));
    try {
      const out = join(folder, 'actual-use.csv');
      const run = await operatorCommand('actual-use-cli.ts', ['--season', season.label, '--csv', out], { database });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const lines = run.stdout.split('\n');
      expect(lines[0]).toMatch(new RegExp(`^Actual use report, season ${season.label}: `));
      const { clients, serviceDays, revenue, fee } = body.totals;
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^Avalanche Courses\\s+Heber-Kamas Ranger District\\s+${clients}\\s+${serviceDays}\\s+\\${formatDollars(revenue)}$`),
        ),
      );
      expect(lines).toContain(`Estimated fee, 3% of revenue: ${formatDollars(fee)}`);
      expect(lines).toContainEqual(expect.stringContaining('Al Alone'));
      const csv = readFileSync(out, 'utf8');
      expect(csv).toBe(csvFile(actualUseCsv(body, body.feeRatePercent)));
      expect(parse(csv, { bom: true })).toContainEqual(['Total', '', String(clients), String(serviceDays), decimalDollars(revenue)]);

      const wrong = await operatorCommand('actual-use-cli.ts', ['--season', 'last winter'], { database });
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('--season names a season by its two years, as 2026-27');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
