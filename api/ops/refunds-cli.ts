/**
 * npm run refunds [-- --all] [-- --resolve FLAG_ID]
 * Lists refunds and intent cancellations still owed at the payment provider (failing first, with
 * attempts and last error) and bookings flagged for an operator. `--all` includes finished ones;
 * `--resolve` marks a flag handled once it has been dealt with.
 */
import { openDatabase } from '../db/client.ts';
import { assertDataDirFree } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { readEnv } from '../env.ts';
import { resolveFlag } from '../bookings/flags.ts';
import { formatReport, listFlags, listOutbox } from './outbox-report.ts';

const args = process.argv.slice(2);
const all = args.includes('--all');
const resolveAt = args.indexOf('--resolve');
const flagId = resolveAt >= 0 ? args[resolveAt + 1] : undefined;
const known = new Set(['--all', '--resolve', ...(flagId ? [flagId] : [])]);
if (args.some((arg) => !known.has(arg)) || (resolveAt >= 0 && !flagId)) {
  console.error('usage: npm run refunds [-- --all] [-- --resolve FLAG_ID]');
  process.exit(2);
}

const env = readEnv();
if (!env.DATABASE_URL) assertDataDirFree(env.DATA_DIR);
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrate(db);
  if (flagId) {
    if (!(await resolveFlag(db, flagId))) {
      console.error(`No open flag ${flagId}.`);
      process.exitCode = 1;
    } else {
      console.log(`Flag ${flagId} resolved.`);
    }
  } else {
    console.log(formatReport(await listOutbox(db, { all }), await listFlags(db, { all }), { all }));
  }
} finally {
  await db.close();
}
