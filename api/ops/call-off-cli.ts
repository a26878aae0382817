/**
 * npm run date:call-off -- DATE_ID --reason "High avalanche danger"
 * Calls off a date for conditions: it leaves the calendars, and every payer on it is sent a choice of
 * a full refund or another date at no charge (refunded in full if they do not choose in time).
 * Running it again for the same date does nothing more.
 */
import { parseArgs } from 'node:util';
import { callOffDate } from '../bookings/call-off.ts';
import { withOperatorDb } from '../db/operator-db.ts';
import { HttpError } from '../http.ts';

const USAGE = 'usage: npm run date:call-off -- DATE_ID --reason "High avalanche danger"';

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({ args: process.argv.slice(2), options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
}
try {
  parsed = parse();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(USAGE);
  process.exit(2);
}
const [dateId, ...extra] = parsed.positionals;
const reason = parsed.values.reason?.trim();
if (!dateId || extra.length > 0 || !reason) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const result = await withOperatorDb((db) => callOffDate(db, dateId, reason));
  console.log(
    result.calledOff
      ? `Called off ${dateId}: ${result.bookings} ${result.bookings === 1 ? 'booking was' : 'bookings were'} sent a choice of a full refund or a new date.`
      : `${dateId} was already called off; nothing more was done.`,
  );
} catch (error) {
  if (!(error instanceof HttpError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
