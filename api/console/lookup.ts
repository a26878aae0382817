/**
 * Finding a booking for an operator: by its id (also as read from the QR code on a customer's My
 * Bookings card), or by the e-mail, name or phone of anyone in its party; and one booking with
 * everything an operator needs to answer its customer: members, payments and refunds, messages,
 * notes for the guides and its history.
 */
import { formatDenverDateTime } from '../../shared/rules/dates.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import type { Queryable } from '../db/client.ts';
import { cancellationTerms, policyOf } from '../../shared/rules/cancellation-policy.ts';
import { memberName } from '../../shared/rules/party.ts';
import { referenceKey, referenceKeySql } from '../../shared/rules/booking-reference.ts';
import type { OpsBooking, OpsBookingSummary, OpsHistoryLine } from '../../shared/contract/ops-answers.ts';
import { listActions } from '../record/operator-actions.ts';
import { membersOf } from './members.ts';
import { feeTakenWords } from '../record/record-words.ts';
import { iso } from '../db/instant.ts';
import { openFlagsOf, paymentActionsOf } from '../bookings/money-owed.ts';
import { clockNow } from '../clock.ts';

/** The bookings an operator deals with: paid ones and those that ended after payment. */
const SHOWN_STATUSES = `('paid', 'cancelled', 'refunded')`;
const FOUND_AT_MOST = 25;

/** A booking as the console names it: its date, what was booked, its payer and party. */
export interface SummaryRow {
  id: string;
  status: OpsBookingSummary['status'];
  date_id: string;
  starts_at: Date | string;
  product_name: string;
  activity: string;
  payer_name: string | null;
  payer_email: string | null;
  party_size: number;
}

export const SUMMARY_COLUMNS = `b.id, b.status, b.date_id, d.starts_at, p.name as product_name,
  coalesce(d.title, pr.nickname, p.name) as activity, u.display_name as payer_name, u.email as payer_email, b.party_size`;
export const SUMMARY_FROM = `bookings b join calendar_dates d on d.id = b.date_id join products p on p.id = d.product_id
  left join prices pr on pr.id = b.price_id join users u on u.uid = b.user_id`;

function toSummary(row: SummaryRow): OpsBookingSummary {
  return {
    id: row.id,
    status: row.status,
    dateId: row.date_id,
    startsAt: iso(row.starts_at),
    productName: row.product_name,
    activity: row.activity,
    payerName: memberName(row.payer_name, row.payer_email),
    payerEmail: row.payer_email,
    partySize: row.party_size,
  };
}

/**
 * Bookings whose id or reference ('JDAT-QD5R', as customers read it) is `query`, or on the date whose
 * id it is (what the QR code of a customer's booking card holds), or with anyone in the party whose
 * e-mail or name contains it, or whose phone contains its digits (at least four): the soonest dates
 * first, upcoming before past.
 */
export async function findBookings(db: Queryable, query: string, now = clockNow()): Promise<OpsBookingSummary[]> {
  const text = query.trim().toLowerCase();
  const digits = text.replace(/\D/g, '');
  const rows = await db.query<SummaryRow & Record<string, unknown>>(
    `select ${SUMMARY_COLUMNS} from ${SUMMARY_FROM}
      where b.status in ${SHOWN_STATUSES}
        and (b.id = $1 or b.date_id = $1 or ${referenceKeySql('b')} = $5 or exists (
              select 1 from booking_members m join users mu on mu.uid = m.user_id
               where m.booking_id = b.id
                 and (position($2 in lower(coalesce(mu.email, ''))) > 0
                      or position($2 in lower(coalesce(mu.display_name, ''))) > 0
                      or (length($3) >= 4 and position($3 in regexp_replace(coalesce(mu.phone_number, ''), '\\D', '', 'g')) > 0))))
      order by (d.starts_at < $4), case when d.starts_at >= $4 then d.starts_at end, d.starts_at desc, b.id
      limit ${FOUND_AT_MOST}`,
    [query.trim(), text, digits, now, referenceKey(query) ?? ''],
  );
  return rows.map(toSummary);
}

interface BookingRow extends SummaryRow {
  user_id: string;
  amount: number;
  currency: string;
  promo_code: string | null;
  paid_by: OpsBooking['paidBy'] | null;
  paid_at: Date | string | null;
  refund_amount: number | null;
  policy_version: string | null;
  called_off: boolean;
  cancelled_at: Date | string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  call_off_reason: string | null;
  called_off_at: Date | string | null;
}

/** One booking as the console shows it, or null when there is no such booking an operator deals with. */
export async function opsBooking(db: Queryable, bookingId: string, waiverVersion: string, now = clockNow()): Promise<OpsBooking | null> {
  const [row] = await db.query<BookingRow & Record<string, unknown>>(
    `select ${SUMMARY_COLUMNS}, b.user_id, b.amount, b.currency, b.promo_code, b.paid_by, b.paid_at, b.refund_amount, b.policy_version,
            d.called_off_at is not null as called_off, d.called_off_at, b.cancelled_at, b.cancelled_by, b.cancel_reason, d.call_off_reason
       from ${SUMMARY_FROM}
      where b.id = $1 and b.status in ${SHOWN_STATUSES}`,
    [bookingId],
  );
  if (!row) return null;
  const startsAt = new Date(row.starts_at);
  // The booking's parts are read side by side (on Postgres, over connections of their own): `db` is the
  // database, never a transaction, whose one connection takes a statement at a time.
  const [members, refunds, mail, notes, moves, flags, actions] = await Promise.all([
    membersOf(db, [{ id: row.id, booker: row.user_id, partySize: row.party_size, startsAt }], waiverVersion, now),
    paymentActionsOf(db, { bookingId }),
    db.query<{
      kind: string;
      sent_to: string | null;
      email: string | null;
      status: string;
      sent_at: Date | string | null;
      due_at: Date | string;
      last_error: string | null;
    }>(
      `select o.kind, o.sent_to, u.email, o.status, o.sent_at, o.due_at, o.last_error
       from mail_outbox o join users u on u.uid = o.recipient_uid
      where o.booking_id = $1 order by coalesce(o.sent_at, o.due_at), o.id`,
      [bookingId],
    ),
    db.query<{ note: string; author_email: string | null; created_at: Date | string }>(
      `select note, author_email, created_at from booking_notes where booking_id = $1 order by created_at, id`,
      [bookingId],
    ),
    db.query<{
      to_date: string;
      from_starts: Date | string;
      to_starts: Date | string;
      fee: number;
      fee_paid_by: string | null;
      reason: string;
      moved_at: Date | string;
      by_operator: boolean;
    }>(
      `select m.to_date, f.starts_at as from_starts, t.starts_at as to_starts, m.fee, m.fee_paid_by, m.reason, m.moved_at, m.by_operator
       from booking_moves m join calendar_dates f on f.id = m.from_date join calendar_dates t on t.id = m.to_date
      where m.booking_id = $1 order by m.moved_at, m.id`,
      [bookingId],
    ),
    openFlagsOf(db, { bookingId }),
    listActions(db, { limit: 200, bookingId }),
  ]);
  const party = members.get(row.id) ?? { members: [], openSpots: row.party_size };

  const history: OpsHistoryLine[] = [
    ...(row.paid_at ? [{ at: iso(row.paid_at), text: 'Paid', by: row.payer_email, reason: null }] : []),
    ...moves
      // A move an operator made is in the record of their actions, with who and why: it is listed once, from there.
      .filter((move) => !move.by_operator)
      .map((move) => ({
        at: iso(move.moved_at),
        text: `Moved from ${formatDenverDateTime(new Date(move.from_starts))} to ${formatDenverDateTime(new Date(move.to_starts))}${
          move.fee > 0 ? `, the ${formatDollars(move.fee)} change fee ${feeTakenWords(move.fee_paid_by)}` : ''
        }`,
        by: null,
        reason: move.reason,
      })),
    ...(row.called_off_at ? [{ at: iso(row.called_off_at), text: 'Date called off', by: null, reason: row.call_off_reason }] : []),
    ...(row.cancelled_at && row.cancelled_by === 'customer'
      ? [{ at: iso(row.cancelled_at), text: 'Cancelled by the customer', by: row.payer_email, reason: null }]
      : []),
    ...actions.map((action) => ({
      at: action.at,
      text: action.change,
      by: action.operatorEmail ?? action.operatorUid,
      reason: action.reason,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  const policyRefund =
    row.status === 'paid' && !row.called_off && startsAt > now
      ? cancellationTerms(policyOf(row.policy_version), row.amount, startsAt, now).refund
      : null;

  return {
    ...toSummary(row),
    calledOff: row.called_off,
    amount: row.amount,
    currency: row.currency,
    promoCode: row.promo_code,
    paidBy: row.paid_by ?? 'card',
    paidAt: row.paid_at ? iso(row.paid_at) : null,
    refundAmount: row.refund_amount,
    ...party,
    policyRefund,
    payments: [
      ...(row.paid_at
        ? [{ kind: 'payment' as const, amount: row.amount, status: 'paid', reason: null, at: iso(row.paid_at), lastError: null }]
        : []),
      ...moves
        .filter((move) => move.fee > 0)
        .map((move) => ({
          kind: 'fee' as const,
          amount: move.fee,
          status: 'paid',
          reason: feeTakenWords(move.fee_paid_by),
          at: iso(move.moved_at),
          lastError: null,
        })),
      ...refunds,
    ],
    openFlags: flags,
    messages: mail.map((message) => ({
      kind: message.kind,
      to: message.sent_to ?? message.email,
      status: message.status,
      at: iso(message.sent_at ?? message.due_at),
      lastError: message.last_error,
    })),
    notes: notes.map((note) => ({ note: note.note, author: note.author_email, at: iso(note.created_at) })),
    history,
  };
}
