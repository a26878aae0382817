/**
 * npm run date:call-off -- DATE_ID --reason "High avalanche danger" --by OPERATOR_EMAIL
 * Calls off a date for conditions: it leaves the calendars, and every payer on it is sent a choice of
 * a full refund or another date at no charge (refunded in full if they do not choose in time). The
 * call-off is in the record of operator actions, by the operator named with `--by` and with the
 * reason (checked as the console checks it), written in the call-off's own transaction. Running it
 * again for the same date does nothing more and records nothing more.
 */
import { parseArgs } from 'node:util';
import { callOffDate } from '../bookings/call-off.ts';
import { withOperatorDb } from '../db/operator-db.ts';
import { HttpError } from '../http.ts';
import { recordAction } from '../operations/record.ts';
import { actingOperator, checkedReason, commandAuth, looksLikeEmail, ActorRefused } from './operator-command.ts';

const USAGE = 'usage: npm run date:call-off -- DATE_ID --reason "High avalanche danger" --by OPERATOR_EMAIL';

function refuse(why = ''): never {
  console.error(`${USAGE}${why}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    options: { reason: { type: 'string' }, by: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
} catch (error) {
  refuse(` (${error instanceof Error ? error.message : String(error)})`);
}
const [dateId, ...extra] = parsed.positionals;
if (!dateId || extra.length > 0) refuse();
const why = checkedReason(parsed.values.reason);
if ('problem' in why) refuse(` (${why.problem})`);
const { by } = parsed.values;
if (!looksLikeEmail(by)) refuse(' (--by names the operator who runs the command, by e-mail)');
const { reason } = why;

const opened = commandAuth();
if ('problem' in opened) {
  console.error(opened.problem);
  process.exit(2);
}

try {
  const operator = await actingOperator(opened.auth, by);
  const result = await withOperatorDb((db) =>
    callOffDate(db, dateId, reason, new Date(), (tx, calledOff) =>
      recordAction(tx, operator, {
        action: 'call off date',
        subject: `date ${dateId}`,
        dateId,
        reason,
        before: { active: true },
        after: { active: false, calledOff: true, bookings: calledOff.bookings },
      }),
    ),
  );
  console.log(
    result.calledOff
      ? `Called off ${dateId}: ${result.bookings} ${result.bookings === 1 ? 'booking was' : 'bookings were'} sent a choice of a full refund or a new date.`
      : `${dateId} was already called off; nothing more was done.`,
  );
} catch (error) {
  if (!(error instanceof HttpError) && !(error instanceof ActorRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
