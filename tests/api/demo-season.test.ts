/**
 * The demo's last season: a fresh database seeded for `npm run dev` has last season walked through the
 * domain, so the season's figures and the actual use report have something to show; it leaves nothing
 * held, owed or waiting for a choice, sends none of its messages, and is the same on every machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../api/db/client.ts';
import { migrate } from '../../api/db/migrate.ts';
import { actualUseReport } from '../../api/reports/actual-use-report.ts';
import { seasonFigures } from '../../api/reports/season-figures.ts';
import { lastSeason, seedIfEmpty } from '../../api/seed/seed.ts';
import { denverInstant } from '../../shared/rules/dates.ts';

/** A day in the weeks before a season, as a newcomer might first start the stack. */
const TODAY = denverInstant('2026-11-20', 12);
const LAST = lastSeason(TODAY);

async function seeded(): Promise<Db> {
  const db = await openPglite();
  await migrate(db);
  expect(await seedIfEmpty(db, TODAY, { lastSeasonHistory: true })).toBe('2026-27');
  return db;
}

let db: Db;

beforeAll(async () => {
  db = await seeded();
});

afterAll(async () => {
  await db.close();
});

describe("the demo's last season", () => {
  it('is the season before the one coming', () => {
    expect(LAST).toEqual({ start: '2025-12-01', end: '2026-03-31', label: '2025-26' });
  });

  it("gives the season's figures bookings, cancellations of every cause, refunds, no-shows, promo codes, credit and revenue every month", async () => {
    const figures = await seasonFigures(db, LAST.label, LAST.end);
    const counts = figures.counts.now;
    expect(counts.bookings).toBeGreaterThan(100);
    expect(counts.cancelledByCustomer).toBeGreaterThan(0);
    expect(counts.calledOff).toBeGreaterThan(0);
    expect(counts.cancelledByOffice).toBeGreaterThan(0);
    expect(counts.promoUses).toBeGreaterThan(0);
    expect(counts.refunds).toBeGreaterThan(0);
    expect(counts.noShows).toBeGreaterThan(0);
    expect(counts.giftCredited).toBeGreaterThan(0);
    expect(figures.revenueByMonth.map((month) => month.month)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    expect(figures.revenueByMonth.every((month) => month.now > 0)).toBe(true);
    expect(figures.revenueByActivity.map((row) => row.activity).sort()).toEqual([
      'Avalanche Courses',
      'Backcountry Tours',
      'Mentorship Program',
    ]);
  });

  it('gives the actual use report service days from check-ins, revenue, and the called-off dates apart', async () => {
    const report = await actualUseReport(db, LAST.label);
    expect(report.totals.serviceDays).toBeGreaterThan(100);
    expect(report.totals.revenue).toBeGreaterThan(0);
    expect(report.calledOff).toHaveLength(2);
    expect(report.noShows.length).toBeGreaterThan(0);
  });

  it('leaves nothing held, owed or waiting for a choice, and sends none of its messages', async () => {
    const [left] = await db.query<{ held: number; owed: number; unchosen: number; unsent: number; skipped: number }>(
      `select (select count(*)::int from bookings where status = 'held') as held,
              (select count(*)::int from payment_outbox where status <> 'done') as owed,
              (select count(*)::int from called_off_bookings where choice is null) as unchosen,
              (select count(*)::int from mail_outbox where status = 'pending') as unsent,
              (select count(*)::int from mail_outbox where status = 'skipped') as skipped`,
    );
    expect(left).toMatchObject({ held: 0, owed: 0, unchosen: 0, unsent: 0 });
    expect(left?.skipped).toBeGreaterThan(0);
  });

  it('is the same season on every machine', async () => {
    const again = await seeded();
    try {
      expect(await seasonFigures(again, LAST.label, LAST.end)).toEqual(await seasonFigures(db, LAST.label, LAST.end));
    } finally {
      await again.close();
    }
  });
});
