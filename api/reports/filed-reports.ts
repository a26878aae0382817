/**
 * The actual use report as filed with the Forest Service: `File this report` freezes a copy of the
 * numbers and the CSV into the record with who filed it and when (and in the record of operator
 * actions); the report shown later says how it differs from the latest copy filed. Filing a report
 * that has not changed since its last copy files nothing more.
 */
import { inReportSnapshot, planEachRun } from '../db/report-snapshot.ts';
import type { Db, Queryable } from '../db/client.ts';
import { iso } from '../db/instant.ts';
import type { Caller } from '../identity.ts';
import { recordAction } from '../record/operator-actions.ts';
import { actualUseCsv } from '../../shared/reports/actual-use-csv.ts';
import { reportDifferences, type ActualUse, type ReportDifference } from '../../shared/rules/actual-use.ts';
import { actualUseReport, type ActualUseReport } from './actual-use-report.ts';

export interface FiledCopy {
  id: string;
  at: string;
  by: string;
  /** The CSV as it was filed. */
  csv: string;
}

export type ReportWithFiled = ActualUseReport & { filed: (FiledCopy & { differences: ReportDifference[] }) | null };

interface FiledRow {
  id: string;
  report: ActualUse | string;
  filed_by_uid: string;
  filed_by_email: string | null;
  filed_at: Date | string;
  csv: string;
}

async function latestFiled(db: Queryable, season: string): Promise<FiledRow | null> {
  const [row] = await db.query<FiledRow & Record<string, unknown>>(
    `select id, report, csv, filed_by_uid, filed_by_email, filed_at from filed_reports where season = $1 order by filed_at desc, id desc limit 1`,
    [season],
  );
  return row ?? null;
}

const reportOf = (row: FiledRow): ActualUse => (typeof row.report === 'string' ? (JSON.parse(row.report) as ActualUse) : row.report);
const copyOf = (row: FiledRow): FiledCopy => ({
  id: row.id,
  at: iso(row.filed_at),
  by: row.filed_by_email ?? row.filed_by_uid,
  csv: row.csv,
});

/** The season's report, with its latest filed copy and how the report differs from it. */
export async function reportWithFiled(db: Db, season: string): Promise<ReportWithFiled> {
  const [report, filed] = await inReportSnapshot(db, (q) => Promise.all([actualUseReport(q, season), latestFiled(q, season)]));
  return { ...report, filed: filed ? { ...copyOf(filed), differences: reportDifferences(reportOf(filed), report) } : null };
}

/** Files the season's report as it is now, unless the latest copy filed is the same. */
export async function fileActualUse(db: Db, operator: Caller, season: string): Promise<ReportWithFiled> {
  await db.transaction(async (tx) => {
    // One filing at a time: two clicks of the button file one copy.
    await tx.query(`select 1 from permit_settings for update`);
    await planEachRun(tx);
    const report = await actualUseReport(tx, season);
    const latest = await latestFiled(tx, season);
    if (latest && reportDifferences(reportOf(latest), report).length === 0) return;
    const [row] = await tx.query<{ id: string }>(
      `insert into filed_reports (id, season, report, csv, filed_by_uid, filed_by_email)
       values ('fr_' || replace(gen_random_uuid()::text, '-', ''), $1, $2, $3, $4, $5) returning id`,
      [season, JSON.stringify(report), actualUseCsv(report, report.feeRatePercent), operator.uid, operator.email],
    );
    await recordAction(tx, operator, {
      action: 'file actual use report',
      subject: `the permit for ${season}`,
      reason: 'Filed with the Forest Service',
      after: { filedReport: row?.id, serviceDays: report.totals.serviceDays, revenue: report.totals.revenue, fee: report.totals.fee },
    });
  });
  return reportWithFiled(db, season);
}
