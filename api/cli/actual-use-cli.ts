/**
 * npm run report:actual-use -- --season 2026-27 [--csv out.csv]
 * The Forest Service's actual use report of a season, as the console shows it: per activity and
 * location, the clients, service days and revenue, the totals and the estimated fee, then the no-shows,
 * the dates called off and the dates counted from their bookings. `--csv` also writes the report's
 * table to that file, as the console's download has it.
 */
import { writeFileSync } from 'node:fs';
import { withOperatorDb } from '../db/operator-db.ts';
import { actualUseReport, type ActualUseReport } from '../reports/actual-use-report.ts';
import { actualUseCsv, csvFile, percentWords } from '../../shared/reports/actual-use-csv.ts';
import { seasonNamed } from '../../shared/rules/season.ts';
import { formatDenverDayWithYear } from '../../shared/rules/dates.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import { readCommand } from './operator-command.ts';

const USAGE = 'usage: npm run report:actual-use -- --season 2026-27 [--csv out.csv]';

const { values, positionals, refuse } = readCommand(USAGE, { season: { type: 'string' }, csv: { type: 'string' } });
if (positionals.length > 0) refuse();
const season = values.season ?? '';
if (!seasonNamed(season)) refuse('--season names a season by its two years, as 2026-27');

/** The report as lines of text, its table in aligned columns. */
function reportLines(report: ActualUseReport): string[] {
  const table = [
    ['Activity', 'Location', 'Clients', 'Service days', 'Revenue'],
    ...report.rows.map((row) => [row.activity, row.location, String(row.clients), String(row.serviceDays), formatDollars(row.revenue)]),
    ['Total', '', String(report.totals.clients), String(report.totals.serviceDays), formatDollars(report.totals.revenue)],
  ];
  const widths = table[0]?.map((_, column) => Math.max(...table.map((row) => row[column]?.length ?? 0))) ?? [];
  const line = (row: string[]) =>
    row.map((cell, column) => (column >= 2 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join('  ');
  const listed = <T>(title: string, items: T[], words: (item: T) => string) =>
    items.length === 0 ? [] : ['', `${title}:`, ...items.map((item) => `  ${words(item)}`)];
  return [
    `Actual use report, season ${report.season.label}: ${formatDenverDayWithYear(report.season.firstDay)} to ${formatDenverDayWithYear(report.season.lastDay)}`,
    '',
    ...table.map(line),
    '',
    `Estimated fee, ${percentWords(report.feeRatePercent)} of revenue: ${formatDollars(report.totals.fee)}`,
    ...listed('No-shows, not counted', report.noShows, (item) => `${formatDenverDayWithYear(item.day)}  ${item.activity}  ${item.name}`),
    ...listed(
      'Called off, not counted',
      report.calledOff,
      (item) => `${formatDenverDayWithYear(item.day)}  ${item.activity}  ${item.seats} seats`,
    ),
    ...listed(
      'Counted from bookings, no check-ins',
      report.countedFromBookings,
      (item) => `${formatDenverDayWithYear(item.day)}  ${item.activity}  ${item.seats} seats`,
    ),
  ];
}

await withOperatorDb(async (db) => {
  const report = await actualUseReport(db, season);
  console.log(reportLines(report).join('\n'));
  if (values.csv) {
    writeFileSync(values.csv, csvFile(actualUseCsv(report, report.feeRatePercent)));
    console.log(`\nThe table is written to ${values.csv}.`);
  }
});
