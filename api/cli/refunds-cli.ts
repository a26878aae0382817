/**
 * npm run refunds [-- --all]
 * npm run refunds -- --resolve FLAG_ID --gave-back DOLLARS --note "How it was dealt with" --by OPERATOR_EMAIL
 * Lists refunds and intent cancellations still owed at the payment provider (failing first, with
 * attempts and last error) and bookings flagged for an operator. `--all` includes finished ones,
 * those given up, and resolved flags with who resolved them and how. `--resolve` marks a flag handled
 * once it has been dealt with: `--gave-back` is what was given back, in dollars (0 when nothing was),
 * `--note` how (checked as the console checks a reason), and `--by` the operator who did it; all of it
 * goes in the record of operator actions with the flag. A flag already resolved is left as it is.
 */
import { resolveFlag, money } from '../bookings/flags.ts';
import { withOperatorDb } from '../db/operator-db.ts';
import { listFlags, listOutbox } from '../bookings/money-owed.ts';
import { formatReport } from './outbox-report.ts';
import { actingOperator, ActorRefused, byOption, checkedReason, openCommandAuth, readCommand, type Refuse } from './operator-command.ts';

const USAGE =
  'usage: npm run refunds [-- --all]   or   npm run refunds -- --resolve FLAG_ID --gave-back DOLLARS --note "How" --by OPERATOR_EMAIL';

/** Dollars and cents as typed ("690", "690.00", "0") in cents; null when it is not an amount. */
function cents(text: string | undefined): number | null {
  const match = /^(\d{1,7})(?:\.(\d{2}))?$/.exec(text?.trim() ?? '');
  return match ? Number(match[1]) * 100 + Number(match[2] ?? 0) : null;
}

const { values, positionals, ...command } = readCommand(USAGE, {
  all: { type: 'boolean' },
  resolve: { type: 'string' },
  'gave-back': { type: 'string' },
  note: { type: 'string' },
  by: { type: 'string' },
});
// Annotated, so that the code after a refusal knows it ended the command.
const refuse: Refuse = command.refuse;
if (positionals.length > 0) refuse();
const { all = false, resolve: flagId } = values;

if (flagId === undefined) {
  const extra = ['gave-back', 'note', 'by'] as const;
  if (extra.some((name) => values[name] !== undefined)) refuse('--gave-back, --note and --by go with --resolve');
  await withOperatorDb(async (db) => {
    console.log(formatReport(await listOutbox(db, { all }), await listFlags(db, { all }), { all }));
  });
} else {
  if (!flagId.trim()) refuse('--resolve names the flag');
  const givenBack = cents(values['gave-back']);
  if (givenBack === null) refuse('--gave-back is what was given back, in dollars: 690, 690.00, or 0 when nothing was');
  const how = checkedReason(values.note);
  if ('problem' in how) refuse('--note says how it was dealt with, 1 to 500 characters');
  const by = byOption(values.by, refuse);
  const opened = openCommandAuth();
  try {
    const operator = await actingOperator(opened.auth, by);
    const resolved = await withOperatorDb((db) => resolveFlag(db, flagId, { operator, givenBack, note: how.reason }));
    if (resolved) {
      console.log(`Flag ${flagId} resolved: gave back ${money(givenBack, resolved.currency)}.`);
    } else {
      console.error(`No open flag ${flagId}.`);
      process.exitCode = 1;
    }
  } catch (error) {
    if (!(error instanceof ActorRefused)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
