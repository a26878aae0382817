/**
 * The actual use report's table as a CSV, the same on the console's download, the filed copy and
 * `npm run report:actual-use`: every field quoted, Windows line ends, money in dollars as a decimal ('1234.50'), a row per activity and
 * location, then the totals and the estimated fee. Written by Papa Parse; a field a spreadsheet would
 * take for a formula is written as text. A file of it (`csvFile`) opens with a byte order mark, so that
 * Excel reads it as UTF-8.
 */
import Papa from 'papaparse';
import type { ActualUse } from '../rules/actual-use.ts';

export const ACTUAL_USE_COLUMNS = ['Activity', 'Location', 'Clients', 'Service days', 'Revenue'];

/** What a spreadsheet reads as a formula: a field opening with = + @ a tab or a return, or a minus sign not before a digit. */
const FORMULA = /^(?:[=+@\t\r]|-(?!\d))/;

/** Rows of cells as CSV text. */
export const csvText = (columns: string[], rows: (string | number)[][]): string =>
  `${Papa.unparse({ fields: columns, data: rows }, { quotes: true, newline: '\r\n', escapeFormulae: FORMULA })}\r\n`;

/** A CSV file's type, as a download names it. */
export const CSV_TYPE = 'text/csv;charset=utf-8';

/** CSV text as a file's content: with the byte order mark that tells Excel it is UTF-8. */
export const csvFile = (text: string): string => `\uFEFF${text}`;

/** Cents as dollars with two decimals: 123450 is '1234.50', -500 is '-5.00'. */
export const decimalDollars = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** The fee rate as the report names it: '3%', '3.5%'. */
export const percentWords = (percent: number): string => `${Number(percent.toFixed(2))}%`;

export function actualUseCsv(report: Pick<ActualUse, 'rows' | 'totals'>, feeRatePercent: number): string {
  const { rows, totals } = report;
  return csvText(ACTUAL_USE_COLUMNS, [
    ...rows.map((row) => [row.activity, row.location, row.clients, row.serviceDays, decimalDollars(row.revenue)]),
    ['Total', '', totals.clients, totals.serviceDays, decimalDollars(totals.revenue)],
    [`Estimated fee, ${percentWords(feeRatePercent)} of revenue`, '', '', '', decimalDollars(totals.fee)],
  ]);
}
