/**
 * npm run ops:activity [-- LIMIT]
 * Lists what operators did, in the console and by command, newest first (the last 50 unless LIMIT
 * is given): when, who, what, to what, what changed (in words), why, and the state before and after.
 */
import { withOperatorDb } from '../db/operator-db.ts';
import { listActions } from '../record/operator-actions.ts';

const args = process.argv.slice(2);
const limit = args[0] === undefined ? 50 : Number(args[0]);
if (args.length > 1 || !Number.isInteger(limit) || limit < 1) {
  console.error('usage: npm run ops:activity [-- LIMIT]   (LIMIT: how many of the latest actions, a whole number from 1)');
  process.exit(2);
}

const shown = (value: unknown) => (value === null || value === undefined ? '-' : JSON.stringify(value));

await withOperatorDb(async (db) => {
  const actions = await listActions(db, { limit });
  if (actions.length === 0) {
    console.log('No operator has acted yet.');
    return;
  }
  console.log(`The latest ${actions.length} operator action${actions.length === 1 ? '' : 's'}, newest first:`);
  for (const action of actions) {
    console.log(`${action.at}  ${action.operatorEmail ?? '(no e-mail)'}  ${action.action}  ${action.subject}`);
    console.log(`    changed: ${action.change}`);
    console.log(`    why: ${action.reason}`);
    console.log(`    before: ${shown(action.before)}  after: ${shown(action.after)}`);
  }
});
