/**
 * Every movement of money, read from the records the bookings and gift cards already keep: one row
 * per charge, fee, refund and credit, and per gift card sold. Nothing here writes; the report of a
 * season and the accountant's export both read these rows.
 *
 * - A booking's payment is two movements when gift cards paid part of it: the card's (or the office's
 *   cash or check) part and the gift cards' part. A change of date's fee is a movement of the booking
 *   it moved, whether its own hold paid it (by card or gift card) or the office took cash or a check.
 * - Refunds are negative: a card refund once the provider carried it out, money given back by hand
 *   once the office says so, gift cards' parts put back onto them, a full refund made at the
 *   provider's own dashboard, and the part of a payment kept as credit (a gift card: the money stays,
 *   but no longer for that trip; the bonus on top was never paid and is no movement).
 * - Each movement names the booking it is revenue of and the date that booking is on now, so a booking
 *   moved to another date takes its money, fees and refunds with it.
 * - A gift card's own payment given back (the card cancelled by the office, a payment that came for a
 *   card no longer waiting for it) is a refund of no booking, named by its card, like its sale.
 * - A payment that reached a hold which had already ended and could not be booked is listed when it
 *   came, and its refund when the provider made it, as an unbooked payment and its refund: money that
 *   moved and went back, netting to nothing for the trip it was meant for.
 */
import type { Queryable } from '../db/client.ts';
import { iso } from '../db/instant.ts';
import type { MovementKind, MovementMethod } from '../../shared/reports/money-csv.ts';

export interface MoneyMovement {
  /** When the money moved, ISO 8601. */
  at: string;
  kind: MovementKind;
  method: MovementMethod;
  /** Cents: money in is positive, money given back negative. */
  amount: number;
  currency: string;
  /** The booking it is revenue of; null for a gift card sold, or its payment given back. */
  bookingId: string | null;
  /** The date that booking is on now. */
  tripDateId: string | null;
  /** Who paid: the booking's customer, or the gift's buyer. */
  customerUid: string | null;
  /** The payment provider's id of the payment, when a card paid. */
  providerId: string | null;
  /** The gift card sold, credited, or given back onto. */
  giftCardId: string | null;
}

interface MovementRow {
  at: Date | string;
  kind: MovementKind;
  method: MovementMethod;
  amount: number | string;
  currency: string;
  booking_id: string | null;
  trip_date_id: string | null;
  customer_uid: string | null;
  provider_id: string | null;
  gift_card_id: string | null;
}

/** A booking or fee hold that was paid (`b`), with the booking it is revenue of (`t`). */
const PAID = `bookings b join bookings t on t.id = coalesce(b.moves_booking, b.id) where b.paid_at is not null`;
const KIND = `case when b.moves_booking is null then 'payment' else 'fee' end`;
/**
 * A card payment that came for a hold (`b`, of booking `t`) that had ended and could not be booked:
 * its refund of the payment itself in the outbox (`o`); the money arrived when that row was written.
 */
const UNBOOKED = `payment_outbox o join bookings b on b.id = o.booking_id join bookings t on t.id = coalesce(b.moves_booking, b.id)
 where o.kind = 'refund' and o.purpose = 'payment' and b.paid_at is null`;

const MOVEMENTS = `
select b.paid_at as at, ${KIND} as kind, coalesce(b.paid_by, 'card') as method, b.amount - b.gift_amount as amount, b.currency,
       t.id as booking_id, t.date_id as trip_date_id, t.user_id as customer_uid, b.payment_intent_id as provider_id, null as gift_card_id
  from ${PAID} and b.amount - b.gift_amount > 0 and coalesce(b.paid_by, 'card') <> 'complimentary'
union all
select b.paid_at, ${KIND}, 'gift card', b.gift_amount, b.currency, t.id, t.date_id, t.user_id, null, null
  from ${PAID} and b.gift_amount > 0
union all
select m.moved_at, 'fee', m.fee_paid_by, m.fee, t.currency, t.id, t.date_id, t.user_id, null, null
  from booking_moves m join bookings t on t.id = m.booking_id
 where m.fee > 0 and m.fee_paid_by in ('cash', 'check')
union all
select o.done_at, 'refund', 'card', -coalesce(o.amount, b.amount - b.gift_amount), b.currency, t.id, t.date_id, t.user_id, o.intent_id, null
  from payment_outbox o, ${PAID} and b.id = o.booking_id
   and o.kind = 'refund' and o.status = 'done'
union all
select f.resolved_at, 'refund', coalesce(b.paid_by, 'card'), -f.given_back, b.currency, t.id, t.date_id, t.user_id, b.payment_intent_id, null
  from booking_flags f, ${PAID} and b.id = f.booking_id
   and f.resolved_at is not null and f.given_back > 0
union all
select b.updated_at, 'refund', 'card', -(b.amount - b.gift_amount), b.currency, t.id, t.date_id, t.user_id, b.payment_intent_id, null
  from ${PAID} and b.status = 'refunded' and b.amount - b.gift_amount > 0
   and not exists (select 1 from payment_outbox o where o.booking_id = b.id and o.kind = 'refund')
union all
select l.created_at, 'refund', 'gift card', -l.amount, b.currency, t.id, t.date_id, t.user_id, null, l.card_id
  from gift_card_ledger l, ${PAID} and b.id = l.booking_id and l.kind = 'refund-back'
union all
select coalesce(c.issued_at, c.created_at), 'credit', 'gift card', -(c.value - c.bonus), b.currency, t.id, t.date_id, t.user_id, null, c.id
  from gift_cards c, ${PAID} and b.credit_card_id = c.id
union all
select l.created_at, 'gift card sold', 'card', l.amount, c.currency, null, null, c.buyer_uid, c.payment_intent_id, c.id
  from gift_card_ledger l join gift_cards c on c.id = l.card_id
 where l.kind = 'purchase'
union all
select o.created_at, 'unbooked payment', 'card', b.amount - b.gift_amount, b.currency, t.id, t.date_id, t.user_id, o.intent_id, null
  from ${UNBOOKED}
union all
select o.done_at, 'unbooked refund', 'card', -coalesce(o.amount, b.amount - b.gift_amount), b.currency, t.id, t.date_id, t.user_id, o.intent_id, null
  from ${UNBOOKED} and o.status = 'done'
union all
select o.done_at, 'refund', 'card', -coalesce(o.amount, c.value), c.currency, null, null, c.buyer_uid, o.intent_id, c.id
  from payment_outbox o join gift_cards c on c.id = o.gift_card_id
 where o.kind = 'refund' and o.status = 'done'
union all
select f.resolved_at, 'refund', 'card', -f.given_back, c.currency, null, null, c.buyer_uid, c.payment_intent_id, c.id
  from booking_flags f join gift_cards c on c.id = f.gift_card_id
 where f.resolved_at is not null and f.given_back > 0
union all
select l.created_at, 'refund', 'card', -l.refunded, c.currency, null, null, c.buyer_uid, c.payment_intent_id, c.id
  from gift_card_ledger l join gift_cards c on c.id = l.card_id
 where l.refunded is not null
`;

const toMovement = (row: MovementRow): MoneyMovement => ({
  at: iso(row.at),
  kind: row.kind,
  method: row.method,
  amount: Number(row.amount),
  currency: row.currency,
  bookingId: row.booking_id,
  tripDateId: row.trip_date_id,
  customerUid: row.customer_uid,
  providerId: row.provider_id,
  giftCardId: row.gift_card_id,
});

/** The movements of the bookings on the dates given, whenever the money moved, oldest first. */
export async function movementsOfDates(db: Queryable, dateIds: readonly string[]): Promise<MoneyMovement[]> {
  if (dateIds.length === 0) return [];
  const rows = await db.query<MovementRow & Record<string, unknown>>(
    `select * from (${MOVEMENTS}) m where m.trip_date_id = any($1::text[]) order by m.at, m.booking_id, m.kind`,
    [dateIds],
  );
  return rows.map(toMovement);
}

/** How the accountant's export picks its movements: by when the money moved, or by the date of the trip it is for. */
export type MoneyView = 'cash' | 'accrual';

/** A movement as the accountant's export lists it, with its trip and customer named. */
export interface AccountedMovement extends MoneyMovement {
  /** The trip's start, ISO 8601; null for a gift card sold. */
  tripStartsAt: string | null;
  activity: string | null;
  customer: string | null;
}

interface AccountedRow extends MovementRow {
  trip_starts_at: Date | string | null;
  activity: string | null;
  customer_name: string | null;
  customer_email: string | null;
}

/**
 * The movements from one instant (inclusive) to another (exclusive): in the cash view those that moved
 * then, gift cards sold included; in the accrual view those of trips that start then, wherever the money moved.
 */
export async function accountedMovements(db: Queryable, view: MoneyView, from: Date, to: Date): Promise<AccountedMovement[]> {
  const when = view === 'cash' ? 'm.at' : 'd.starts_at';
  const rows = await db.query<AccountedRow & Record<string, unknown>>(
    `select m.*, d.starts_at as trip_starts_at, p.name as activity, u.display_name as customer_name, coalesce(u.email, c.buyer_email) as customer_email
       from (${MOVEMENTS}) m
       left join calendar_dates d on d.id = m.trip_date_id
       left join products p on p.id = d.product_id
       left join users u on u.uid = m.customer_uid
       left join gift_cards c on c.id = m.gift_card_id and m.booking_id is null
      where ${when} >= $1 and ${when} < $2
      order by ${when}, m.at, m.booking_id, m.kind`,
    [from, to],
  );
  return rows.map((row) => ({
    ...toMovement(row),
    tripStartsAt: row.trip_starts_at === null ? null : iso(row.trip_starts_at),
    activity: row.activity,
    customer: row.customer_name ?? row.customer_email,
  }));
}

/** The money of the trips of one activity in one Kamas month, in cents: net of refunds, and the refunds apart. */
export interface TripRevenue {
  activity: string;
  /** 'YYYY-MM' of the trips' dates. */
  month: string;
  net: number;
  /** Money given back, as a positive amount, and the bookings it went back for. */
  refunded: number;
  refundedBookings: number;
}

/** The money of the trips that start from one instant (inclusive) to another (exclusive), by activity and month. */
export async function tripRevenue(db: Queryable, from: Date, to: Date): Promise<TripRevenue[]> {
  const rows = await db.query<{ activity: string; month: string; net: string; refunded: string; refunded_bookings: number }>(
    `select p.name as activity, to_char(d.starts_at at time zone 'America/Denver', 'YYYY-MM') as month, sum(m.amount) as net,
            coalesce(-sum(m.amount) filter (where m.kind = 'refund'), 0) as refunded,
            (count(distinct m.booking_id) filter (where m.kind = 'refund'))::int as refunded_bookings
       from (${MOVEMENTS}) m join calendar_dates d on d.id = m.trip_date_id join products p on p.id = d.product_id
      where d.starts_at >= $1 and d.starts_at < $2
      group by 1, 2 order by 1, 2`,
    [from, to],
  );
  return rows.map((row) => ({
    activity: row.activity,
    month: row.month,
    net: Number(row.net),
    refunded: Number(row.refunded),
    refundedBookings: row.refunded_bookings,
  }));
}
