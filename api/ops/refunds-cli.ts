/**
 * npm run refunds [-- --all] [-- --resolve FLAG_ID]
 * Lists refunds and intent cancellations still owed at the payment provider (failing first, with
 * attempts and last error) and bookings flagged for an operator. `--all` includes finished ones;
 * `--resolve` marks a flag handled once it has been dealt with.
 */
import { withOperatorDb } from '../db/operator-db.ts';
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

await withOperatorDb(async (db) => {
  if (!flagId) {
    console.log(formatReport(await listOutbox(db, { all }), await listFlags(db, { all }), { all }));
  } else if (await resolveFlag(db, flagId)) {
    console.log(`Flag ${flagId} resolved.`);
  } else {
    console.error(`No open flag ${flagId}.`);
    process.exitCode = 1;
  }
});
