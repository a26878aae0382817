/**
 * The season's figures as the reports page shows them: each figure a plain table (what screen readers,
 * printing and the CSV read), and for most a bar chart of the same numbers, this season beside the same
 * days of the season before. Money arrives in cents and leaves as '$1,250' on screen and '1250.00' in a CSV.
 */
import type * as v from 'valibot';
import type { SeasonCount, seasonFiguresAnswer } from '../../../../shared/contract/reports.ts';
import { decimalDollars } from '../../../../shared/reports/actual-use-csv.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { percentFull } from '../../../../shared/rules/season-figures.ts';

export type SeasonFigures = v.InferOutput<typeof seasonFiguresAnswer>;

export type ChartUnit = 'dollars' | 'percent' | 'count';

export interface FigureChart {
  unit: ChartUnit;
  categories: string[];
  /** This season's values, then the season before's, one per category (null: nothing to show). */
  series: { label: string; values: (number | null)[] }[];
  /** One sentence a screen reader hears as the chart's description. */
  summary: string;
}

/** A row as the table shows it: its heading cell, then the others. */
export interface FigureRow {
  label: string;
  cells: string[];
}

export interface FigureTable {
  id: string;
  heading: string;
  columns: string[];
  rows: FigureRow[];
  chart: FigureChart | null;
  /** A second table of more detail, below the first. */
  detail: { caption: string; columns: string[]; rows: FigureRow[] } | null;
  /** The CSV's columns and rows: the numbers as they are, money as a decimal. */
  csvColumns: string[];
  csvRows: (string | number)[][];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

export const monthName = (month: string): string => MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
export const weekdayName = (weekday: number): string => WEEKDAYS[weekday - 1] ?? String(weekday);

/** A value of a chart's axis or a table's cell. */
export function unitWords(unit: ChartUnit, value: number | null): string {
  if (value === null) return '–';
  if (unit === 'dollars') return formatDollars(value);
  if (unit === 'percent') return `${value}%`;
  return String(value);
}

/** A value as a CSV writes it: dollars as a decimal, counts as they are. */
const csvValue = (unit: ChartUnit, value: number): string | number => (unit === 'dollars' ? decimalDollars(value) : value);

const total = (values: readonly (number | null)[]) => values.reduce<number>((sum, value) => sum + (value ?? 0), 0);

/** A table of two columns, this season and the one before, with its chart. */
function compared(
  id: string,
  heading: string,
  first: string,
  figures: SeasonFigures,
  unit: ChartUnit,
  rows: { label: string; short?: string; csvLabel?: string; now: number; before: number }[],
  summary?: string,
): FigureTable {
  const [now, before] = [figures.season.label, figures.before.label];
  const cell = (value: number) => unitWords(unit, value);
  const series = [
    { label: now, values: rows.map((row) => row.now) },
    { label: before, values: rows.map((row) => row.before) },
  ];
  return {
    id,
    heading,
    columns: [first, now, before],
    rows: rows.map((row) => ({ label: row.label, cells: [cell(row.now), cell(row.before)] })),
    detail: null,
    csvColumns: [first, now, before],
    csvRows: rows.map((row) => [row.csvLabel ?? row.label, csvValue(unit, row.now), csvValue(unit, row.before)]),
    chart: {
      unit,
      categories: rows.map((row) => row.short ?? row.label),
      series,
      summary: summary ?? `${heading}: ${series.map((each) => `${each.label} ${cell(total(each.values))} in all`).join(', ')}.`,
    },
  };
}

type Seats = Pick<SeasonFigures['fill'][number], 'sold' | 'capacity' | 'soldBefore' | 'capacityBefore'>;

/** How full the trips ran on each weekday: every activity together beside the season before, then each activity's this season. */
function fillTable(figures: SeasonFigures): FigureTable {
  const [now, before] = [figures.season.label, figures.before.label];
  const weekdays = [...new Set(figures.fill.map((row) => row.weekday))].sort();
  const activities = [...new Set(figures.fill.map((row) => row.activity))];
  const sum = (rows: readonly Seats[]): Seats => ({
    sold: total(rows.map((row) => row.sold)),
    capacity: total(rows.map((row) => row.capacity)),
    soldBefore: total(rows.map((row) => row.soldBefore)),
    capacityBefore: total(rows.map((row) => row.capacityBefore)),
  });
  const byWeekday = weekdays.map((weekday) => ({ weekday, ...sum(figures.fill.filter((row) => row.weekday === weekday)) }));
  const full = (seats: Seats) => percentFull(seats.sold, seats.capacity);
  const fullBefore = (seats: Seats) => percentFull(seats.soldBefore, seats.capacityBefore);
  const series = [
    { label: now, values: byWeekday.map(full) },
    { label: before, values: byWeekday.map(fullBefore) },
  ];
  const all = sum(byWeekday);
  const csvRow = (label: string, seats: Seats) => [
    label,
    seats.sold,
    seats.capacity,
    full(seats) ?? '',
    seats.soldBefore,
    seats.capacityBefore,
    fullBefore(seats) ?? '',
  ];
  return {
    id: 'fill',
    heading: 'How full the trips ran, by weekday',
    columns: ['Weekday', `Seats sold ${now}`, `Full ${now}`, `Full ${before}`],
    rows: byWeekday.map((day) => ({
      label: weekdayName(day.weekday),
      cells: [
        day.capacity > 0 ? `${day.sold} of ${day.capacity}` : '–',
        unitWords('percent', full(day)),
        unitWords('percent', fullBefore(day)),
      ],
    })),
    chart: {
      unit: 'percent',
      categories: weekdays.map((weekday) => weekdayName(weekday).slice(0, 3)),
      series,
      summary: `Seats sold against seats offered: ${now} ${unitWords('percent', full(all))} full, ${before} ${unitWords('percent', fullBefore(all))} full.`,
    },
    detail: {
      caption: `Each activity, how full by weekday, ${now}`,
      columns: ['Weekday', ...activities],
      rows: weekdays.map((weekday) => ({
        label: weekdayName(weekday),
        cells: activities.map((activity) => {
          const seats = figures.fill.find((row) => row.activity === activity && row.weekday === weekday);
          return unitWords('percent', seats ? full(seats) : null);
        }),
      })),
    },
    csvColumns: [
      'Weekday and activity',
      `Seats sold ${now}`,
      `Seats ${now}`,
      `Full % ${now}`,
      `Seats sold ${before}`,
      `Seats ${before}`,
      `Full % ${before}`,
    ],
    csvRows: byWeekday.flatMap((day) => [
      csvRow(`${weekdayName(day.weekday)}, all activities`, day),
      ...figures.fill
        .filter((row) => row.weekday === day.weekday)
        .map((row) => csvRow(`${weekdayName(day.weekday)}, ${row.activity}`, row)),
    ]),
  };
}

const MORE: { count: SeasonCount; words: string; unit: ChartUnit }[] = [
  { count: 'seats', words: 'Seats booked', unit: 'count' },
  { count: 'refunds', words: 'Bookings refunded', unit: 'count' },
  { count: 'refunded', words: 'Money given back', unit: 'dollars' },
  { count: 'noShows', words: 'No-shows', unit: 'count' },
  { count: 'promoUses', words: 'Promo codes used', unit: 'count' },
  { count: 'promoCost', words: 'Taken off by promo codes', unit: 'dollars' },
  { count: 'offersMade', words: 'Waitlist offers made', unit: 'count' },
  { count: 'offersTaken', words: 'Waitlist offers taken', unit: 'count' },
  { count: 'giftSold', words: 'Gift cards sold', unit: 'dollars' },
  { count: 'giftUsed', words: 'Gift cards used', unit: 'dollars' },
  { count: 'giftCredited', words: 'Kept as credit on gift cards', unit: 'dollars' },
  { count: 'giftOutstanding', words: 'Outstanding on gift cards, at the last day counted', unit: 'dollars' },
];

const cancelled = (counts: SeasonFigures['counts']['now']) => counts.cancelledByCustomer + counts.calledOff + counts.cancelledByOffice;

/** Every figure of the season, in the order the page shows them. */
export function seasonTables(figures: SeasonFigures): FigureTable[] {
  const { now, before } = figures.counts;
  const more: FigureTable = {
    id: 'more',
    heading: 'Refunds, no-shows, promo codes, the waitlist and gift cards',
    // Money and counts mix in this table: each row in its own unit, and no chart.
    columns: ['Figure', figures.season.label, figures.before.label],
    rows: MORE.map(({ count, words, unit }) => ({ label: words, cells: [unitWords(unit, now[count]), unitWords(unit, before[count])] })),
    chart: null,
    detail: null,
    csvColumns: ['Figure', figures.season.label, figures.before.label],
    csvRows: MORE.map(({ count, words, unit }) => [words, csvValue(unit, now[count]), csvValue(unit, before[count])]),
  };
  const tables = [
    compared(
      'revenue-by-month',
      'Revenue by month',
      'Month',
      figures,
      'dollars',
      figures.revenueByMonth.map((row) => ({ label: monthName(row.month), csvLabel: row.month, now: row.now, before: row.before })),
    ),
    compared(
      'revenue-by-activity',
      'Revenue by activity',
      'Activity',
      figures,
      'dollars',
      figures.revenueByActivity.map((row) => ({ label: row.activity, ...row })),
    ),
    fillTable(figures),
    compared(
      'bookings',
      'Bookings and cancellations',
      'Bookings',
      figures,
      'count',
      [
        { label: 'Booked', now: now.bookings, before: before.bookings },
        { label: 'Cancelled by the customer', short: 'By the customer', now: now.cancelledByCustomer, before: before.cancelledByCustomer },
        { label: 'Called off by us', short: 'Called off', now: now.calledOff, before: before.calledOff },
        { label: 'Cancelled by the office', short: 'By the office', now: now.cancelledByOffice, before: before.cancelledByOffice },
      ],
      `Bookings made: ${now.bookings} in ${figures.season.label}, ${before.bookings} in ${figures.before.label}; cancelled: ${cancelled(now)} and ${cancelled(before)}.`,
    ),
    more,
  ];
  // A chart of nothing but zeros says nothing its table does not: it is left out, and so is an empty detail.
  return tables.map((table) => ({
    ...table,
    chart: table.chart?.series.some((series) => series.values.some((value) => (value ?? 0) > 0)) ? table.chart : null,
    detail: table.detail && table.detail.rows.length > 0 ? table.detail : null,
  }));
}
