import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { actualUseCsv, csvFile, decimalDollars } from '../../shared/reports/actual-use-csv.ts';

describe('the actual use report as a CSV', () => {
  it('has a row per activity and location, the totals and the fee, every field quoted, money as decimals', () => {
    const csv = actualUseCsv(
      {
        rows: [
          { activity: 'Avalanche Courses', location: 'Heber-Kamas Ranger District', clients: 12, serviceDays: 14, revenue: 553_000 },
          { activity: 'Backcountry Tours', location: 'Soapstone, "the basin"', clients: 3, serviceDays: 3, revenue: 75_005 },
        ],
        totals: { clients: 15, serviceDays: 17, revenue: 628_005, fee: 18_840 },
      },
      3,
    );
    expect(csv.startsWith('"Activity","Location","Clients","Service days","Revenue"\r\n')).toBe(true);
    expect(parse(csv, { bom: true })).toEqual([
      ['Activity', 'Location', 'Clients', 'Service days', 'Revenue'],
      ['Avalanche Courses', 'Heber-Kamas Ranger District', '12', '14', '5530.00'],
      ['Backcountry Tours', 'Soapstone, "the basin"', '3', '3', '750.05'],
      ['Total', '', '15', '17', '6280.05'],
      ['Estimated fee, 3% of revenue', '', '', '', '188.40'],
    ]);
  });

  it('writes a field a spreadsheet would take for a formula as text, and a refund as a negative number', () => {
    const csv = actualUseCsv(
      {
        rows: [{ activity: '=HYPERLINK("x")', location: '-Soapstone', clients: 1, serviceDays: 1, revenue: -500 }],
        totals: { clients: 1, serviceDays: 1, revenue: -500, fee: -15 },
      },
      3,
    );
    expect((parse(csv, { bom: true }) as string[][])[1]).toEqual([`'=HYPERLINK("x")`, `'-Soapstone`, '1', '1', '-5.00']);
  });

  it('opens a file with the byte order mark that tells Excel it is UTF-8', () => {
    expect(csvFile('"a"\r\n')).toBe('\uFEFF"a"\r\n');
  });

  it('writes cents as dollars to two decimals, refunds negative', () => {
    expect([0, 5, 99, 100, 123_450, -500, -1].map(decimalDollars)).toEqual(['0.00', '0.05', '0.99', '1.00', '1234.50', '-5.00', '-0.01']);
  });
});
