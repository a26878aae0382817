/**
 * npm run roster:reads [-- LIMIT]
 * Lists who read which date's roster and when, newest first (the last 50 unless LIMIT is given).
 */
import { withOperatorDb } from '../db/operator-db.ts';
import { listRosterReads } from '../roster/roster.ts';

const args = process.argv.slice(2);
const limit = args[0] === undefined ? 50 : Number(args[0]);
if (args.length > 1 || !Number.isInteger(limit) || limit < 1) {
  console.error('usage: npm run roster:reads [-- LIMIT]   (LIMIT: how many of the latest reads, a whole number from 1)');
  process.exit(2);
}

await withOperatorDb(async (db) => {
  const reads = await listRosterReads(db, limit);
  if (reads.length === 0) {
    console.log('No roster has been read yet.');
    return;
  }
  console.log(`The latest ${reads.length} roster read${reads.length === 1 ? '' : 's'}, newest first:`);
  for (const read of reads)
    console.log(`${read.readAt}  ${read.guideEmail ?? '(no e-mail)'}  ${read.guideUid}  ${read.dateId}  ${read.format}`);
});
