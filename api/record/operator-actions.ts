/**
 * The record of operator actions: one row per action, written by the action's own transaction (so
 * the change and its record commit together or not at all), never edited (the table refuses it),
 * and listed newest first for `/ops/activity` and `npm run ops:activity`. An action by command names
 * its operator as the console does: the one the command's `--by` names (api/cli/operator-command.ts).
 * It belongs to the core: the console, the commands and every domain verb that takes an operator
 * record through it.
 */
import type { Queryable } from '../db/client.ts';
import type { Caller } from '../identity.ts';
import type { OpsActivity } from '../../shared/contract/ops-answers.ts';
import { changeWords, datesNamed, subjectWords, type RecordContext } from './record-words.ts';
import { iso } from '../db/instant.ts';
import { memberName } from '../../shared/rules/party.ts';
import { denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';

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
  /** The operator's name, and the name of the booking's payer, as the users table has them now. */
  operator_name: string | null;
  customer_name: string | null;
  customer_email: string | null;
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
    operatorName: row.operator_name,
    customer: row.customer_name || row.customer_email ? memberName(row.customer_name, row.customer_email) : null,
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

/** Which actions to list: those of one booking, of the trip day (in Kamas) their date starts on, or naming a person. */
export interface ActionFilter {
  bookingId?: string | undefined;
  /** 'YYYY-MM-DD', the day the date the action concerns starts on in Kamas. */
  day?: string | undefined;
  /** Part of the operator's or the booking payer's name or e-mail, in any case. */
  person?: string | undefined;
}

/** The latest actions, newest first, narrowed by `filter`. */
export async function listActions(db: Queryable, { limit, ...filter }: { limit: number } & ActionFilter): Promise<OpsActivity[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.bookingId) where.push(`a.booking_id = ${param(filter.bookingId)}`);
  if (filter.day) {
    const from = param(denverInstant(filter.day).toISOString());
    const to = param(denverInstant(denverDayPlus(filter.day, 1)).toISOString());
    where.push(`d.starts_at >= ${from}::timestamptz and d.starts_at < ${to}::timestamptz`);
  }
  if (filter.person?.trim()) {
    const like = param(`%${filter.person.trim().replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
    where.push(
      `(ou.display_name ilike ${like} or a.operator_email ilike ${like} or pu.display_name ilike ${like} or pu.email ilike ${like})`,
    );
  }
  const rows = await db.query<ActionRow & Record<string, unknown>>(
    `select a.id, a.at, a.operator_uid, a.operator_email, ou.display_name as operator_name, a.action, a.subject, a.booking_id,
            a.date_id, a.reason, a.before, a.after, pu.display_name as customer_name, pu.email as customer_email
       from operator_actions a
       left join users ou on ou.uid = a.operator_uid
       left join bookings b on b.id = a.booking_id
       left join users pu on pu.uid = b.user_id
       left join calendar_dates d on d.id = coalesce(a.date_id, b.date_id)
      ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
      order by a.at desc, a.id desc limit ${param(limit)}`,
    params,
  );
  const context = await recordContext(db, rows);
  return rows.map((row) => toActivity(row, context));
}
