/**
 * A report's reads: one snapshot of the database, so that every figure is counted from the same moment
 * however long the report takes; read-only; and each statement planned for the rows it meets.
 * Statements with parameters are kept prepared (client.ts, lite-statements.ts), and a statement run
 * a few times moves to one generic plan: a report's plan chosen while the tables were nearly empty
 * would be ruinous at a season's size (measured: the season's figures 0.45 s against 2.5 s).
 */
import type { Db, Queryable } from './client.ts';

/** The rest of the transaction plans each statement for the values it is run with. */
export const planEachRun = async (tx: Queryable): Promise<void> => {
  await tx.query('set local plan_cache_mode = force_custom_plan');
};

export const inReportSnapshot = <T>(db: Db, work: (q: Queryable) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    await planEachRun(tx);
    return work(tx);
  });
