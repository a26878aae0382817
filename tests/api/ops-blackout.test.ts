/**
 * Blackout days from the console: a day's dates leave the calendars and come back when it is
 * lifted; no date is added on it meanwhile; a day anyone has booked or holds is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpsBlackoutDay } from '../../shared/contract/ops-answers.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { importCatalog, parseCatalogFile } from '../../api/seed/import.ts';
import { denverDay, denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';
import { freeDate, holdDate, readyUser, type Harness, type TestUser } from './harness.ts';
import { operatorHarness } from './staff.ts';

const CLASSES = 'winter-classes';
let h: Harness;
let operator: TestUser;

beforeAll(async () => {
  ({ h, operator } = await operatorHarness({ bookingCutoffHours: 0 }));
});

const dayOf = (entry: CalendarEntry) => denverDay(entry.date._seconds * 1000);
const mark = (body: Record<string, unknown>) =>
  h.json<OpsBlackoutDay[] & { error?: string }>('POST', '/ops/blackout-days', { token: operator.token, body });
const lift = (day: string, reason: string) =>
  h.json<OpsBlackoutDay[] & { error?: string }>('POST', `/ops/blackout-days/${day}/lift`, { token: operator.token, body: { reason } });
const onCalendar = async (dateId: string) => {
  h.cache.clear();
  return (await h.json<CalendarEntry[]>('GET', `/calendar/${CLASSES}`)).body.some((entry) => entry.id === dateId);
};

describe('blackout days', () => {
  it("takes a day's dates off the calendars, adds none on it, and gives them back when lifted, each recorded once", async () => {
    const date = await freeDate(h, CLASSES);
    const day = dayOf(date);
    const marked = await mark({ day, reason: 'Guides’ avalanche training' });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body).toEqual([{ day, reason: 'Guides’ avalanche training', withdrawn: expect.any(Number) }]);
    expect(marked.body[0]?.withdrawn).toBeGreaterThanOrEqual(1);
    expect(await onCalendar(date.id)).toBe(false);
    expect((await mark({ day, reason: 'Again' })).status).toBe(200);

    const kinds = await h.json<{ key: string; calendar: string }[]>('GET', '/ops/date-kinds', { token: operator.token });
    const kind = kinds.body.find((entry) => entry.calendar === CLASSES)?.key ?? '';
    const added = await h.json('POST', '/ops/dates', {
      token: operator.token,
      body: { kind, firstDay: day, time: '06:15', capacity: 4, reason: 'Extra class' },
    });
    expect(added.body).toEqual({ added: [], existing: 0, blackout: 1 });

    const lifted = await lift(day, 'Training moved');
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual([]);
    expect(await onCalendar(date.id)).toBe(true);
    expect((await lift(day, 'Training moved')).status).toBe(200);
    const records = await h.db.query<{ action: string; reason: string }>(
      `select action, reason from operator_actions where subject = $1 order by id`,
      [`day ${day}`],
    );
    expect(records).toEqual([
      { action: 'mark blackout day', reason: 'Guides’ avalanche training' },
      { action: 'lift blackout day', reason: 'Training moved' },
    ]);
  });

  it('keeps the catalog import off a blackout day too: its dates there are left out, and counted', async () => {
    const date = await freeDate(h, CLASSES);
    const day = dayOf(date);
    expect((await mark({ day, reason: 'Guides’ avalanche training' })).status).toBe(200);
    const [row] = await h.db.query<{ product_id: string; price_id: string | null }>(
      'select product_id, price_id from calendar_dates where id = $1',
      [date.id],
    );
    const entry = (id: string, startsAt: string) => ({ id, calendar: CLASSES, productId: row?.product_id, startsAt, capacity: 6 });
    const nextDay = denverDayPlus(day, 1);
    const counts = await importCatalog(
      h.db,
      parseCatalogFile({
        dates: [
          // The withdrawn date itself, active in the file, and a new one: neither is written on the blackout day.
          { ...entry(date.id, denverInstant(day, 8).toISOString()), ...(row?.price_id ? { priceId: row.price_id } : {}) },
          entry('import-on-blackout', denverInstant(day, 9).toISOString()),
          entry('import-next-day', denverInstant(nextDay, 9).toISOString()),
        ],
      }),
    );
    expect(counts).toMatchObject({ dates: 1, onBlackoutDays: 2 });
    expect(await onCalendar(date.id)).toBe(false);
    const written = await h.db.query<{ id: string }>(`select id from calendar_dates where id like 'import-%' order by id`);
    expect(written).toEqual([{ id: 'import-next-day' }]);
    expect((await lift(day, 'Training moved')).status).toBe(200);
  });

  it('refuses a day anyone has booked or holds, a past day, and a request it cannot read', async () => {
    const date = await freeDate(h, CLASSES);
    const rider = await readyUser(h);
    expect((await holdDate(h, rider, date, CLASSES, date.stripeId ?? '', 1)).status).toBe(200);
    const held = await mark({ day: dayOf(date), reason: 'Holiday' });
    expect(held.status).toBe(409);
    expect(held.body.error).toBe('1 party has booked or holds a date that day: call it off or move it first.');
    expect(await onCalendar(date.id)).toBe(true);

    const past = await mark({ day: denverDayPlus(denverDay(new Date()), -1), reason: 'Holiday' });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('Choose today or a day ahead.');
    expect((await mark({ day: '2027-02-30', reason: 'Holiday' })).body.error).toBe('Choose a day.');
    expect((await mark({ day: dayOf(date), reason: '' })).body.error).toBe('Give a reason (up to 500 characters).');
    expect((await lift('not-a-day', 'x')).status).toBe(400);
    expect(await h.db.query(`select 1 from blackout_days`)).toEqual([]);
  });
});
