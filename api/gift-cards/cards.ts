/**
 * Gift cards themselves: made with an unguessable code, put in use with the ledger row that gives
 * them their value (issued by the office, bought, or a credit instead of a refund), what anyone
 * holding a code may see of one (what is left and each use, no names), and the cards a customer
 * keeps on their account.
 */
import { randomBytes } from 'node:crypto';
import { GIFT_CODE_BYTES, giftCodeFrom, giftCodeOf } from '../../shared/rules/gift-card-code.ts';
import type { Db, Queryable } from '../db/client.ts';
import type { Caller } from '../identity.ts';
import { randomId } from '../http.ts';
import { BALANCE_SQL, NO_SUCH_CARD, writeLedger } from './ledger.ts';
import { DomainError } from '../domain-error.ts';

export const TOO_MANY_GIFT_CODES = 'Too many gift card codes tried.';

/** The rate-limit keys a gift card code try counts under, wherever a code is typed: the client's address and, when signed in, the customer. */
export const giftCodeTryKeys = (clientKey: string, uid: string | null) => [`gift:ip:${clientKey}`, ...(uid ? [`gift:uid:${uid}`] : [])];

export interface NewCard {
  kind: 'amount' | 'voucher';
  /** The activity's price a voucher pays one seat of. */
  priceId?: string | null;
  /** Cents it is worth (a voucher: what was paid for it). */
  value: number;
  currency?: string;
  origin: 'purchase' | 'issue' | 'credit';
  /** Cents of `value` given as a bonus (a credit's extra), disclosed as a promotional amount. */
  bonus?: number;
  bonusEndsOn?: string | null;
  buyerUid?: string | null;
  buyerEmail?: string | null;
  recipientName: string;
  recipientEmail?: string | null;
  message?: string;
  delivery: 'email' | 'print';
  deliverAt?: Date | null;
  holderUid?: string | null;
}

/** Inserts a card with a fresh code, pending until it is paid for, in the caller's transaction. */
export async function createCard(tx: Queryable, card: NewCard): Promise<{ id: string; code: string }> {
  const id = randomId('gc');
  // 80 random bits: a second card with the same code is not expected in the life of the universe, but is never written.
  for (;;) {
    const code = giftCodeFrom(randomBytes(GIFT_CODE_BYTES));
    const made = await tx.query(
      `insert into gift_cards (id, code, kind, price_id, value, currency, origin, bonus, bonus_ends_on, buyer_uid, buyer_email,
                               recipient_name, recipient_email, message, delivery, deliver_at, holder_uid)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       on conflict (code) do nothing returning id`,
      [
        id,
        code,
        card.kind,
        card.priceId ?? null,
        card.value,
        card.currency ?? 'usd',
        card.origin,
        card.bonus ?? 0,
        card.bonusEndsOn ?? null,
        card.buyerUid ?? null,
        card.buyerEmail ?? null,
        card.recipientName,
        card.recipientEmail ?? null,
        card.message ?? '',
        card.delivery,
        card.deliverAt ?? null,
        card.holderUid ?? null,
      ],
    );
    if (made.length > 0) return { id, code };
  }
}

const ORIGIN_ROW = {
  purchase: { kind: 'purchase', reason: 'bought' },
  issue: { kind: 'issue', reason: 'issued by the office' },
  credit: { kind: 'credit', reason: 'credit instead of a refund' },
} as const;

/**
 * Puts a pending card in use with its value, once: the ledger row of its origin (keyed by the card,
 * so a repeated payment event or request adds nothing). Returns whether it was put in use now.
 */
export async function activateCard(tx: Queryable, cardId: string, causedBy: string, reason?: string): Promise<boolean> {
  const [card] = await tx.query<{ value: number; origin: keyof typeof ORIGIN_ROW }>(
    `update gift_cards set status = 'active', issued_at = app_now() where id = $1 and status = 'pending' returning value, origin`,
    [cardId],
  );
  if (!card) return false;
  const row = ORIGIN_ROW[card.origin];
  await writeLedger(tx, cardId, {
    kind: row.kind,
    amount: card.value,
    reason: reason ?? row.reason,
    causedBy,
    key: `${row.kind}:${cardId}`,
  });
  return true;
}

/** A card made and put in use at once (issued by the office, or a credit), in the caller's transaction. */
export async function issueCard(
  tx: Queryable,
  card: Omit<NewCard, 'origin'> & { origin: 'issue' | 'credit' },
  causedBy: string,
  reason: string,
): Promise<{ id: string; code: string }> {
  const made = await createCard(tx, card);
  await activateCard(tx, made.id, causedBy, reason);
  return made;
}

export interface CardBalance {
  kind: 'amount' | 'voucher';
  /** The activity a voucher pays one seat of, and its id (a checkout takes a voucher for its own activity only). */
  activity: string | null;
  activityId: string | null;
  balance: number;
  currency: string;
  bonus: number;
  bonusEndsOn: string | null;
  /** Each time it paid, or was given back, newest first. */
  uses: { at: string; amount: number; what: 'spent' | 'given back' }[];
}

/**
 * What a code's holder may see of its card: no names, no e-mail; asked by a signed-in customer,
 * whether it is kept on their own account. Unknown, unpaid and cancelled cards alike are not found.
 */
export async function cardBalance(
  q: Queryable,
  typed: string,
  callerUid: string | null,
): Promise<CardBalance & { onYourAccount: boolean }> {
  const code = giftCodeOf(typed);
  const [card] = code
    ? await q.query<{ id: string; holder_uid: string | null }>(
        `select id, holder_uid from gift_cards where code = $1 and status = 'active'`,
        [code],
      )
    : [];
  if (!card) throw new DomainError('not-found', NO_SUCH_CARD);
  const [seen] = await balancesOf(q, [card.id]);
  if (!seen) throw new DomainError('not-found', NO_SUCH_CARD);
  const { code: _code, ...balance } = seen;
  return { ...balance, onYourAccount: callerUid !== null && card.holder_uid === callerUid };
}

/** The balances of the cards `ids` that are in use, each with its code, in the order of `ids`. */
async function balancesOf(q: Queryable, ids: readonly string[]): Promise<(CardBalance & { code: string })[]> {
  if (ids.length === 0) return [];
  const cards = await q.query<{
    id: string;
    code: string;
    kind: 'amount' | 'voucher';
    activity: string | null;
    activity_id: string | null;
    currency: string;
    bonus: number;
    bonus_ends_on: string | null;
    balance: number;
  }>(
    `select c.id, c.code, c.kind, product.name as activity, product.id as activity_id, c.currency, c.bonus, to_char(c.bonus_ends_on, 'YYYY-MM-DD') as bonus_ends_on,
            ${BALANCE_SQL} as balance
       from gift_cards c
       left join prices price on price.id = c.price_id
       left join products product on product.id = price.product_id
      where c.id = any($1::text[]) and c.status = 'active'`,
    [ids],
  );
  const uses = await q.query<{ card_id: string; at: Date; amount: number; kind: 'spend' | 'refund-back' }>(
    `select card_id, created_at as at, amount, kind from gift_card_ledger
      where card_id = any($1::text[]) and kind in ('spend', 'refund-back') order by created_at desc, id`,
    [ids],
  );
  return ids.flatMap((id) => {
    const card = cards.find((each) => each.id === id);
    if (!card) return [];
    return [
      {
        code: card.code,
        kind: card.kind,
        activity: card.activity,
        activityId: card.activity_id,
        balance: card.balance,
        currency: card.currency,
        bonus: card.bonus,
        bonusEndsOn: card.bonus_ends_on,
        uses: uses
          .filter((use) => use.card_id === id)
          .map((use) => ({ at: use.at.toISOString(), amount: Math.abs(use.amount), what: use.kind === 'spend' ? 'spent' : 'given back' })),
      },
    ];
  });
}

export const KEPT_ELSEWHERE = 'This gift card is kept on another account.';

/**
 * Keeps the card of a code on the caller's account, so My Bookings lists it; keeping it again
 * changes nothing. A card kept on another account stays there.
 */
export async function keepCard(db: Db, caller: Caller, typed: string): Promise<{ kept: true }> {
  const code = giftCodeOf(typed);
  const [card] = code
    ? await db.query<{ holder_uid: string | null }>(
        `update gift_cards set holder_uid = coalesce(holder_uid, $2)
          where code = $1 and status = 'active' returning holder_uid`,
        [code, caller.uid],
      )
    : [];
  if (!card) throw new DomainError('not-found', NO_SUCH_CARD);
  if (card.holder_uid !== caller.uid) throw new DomainError('conflict', KEPT_ELSEWHERE);
  return { kept: true };
}

/** The cards kept on the caller's account, newest first, with their codes, balances and uses. */
export async function keptCards(q: Queryable, uid: string): Promise<(CardBalance & { code: string })[]> {
  const kept = await q.query<{ id: string }>(
    `select id from gift_cards where holder_uid = $1 and status = 'active' order by issued_at desc, id`,
    [uid],
  );
  return balancesOf(
    q,
    kept.map((card) => card.id),
  );
}
