/**
 * A gift card's balance is its ledger: each change is a row of signed cents with its reason and
 * what caused it, written in the caller's transaction beside the change it pays for, and the balance
 * is the rows' sum. Every row has a key naming the one event it records, so a retry writes nothing
 * twice. Taking from a card locks the card's row first: of two checkouts reaching for its last
 * dollars one takes them, the other is told what is left.
 */
import { formatMoney } from '../../shared/rules/pricing.ts';
import type { Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { GIFT_CARD_CANCELLED, GIFT_CARD_EMPTY } from '../../shared/contract/gift-cards.ts';

export type LedgerKind = 'issue' | 'purchase' | 'hold' | 'release' | 'spend' | 'refund-back' | 'credit' | 'adjustment' | 'void';

export interface LedgerRow {
  kind: LedgerKind;
  /** Cents: more on the card when positive, less when negative. */
  amount: number;
  /** Why, in the words the office reads. */
  reason: string;
  /** Who or what made the change: `customer:<uid>`, `operator:<uid>`, `payment:<intent>`, `sweep`. */
  causedBy: string;
  bookingId?: string | null;
  /** Cents the card processor gave back to the buyer with this row (a refund made at its dashboard). */
  refunded?: number;
  /** The one event this row records: a second row with the same key is not written. */
  key: string;
}

export interface LockedCard {
  id: string;
  code: string;
  kind: 'amount' | 'voucher';
  /** The price a voucher was bought at; null for an amount card. */
  price_id: string | null;
  status: 'pending' | 'active' | 'void';
  currency: string;
  balance: number;
}

const ROW_ID = `'gcl_' || rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=')`;
/** A card's balance, the sum of its ledger, in a query that names the card `c`. */
export const BALANCE_SQL = `(select coalesce(sum(l.amount), 0)::int from gift_card_ledger l where l.card_id = c.id)`;
/** The key of the release of a hold row named `h` (spending a hold releases it too). */
const RELEASE_KEY_SQL = `'release:' || h.booking_id || ':' || h.card_id`;
/** A hold on the card `c` that is neither released nor spent yet: a checkout still holds that much of it. */
export const HELD_SQL = `select 1 from gift_card_ledger h
   where h.card_id = c.id and h.kind = 'hold'
     and not exists (select 1 from gift_card_ledger r where r.key = ${RELEASE_KEY_SQL})`;

export const NO_SUCH_CARD = 'We could not find a gift card with that code. Check it and try again.';

/**
 * The card of `code` with its balance, its row locked until the caller's transaction ends; null when
 * there is none. The balance is read after the lock is taken, by its own statement, so that it counts
 * what a transaction that held the lock before wrote.
 */
export async function lockCard(tx: Queryable, code: string): Promise<LockedCard | null> {
  const [card] = await tx.query<Omit<LockedCard, 'balance'>>(
    `select id, code, kind, price_id, status, currency from gift_cards where code = $1 for update`,
    [code],
  );
  return card ? { ...card, balance: await balanceOf(tx, card.id) } : null;
}

/** What is on the card now. */
export async function balanceOf(q: Queryable, cardId: string): Promise<number> {
  const [row] = await q.query<{ balance: number }>(`select ${BALANCE_SQL} as balance from gift_cards c where c.id = $1`, [cardId]);
  return row?.balance ?? 0;
}

/** Writes one row of the card's ledger; false when its key was written before (nothing changes). */
export async function writeLedger(tx: Queryable, cardId: string, row: LedgerRow): Promise<boolean> {
  const written = await tx.query(
    `insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, booking_id, refunded, key)
     values (${ROW_ID}, $1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (key) do nothing returning id`,
    [cardId, row.kind, row.amount, row.reason, row.causedBy, row.bookingId ?? null, row.refunded ?? null, row.key],
  );
  return written.length > 0;
}

/**
 * Holds `amount` cents of the card of `code` for a booking's hold, in the caller's transaction. A
 * card that cannot give it (unknown, not yet paid for, voided, or with less on it) is refused with
 * what it has, so the rest can be asked by card; holding again for the same booking changes nothing.
 */
export async function holdOnCard(
  tx: Queryable,
  hold: { code: string; bookingId: string; amount: number; causedBy: string },
): Promise<{ cardId: string; held: number }> {
  const card = await lockCard(tx, hold.code);
  if (!card || card.status === 'pending') throw new DomainError('not-found', NO_SUCH_CARD);
  if (card.status === 'void') throw new DomainError('conflict', GIFT_CARD_CANCELLED);
  const key = `hold:${hold.bookingId}:${card.id}`;
  const [earlier] = await tx.query<{ amount: number }>(`select amount from gift_card_ledger where key = $1`, [key]);
  if (earlier) return { cardId: card.id, held: -earlier.amount };
  if (card.balance < hold.amount) {
    throw new DomainError(
      'conflict',
      card.balance > 0
        ? `This gift card has ${formatMoney(card.balance, card.currency)} left. Use that much of it and pay the rest by card.`
        : GIFT_CARD_EMPTY,
    );
  }
  await writeLedger(tx, card.id, {
    kind: 'hold',
    amount: -hold.amount,
    reason: 'held for a checkout',
    causedBy: hold.causedBy,
    bookingId: hold.bookingId,
    key,
  });
  return { cardId: card.id, held: hold.amount };
}

/** The release of each gift card hold of booking `$1` not released before, for reason `$2` and cause `$3`, returning its card, amount and booking. */
const RELEASE_HOLDS_SQL = `insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, booking_id, key)
     select ${ROW_ID}, h.card_id, 'release', -h.amount, $2, $3, h.booking_id, ${RELEASE_KEY_SQL}
       from gift_card_ledger h
      where h.booking_id = $1 and h.kind = 'hold'
     on conflict (key) do nothing
     returning card_id, amount, booking_id`;

/**
 * Gives back what the booking's hold took from gift cards, in the caller's transaction (a hold that
 * lapsed or was abandoned); a hold already released or spent is left as it is. Returns the cents given back.
 */
export async function releaseFromCards(tx: Queryable, bookingId: string, reason: string, causedBy: string): Promise<number> {
  const rows = await tx.query<{ amount: number }>(RELEASE_HOLDS_SQL, [bookingId, reason, causedBy]);
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

/**
 * Spends what the booking's hold took from gift cards, when the booking is paid, in the caller's
 * transaction: each card's hold is released and the same amount spent, so the balance stays and the
 * ledger names the use. A hold already released (or spent) is left as it is. Returns the cents spent now.
 */
export async function spendHeld(tx: Queryable, bookingId: string, causedBy: string): Promise<number> {
  const rows = await tx.query<{ amount: number }>(
    `with released as (${RELEASE_HOLDS_SQL})
     insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, booking_id, key)
     select ${ROW_ID}, card_id, 'spend', -amount, 'paid for a booking', $3, booking_id, 'spend:' || booking_id || ':' || card_id
       from released
     on conflict (key) do nothing
     returning amount`,
    [bookingId, 'spent on the booking it was held for', causedBy],
  );
  await vouchersSpent(tx, bookingId);
  return rows.reduce((sum, row) => sum - row.amount, 0);
}

/**
 * The trip vouchers that paid for the booking become amount cards once spent: whatever comes back to
 * one later (a refund by the policy, a part the seat did not need) is dollars, not another seat.
 */
export async function vouchersSpent(tx: Queryable, bookingId: string): Promise<void> {
  await tx.query(
    `update gift_cards c set kind = 'amount', price_id = null
      where c.kind = 'voucher'
        and exists (select 1 from gift_card_ledger s where s.card_id = c.id and s.booking_id = $1 and s.kind = 'spend')`,
    [bookingId],
  );
}
