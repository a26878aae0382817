/**
 * What needs a person, first on the console: bookings and gift cards flagged for the office (money only a person
 * can settle) and refunds the payment provider keeps refusing; payers of called-off dates who have
 * yet to choose another date or a refund; seats offered to waiting parties and not yet taken; and
 * messages to customers the mail server keeps refusing. Each list is read as it stands at `now`.
 */
import type { Queryable } from '../db/client.ts';
import { iso } from '../db/instant.ts';
import { listFlags, listOutbox } from '../bookings/money-owed.ts';
import { listMail } from '../mail/listing.ts';
import { FLAG_WORDS, messageWords } from '../../shared/contract/office-words.ts';
import { memberName } from '../../shared/rules/party.ts';
import type {
  OpsAttention,
  OpsAttentionBooking,
  OpsAttentionGiftCard,
  OpsFailedMessage,
  OpsFailingRefund,
  OpsOpenFlag,
  OpsPendingChoice,
  OpsStandingOffer,
} from '../../shared/contract/ops-answers.ts';
import { SUMMARY_COLUMNS, SUMMARY_FROM, type SummaryRow } from './lookup.ts';

export async function needsAttention(db: Queryable, now: Date): Promise<OpsAttention> {
  const [flags, failingRefunds, choices, offers, messages] = await Promise.all([
    openFlags(db),
    failingRefundsOf(db),
    pendingChoices(db),
    standingOffers(db, now),
    failedMessages(db),
  ]);
  return { flags, failingRefunds, choices, offers, messages };
}

type BookingRow = SummaryRow & { amount: number; currency: string };

/** The bookings of `ids` as the list names them, by id. */
async function bookingsByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, OpsAttentionBooking>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<BookingRow & Record<string, unknown>>(
    `select ${SUMMARY_COLUMNS}, b.amount, b.currency from ${SUMMARY_FROM} where b.id = any($1::text[])`,
    [[...new Set(ids)]],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        dateId: row.date_id,
        startsAt: iso(row.starts_at),
        activity: row.activity,
        payer: memberName(row.payer_name, row.payer_email),
        payerEmail: row.payer_email,
        partySize: row.party_size,
        amount: row.amount,
        currency: row.currency,
      },
    ]),
  );
}

/** `items` each with its booking (`bookingOf` names it); an item whose booking is gone is left out. */
async function withBookings<T, R>(
  db: Queryable,
  items: readonly T[],
  bookingOf: (item: T) => string,
  shape: (item: T, booking: OpsAttentionBooking) => R,
): Promise<R[]> {
  const bookings = await bookingsByIds(db, items.map(bookingOf));
  return items.flatMap((item) => {
    const booking = bookings.get(bookingOf(item));
    return booking ? [shape(item, booking)] : [];
  });
}

/** The gift cards of `ids` as the list names them, by id. */
async function giftCardsByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, OpsAttentionGiftCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; code: string; buyer_email: string | null; value: number; currency: string }>(
    `select id, code, buyer_email, value, currency from gift_cards where id = any($1::text[])`,
    [[...new Set(ids)]],
  );
  return new Map(
    rows.map((row) => [row.id, { id: row.id, code: row.code, buyer: row.buyer_email, amount: row.value, currency: row.currency }]),
  );
}

/** What each of `items` was paid for (a booking, or else a gift card), shaped by `shape`; an item whose booking or card is gone is left out. */
async function withPaidFor<T extends { booking_id: string | null; gift_card_id: string | null }, R>(
  db: Queryable,
  items: readonly T[],
  shape: (item: T, paidFor: Pick<OpsOpenFlag, 'booking' | 'giftCard'>, amount: number) => R,
): Promise<R[]> {
  const [bookings, cards] = await Promise.all([
    bookingsByIds(
      db,
      items.flatMap((item) => (item.booking_id ? [item.booking_id] : [])),
    ),
    giftCardsByIds(
      db,
      items.flatMap((item) => (item.gift_card_id ? [item.gift_card_id] : [])),
    ),
  ]);
  return items.flatMap((item) => {
    const booking = item.booking_id ? (bookings.get(item.booking_id) ?? null) : null;
    const giftCard = item.gift_card_id ? (cards.get(item.gift_card_id) ?? null) : null;
    const paid = booking ?? giftCard;
    return paid ? [shape(item, { booking, giftCard }, paid.amount)] : [];
  });
}

/** The flags no one has resolved yet, oldest first. */
async function openFlags(db: Queryable): Promise<OpsOpenFlag[]> {
  return withPaidFor(db, await listFlags(db), (flag, paidFor) => ({
    id: flag.id,
    reason: flag.reason,
    what: FLAG_WORDS[flag.reason],
    detail: flag.detail,
    flaggedAt: flag.created_at,
    ...paidFor,
  }));
}

/** Refunds and intent cancellations still tried at the provider after a failure, failing longest first. */
async function failingRefundsOf(db: Queryable): Promise<OpsFailingRefund[]> {
  const failing = (await listOutbox(db)).filter((entry) => entry.last_error !== null).reverse();
  return withPaidFor(db, failing, (entry, paidFor, paid) => ({
    id: entry.id,
    kind: entry.kind,
    amount: entry.kind === 'cancel' ? null : (entry.amount ?? paid),
    attempts: entry.attempts,
    lastError: entry.last_error ?? '',
    nextTryAt: entry.next_attempt_at,
    queuedAt: entry.created_at,
    ...paidFor,
  }));
}

/** Paid bookings still on a called-off date whose payer has not chosen, soonest deadline first. */
async function pendingChoices(db: Queryable): Promise<OpsPendingChoice[]> {
  const rows = await db.query<{ booking_id: string; reason: string; called_off_at: Date | string; choose_by: Date | string }>(
    `select c.booking_id, c.reason, d.called_off_at, c.choose_by
       from called_off_bookings c join bookings b on b.id = c.booking_id join calendar_dates d on d.id = c.date_id
      where c.choice is null and b.status = 'paid' and b.date_id = c.date_id
      order by c.choose_by, c.booking_id`,
  );
  return withBookings(
    db,
    rows,
    (row) => row.booking_id,
    (row, booking) => ({ booking, reason: row.reason, calledOffAt: iso(row.called_off_at), chooseBy: iso(row.choose_by) }),
  );
}

interface OfferRow {
  id: string;
  date_id: string;
  starts_at: Date | string;
  activity: string;
  display_name: string | null;
  email: string | null;
  seats: number;
  created_at: Date | string;
  expires_at: Date | string;
  paying: boolean;
  out_of_order_reason: string | null;
}

/**
 * Offers of seats that stand at `now`: open, and either not yet ended or being paid for (a checkout
 * under way keeps them past their end), ending soonest first.
 */
async function standingOffers(db: Queryable, now: Date): Promise<OpsStandingOffer[]> {
  const rows = await db.query<OfferRow & Record<string, unknown>>(
    `select o.id, o.date_id, d.starts_at, coalesce(d.title, pr.nickname, p.name) as activity, u.display_name, u.email, o.seats,
            o.created_at, o.expires_at, o.out_of_order_reason,
            exists (select 1 from bookings b where b.waitlist_offer = o.id and b.client_secret is not null
                       and b.status in ('held', 'paid')) as paying
       from waitlist_offers o join calendar_dates d on d.id = o.date_id join products p on p.id = d.product_id
       join prices pr on pr.id = o.price_id join users u on u.uid = o.user_id
      where o.status = 'open'
        and (o.expires_at > $1 or exists (select 1 from bookings b where b.waitlist_offer = o.id
                                            and (b.status = 'paid' or (b.status = 'held' and b.hold_expires_at > $1))))
      order by o.expires_at, o.id`,
    [now],
  );
  return rows.map((row) => ({
    id: row.id,
    dateId: row.date_id,
    startsAt: iso(row.starts_at),
    activity: row.activity,
    name: memberName(row.display_name, row.email),
    email: row.email,
    seats: row.seats,
    madeAt: iso(row.created_at),
    endsAt: iso(row.expires_at),
    paying: row.paying,
    outOfOrder: row.out_of_order_reason,
  }));
}

/** Messages the mail server refused or could not be reached for, still tried again, oldest first. */
async function failedMessages(db: Queryable): Promise<OpsFailedMessage[]> {
  const failing = await listMail(db, { include: 'failing' });
  return failing.map((mail) => ({
    id: mail.id,
    kind: mail.kind,
    what: messageWords(mail.kind),
    to: memberName(mail.recipientName, mail.recipientEmail),
    toEmail: mail.recipientEmail,
    bookingId: mail.bookingId,
    attempts: mail.attempts,
    lastError: mail.lastError ?? '',
    dueAt: mail.dueAt,
    nextTryAt: mail.nextAttemptAt,
  }));
}
