import { describe, expect, it } from 'vitest';
import { seasonTables, type SeasonFigures } from '../../src/features/console/rules/season-tables.ts';

const counts = (scale: number) => ({
  bookings: 10 * scale,
  seats: 18 * scale,
  cancelledByCustomer: scale,
  calledOff: 2 * scale,
  cancelledByOffice: 0,
  refunds: 3 * scale,
  refunded: 45_050 * scale,
  noShows: scale,
  promoUses: 2,
  promoCost: 5_000,
  offersMade: 4,
  offersTaken: 3,
  giftSold: 100_000,
  giftUsed: 25_000,
  giftCredited: 0,
  giftOutstanding: 75_000,
});

const figures: SeasonFigures = {
  season: { label: '2026-27', firstDay: '2026-12-01', lastDay: '2027-03-31', through: '2027-01-09' },
  before: { label: '2025-26', firstDay: '2025-12-01', lastDay: '2026-03-31', through: '2026-01-09' },
  revenueByMonth: [
    { month: '2026-12', now: 125_000, before: 98_050 },
    { month: '2027-01', now: 40_000, before: 0 },
  ],
  revenueByActivity: [{ activity: 'Avalanche Courses', now: 165_000, before: 98_050 }],
  fill: [
    { activity: 'Avalanche Courses', weekday: 6, sold: 6, capacity: 8, soldBefore: 4, capacityBefore: 8 },
    { activity: 'Backcountry Tours', weekday: 6, sold: 2, capacity: 8, soldBefore: 0, capacityBefore: 0 },
    { activity: 'Backcountry Tours', weekday: 7, sold: 0, capacity: 0, soldBefore: 3, capacityBefore: 6 },
  ],
  counts: { now: counts(2), before: counts(1) },
};

const table = (id: string) => seasonTables(figures).find((each) => each.id === id);

describe('the season in figures, as tables', () => {
  it('show money as dollars and write it to the CSV as decimals, this season beside the season before', () => {
    const months = table('revenue-by-month');
    expect(months?.columns).toEqual(['Month', '2026-27', '2025-26']);
    expect(months?.rows.map((row) => [row.label, ...row.cells])).toEqual([
      ['December', '$1,250', '$980.50'],
      ['January', '$400', '$0'],
    ]);
    expect(months?.csvRows).toEqual([
      ['2026-12', '1250.00', '980.50'],
      ['2027-01', '400.00', '0.00'],
    ]);
    expect(months?.chart).toMatchObject({
      unit: 'dollars',
      categories: ['December', 'January'],
      series: [
        { label: '2026-27', values: [125_000, 40_000] },
        { label: '2025-26', values: [98_050, 0] },
      ],
      summary: 'Revenue by month: 2026-27 $1,650 in all, 2025-26 $980.50 in all.',
    });
  });

  it('give how full each weekday ran, every activity together and then each, with no percentage where there were no seats', () => {
    const fill = table('fill');
    expect(fill?.rows.map((row) => [row.label, ...row.cells])).toEqual([
      ['Saturdays', '8 of 16', '50%', '50%'],
      ['Sundays', '–', '–', '50%'],
    ]);
    expect(fill?.detail).toEqual({
      caption: 'Each activity, how full by weekday, 2026-27',
      columns: ['Weekday', 'Avalanche Courses', 'Backcountry Tours'],
      rows: [
        { label: 'Saturdays', cells: ['75%', '25%'] },
        { label: 'Sundays', cells: ['–', '–'] },
      ],
    });
    expect(fill?.csvColumns).toEqual([
      'Weekday and activity',
      'Seats sold 2026-27',
      'Seats 2026-27',
      'Full % 2026-27',
      'Seats sold 2025-26',
      'Seats 2025-26',
      'Full % 2025-26',
    ]);
    expect(fill?.csvRows).toEqual([
      ['Saturdays, all activities', 8, 16, 50, 4, 8, 50],
      ['Saturdays, Avalanche Courses', 6, 8, 75, 4, 8, 50],
      ['Saturdays, Backcountry Tours', 2, 8, 25, 0, 0, ''],
      ['Sundays, all activities', 0, 0, '', 3, 6, 50],
      ['Sundays, Backcountry Tours', 0, 0, '', 3, 6, 50],
    ]);
    expect(fill?.chart).toMatchObject({
      categories: ['Sat', 'Sun'],
      series: [
        { label: '2026-27', values: [50, null] },
        { label: '2025-26', values: [50, 50] },
      ],
      summary: 'Seats sold against seats offered: 2026-27 50% full, 2025-26 50% full.',
    });
  });

  it('count bookings by who cancelled them, and list the rest each in its own unit, without a chart', () => {
    expect(table('bookings')?.rows.map((row) => [row.label, ...row.cells])).toEqual([
      ['Booked', '20', '10'],
      ['Cancelled by the customer', '2', '1'],
      ['Called off by us', '4', '2'],
      ['Cancelled by the office', '0', '0'],
    ]);
    const more = table('more');
    expect(more?.chart).toBeNull();
    expect(more?.rows.find((row) => row.label === 'Money given back')?.cells).toEqual(['$901', '$450.50']);
    expect(more?.csvRows).toContainEqual(['Money given back', '901.00', '450.50']);
    expect(more?.rows.find((row) => row.label === 'No-shows')?.cells).toEqual(['2', '1']);
  });

  it('draw no chart of nothing but zeros, and no detail of nothing', () => {
    const quiet = seasonTables({
      ...figures,
      revenueByMonth: figures.revenueByMonth.map((row) => ({ ...row, now: 0, before: 0 })),
      fill: [],
    });
    expect(quiet.find((each) => each.id === 'revenue-by-month')?.chart).toBeNull();
    expect(quiet.find((each) => each.id === 'fill')).toMatchObject({ rows: [], chart: null, detail: null });
    expect(quiet.find((each) => each.id === 'bookings')?.chart).not.toBeNull();
  });
});
