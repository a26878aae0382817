/**
 * npm run bench (part): the Forest Service's actual use report of a season of 10,000 bookings, counted
 * by the function the console's route and the command call, on PGlite (or a database of its own on
 * the Postgres server BENCH_DATABASE_URL names). The season is written straight into the tables, as
 * a season's use leaves them: paid bookings of one to three seats over every date of the season, the
 * lead of each a member, one booking in twenty cancelled with half its price refunded by card, and
 * the guides' check-ins on every date but one in ten (a no-show in every tenth party). Then the season's
 * figures the reports page draws, over the same season (and on the fresh database before the season
 * is written). The first run of each is cold; the budget of each is a second.
 * Run alone: `node scripts/bench-reports.ts`.
 */
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openPglite, openPostgres } from '../api/db/client.ts';
import { migrate } from '../api/db/migrate.ts';
import { actualUseReport } from '../api/reports/actual-use-report.ts';
import { reportWithFiled } from '../api/reports/filed-reports.ts';
import { seasonFigures } from '../api/reports/season-figures.ts';
import { seedIfEmpty } from '../api/seed/seed.ts';
import { denverInstant, denverDayPlus } from '../shared/rules/dates.ts';
import { seasonFor } from '../shared/rules/season.ts';
import { ms, percentile } from './bench-waitlist.ts';
import { throwAwayDatabase } from './throwaway-database.ts';
import { SEASON_BOOKINGS, writeSeason } from './bench-season.ts';

const BOOKINGS = SEASON_BOOKINGS;
const RUNS = 6;

export interface ReportBench {
  database: 'PGlite' | 'Postgres';
  bookings: number;
  serviceDays: number;
  /** Milliseconds of each run: the actual use report, the season's figures, and the figures before any booking. */
  report: number[];
  figures: number[];
  freshFigures: number[];
}

export const REPORT_BENCH_HEADER =
  '| row | bookings | service days | runs | first ms | p50 ms | max ms | budget |\n|---|---:|---:|---:|---:|---:|---:|---|';

export function reportBenchRow(bench: ReportBench): string {
  const row = (name: string, bookings: number, serviceDays: number | string, runs: number[]) => {
    const [first = 0, ...warm] = runs;
    return `| ${name} (${bench.database}) | ${bookings} | ${serviceDays} | ${runs.length} | ${ms(first)} | ${ms(percentile(warm, 50))} | ${ms(Math.max(...runs))} | under 1,000 ms |`;
  };
  return [
    row('the actual use report of a season', bench.bookings, bench.serviceDays, bench.report),
    row("the season's figures against the season before", bench.bookings, '-', bench.figures),
    row("the season's figures, fresh database", 0, '-', bench.freshFigures),
  ].join('\n');
}

/** Milliseconds of each of RUNS runs of `work`. */
async function timed(work: () => Promise<unknown>): Promise<number[]> {
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await work();
    runs.push(performance.now() - started);
  }
  return runs;
}

export async function reportBench(databaseUrl?: string): Promise<ReportBench> {
  const database = databaseUrl ? await throwAwayDatabase(databaseUrl, 'bench_reports') : null;
  const db = database ? await openPostgres(database.url) : await openPglite();
  try {
    await migrate(db);
    // A season wholly ahead, as the tests' is, so the seed writes every date of it.
    const seededFor = new Date(Date.now() + 365 * 86_400_000);
    await seedIfEmpty(db, seededFor);
    const season = seasonFor(seededFor);
    const freshFigures = await timed(() => seasonFigures(db, season.label, season.end));
    await writeSeason(db, denverInstant(season.start), denverInstant(denverDayPlus(season.end, 1)), BOOKINGS);
    const report = await timed(() => reportWithFiled(db, season.label));
    const figures = await timed(() => seasonFigures(db, season.label, season.end));
    const { totals } = await actualUseReport(db, season.label);
    return {
      database: databaseUrl ? 'Postgres' : 'PGlite',
      bookings: BOOKINGS,
      serviceDays: totals.serviceDays,
      report,
      figures,
      freshFigures,
    };
  } finally {
    await db.close();
    await database?.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bench = await reportBench(process.env['BENCH_DATABASE_URL'] || undefined);
  console.log(`${REPORT_BENCH_HEADER}\n${reportBenchRow(bench)}`);
}
