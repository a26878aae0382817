/**
 * npm run date:call-off -- DATE_ID --reason "High avalanche danger" --by OPERATOR_EMAIL
 * Calls off a date for conditions: it leaves the calendars, and every payer on it is sent a choice of
 * a full refund or another date at no charge (refunded in full if they do not choose in time). The
 * call-off is in the record of operator actions, by the operator named with `--by` and with the
 * reason (checked as the console checks it), written in the call-off's own transaction. Running it
 * again for the same date does nothing more and records nothing more.
 */
import { withOperatorDb } from '../db/operator-db.ts';
import { DomainError } from '../domain-error.ts';
import { callOff } from '../bookings/call-off.ts';
import { wireFeatures } from '../features.ts';
import { actingOperator, ActorRefused, byOption, openCommandAuth, readCommand, type Refuse, reasonOption } from './operator-command.ts';

const USAGE = 'usage: npm run date:call-off -- DATE_ID --reason "High avalanche danger" --by OPERATOR_EMAIL';

const { values, positionals, ...command } = readCommand(USAGE, { reason: { type: 'string' }, by: { type: 'string' } });
// Annotated, so that the code after a refusal knows it ended the command.
const refuse: Refuse = command.refuse;
const [dateId, ...extra] = positionals;
if (!dateId || extra.length > 0) refuse();
const reason = reasonOption(values.reason, refuse);
const by = byOption(values.by, refuse);
const opened = openCommandAuth();
wireFeatures();

try {
  const operator = await actingOperator(opened.auth, by);
  const result = await withOperatorDb((db) => callOff(db, dateId, { operator, reason }));
  console.log(
    result.calledOff
      ? `Called off ${dateId}: ${result.bookings} ${result.bookings === 1 ? 'booking was' : 'bookings were'} sent a choice of a full refund or a new date.`
      : `${dateId} was already called off; nothing more was done.`,
  );
} catch (error) {
  if (!(error instanceof DomainError) && !(error instanceof ActorRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
