/**
 * The record of operator actions: one row per action, written by the action's own transaction (so
 * the change and its record commit together or not at all), never edited (the table refuses it),
 * and listed newest first for `/ops/activity` and `npm run ops:activity`. An action by command names
 * its operator as the console does: the one the command's `--by` names (api/cli/operator-command.ts).
 */
import type { Queryable } from '../db/client.ts';
import type { Caller } from '../identity.ts';
import type { OpsActivity } from '../../shared/contract/ops-answers.ts';
import { changeWords, datesNamed, subjectWords, type RecordContext } from './record-words.ts';
import { iso } from '../db/instant.ts';

export interface ActionRecord {
  /** What was done, in a word or two: `cancel booking`, `add note`, ... */
  action: string;
  /** What it was done to, as an operator reads it: `booking bk_...`, `date dt_...`. */
  subject: string;
  bookingId?: string | null;
  dateId?: string | null;
  reason: string;
  before?: unknown;
  after?: unknown;
}

export async function recordAction(tx: Queryable, operator: Caller, record: ActionRecord): Promise<void> {
  await tx.query(
    `insert into operator_actions (operator_uid, operator_email, action, subject, booking_id, date_id, reason, before, after)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      operator.uid,
      operator.email,
      record.action,
      record.subject,
      record.bookingId ?? null,
      record.dateId ?? null,
      record.reason,
      record.before === undefined ? null : JSON.stringify(record.before),
      record.after === undefined ? null : JSON.stringify(record.after),
    ],
  );
}

/** An action on one booking: the record names the booking and keeps the date it is on (or moved to). */
export function recordBookingAction(
  tx: Queryable,
  operator: Caller,
  booking: { id: string; dateId: string },
  record: Omit<ActionRecord, 'subject' | 'bookingId' | 'dateId'>,
): Promise<void> {
  return recordAction(tx, operator, { ...record, subject: `booking ${booking.id}`, bookingId: booking.id, dateId: booking.dateId });
}

interface ActionRow {
  id: string | number;
  at: Date | string;
  operator_uid: string;
  operator_email: string | null;
  action: string;
  subject: string;
  booking_id: string | null;
  date_id: string | null;
  reason: string;
  before: unknown;
  after: unknown;
}

const parsed = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

function toActivity(row: ActionRow, context: RecordContext): OpsActivity {
  const recorded = { action: row.action, subject: row.subject, before: parsed(row.before), after: parsed(row.after) };
  return {
    id: String(row.id),
    at: iso(row.at),
    operatorUid: row.operator_uid,
    operatorEmail: row.operator_email,
    action: row.action,
    subject: subjectWords(recorded, context),
    change: changeWords(recorded, context),
    bookingId: row.booking_id,
    dateId: row.date_id,
    reason: row.reason,
    before: recorded.before,
    after: recorded.after,
  };
}

/** When each date the rows name starts, for writing them in words. */
async function recordContext(db: Queryable, rows: readonly ActionRow[]): Promise<RecordContext> {
  const ids = [...new Set(rows.flatMap((row) => datesNamed({ ...row, before: parsed(row.before), after: parsed(row.after) })))];
  const starts = ids.length
    ? await db.query<{ id: string; starts_at: Date | string }>(`select id, starts_at from calendar_dates where id = any($1::text[])`, [ids])
    : [];
  const byId = new Map(starts.map((date) => [date.id, new Date(date.starts_at)]));
  return { startOf: (dateId) => byId.get(dateId) ?? null };
}

const COLUMNS = 'id, at, operator_uid, operator_email, action, subject, booking_id, date_id, reason, before, after';

/** The latest actions, newest first; `bookingId` narrows them to one booking. */
export async function listActions(db: Queryable, { limit, bookingId }: { limit: number; bookingId?: string }): Promise<OpsActivity[]> {
  const rows = bookingId
    ? await db.query<ActionRow & Record<string, unknown>>(
        `select ${COLUMNS} from operator_actions where booking_id = $1 order by at desc, id desc limit $2`,
        [bookingId, limit],
      )
    : await db.query<ActionRow & Record<string, unknown>>(`select ${COLUMNS} from operator_actions order by at desc, id desc limit $1`, [
        limit,
      ]);
  const context = await recordContext(db, rows);
  return rows.map((row) => toActivity(row, context));
}
