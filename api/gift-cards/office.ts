/**
 * Gift cards in the console: found by code or by the buyer's or recipient's e-mail, each with its
 * ledger; issued with no payment (a raffle prize, a make-good), a balance adjusted, an unused card
 * cancelled, each for a reason, in one transaction with its record; and what is outstanding: the
 * company's liability, this season's cards sold, used and credited, and cards long unused.
 */
import type * as v from 'valibot';
import type { opsGiftCardAnswer } from '../../shared/contract/gift-cards.ts';
import type { OpsPaymentLine } from '../../shared/contract/ops-answers.ts';
import { giftCodeOf } from '../../shared/rules/gift-card-code.ts';
import { denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { recordAction } from '../record/operator-actions.ts';
import { seasonFor, seasonSalesYear } from '../../shared/rules/season.ts';
import { issueCard } from './cards.ts';
import { enqueueGiftCardMail } from './gift-mail.ts';
import { enqueueMail } from '../mail/mail-outbox.ts';
import { BALANCE_SQL, balanceOf, writeLedger, type LedgerKind } from './ledger.ts';
import { randomId } from '../http.ts';
import type { AfterCommit } from '../commit-effects.ts';
import { openFlagsOf, paymentActionsOf } from '../bookings/money-owed.ts';
import { paymentBackOnCancel } from './payment-back.ts';
import { clockNow } from '../clock.ts';

export type OfficeCard = v.InferOutput<typeof opsGiftCardAnswer>;

export interface OfficeLedgerRow {
  at: string;
  kind: LedgerKind;
  amount: number;
  reason: string;
  causedBy: string;
  bookingId: string | null;
}

const CARD_COLUMNS = `c.id, c.code, c.kind, product.name as activity, c.status, c.origin, c.value, c.currency,
  c.recipient_name, c.recipient_email, c.buyer_email, c.created_at, c.deliver_at, c.delivered_at,
  ${BALANCE_SQL} as balance`;
const CARD_FROM = `gift_cards c left join prices price on price.id = c.price_id left join products product on product.id = price.product_id`;

interface CardRow {
  id: string;
  code: string;
  kind: 'amount' | 'voucher';
  activity: string | null;
  status: 'pending' | 'active' | 'void';
  origin: 'purchase' | 'issue' | 'credit';
  value: number;
  balance: number;
  currency: string;
  recipient_name: string;
  recipient_email: string | null;
  buyer_email: string | null;
  created_at: Date;
  deliver_at: Date | null;
  delivered_at: Date | null;
}

const toCard = (row: CardRow): OfficeCard => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  activity: row.activity,
  status: row.status,
  origin: row.origin,
  value: row.value,
  balance: row.balance,
  currency: row.currency,
  recipientName: row.recipient_name,
  recipientEmail: row.recipient_email,
  buyerEmail: row.buyer_email,
  createdAt: row.created_at.toISOString(),
  deliverAt: row.deliver_at?.toISOString() ?? null,
  deliveredAt: row.delivered_at?.toISOString() ?? null,
});

/** Cards whose code is `query` (typed any way), or whose buyer's or recipient's e-mail contains it; newest first, at most 50. */
export async function findCards(q: Queryable, query: string): Promise<OfficeCard[]> {
  const code = giftCodeOf(query);
  const rows = code
    ? await q.query<CardRow & Record<string, unknown>>(`select ${CARD_COLUMNS} from ${CARD_FROM} where c.code = $1`, [code])
    : await q.query<CardRow & Record<string, unknown>>(
        `select ${CARD_COLUMNS} from ${CARD_FROM}
          where strpos(lower(coalesce(c.recipient_email, '')), $1) > 0 or strpos(lower(coalesce(c.buyer_email, '')), $1) > 0
          order by c.created_at desc limit 50`,
        [query.trim().toLowerCase()],
      );
  return rows.map(toCard);
}

/** One card with its ledger, oldest row first. */
export async function cardWithLedger(
  q: Queryable,
  cardId: string,
): Promise<{ card: OfficeCard; ledger: OfficeLedgerRow[]; payments: OpsPaymentLine[]; openFlags: string[] }> {
  const [row] = await q.query<CardRow & Record<string, unknown>>(`select ${CARD_COLUMNS} from ${CARD_FROM} where c.id = $1`, [cardId]);
  if (!row) throw new DomainError('not-found', 'No such gift card.');
  const ledger = await q.query<{
    at: Date;
    kind: LedgerKind;
    amount: number;
    reason: string;
    caused_by: string;
    booking_id: string | null;
  }>(
    `select created_at as at, kind, amount, reason, caused_by, booking_id from gift_card_ledger where card_id = $1 order by created_at, id`,
    [cardId],
  );
  const [payments, openFlags] = await Promise.all([paymentActionsOf(q, { giftCardId: cardId }), openFlagsOf(q, { giftCardId: cardId })]);
  return {
    card: toCard(row),
    payments,
    openFlags,
    ledger: ledger.map((entry) => ({
      at: entry.at.toISOString(),
      kind: entry.kind,
      amount: entry.amount,
      reason: entry.reason,
      causedBy: entry.caused_by,
      bookingId: entry.booking_id,
    })),
  };
}

const byOperator = (operator: Caller) => `operator:${operator.uid}`;

/** Issues a card with no payment (a raffle prize, a make-good), recorded with its reason. */
export async function issueByOffice(
  db: Db,
  operator: Caller,
  request: { dollars: number; recipientName: string; recipientEmail: string | null; reason: string },
): Promise<{ giftCardId: string; code: string }> {
  return db.transaction(async (tx) => {
    const card = await issueCard(
      tx,
      {
        kind: 'amount',
        value: request.dollars * 100,
        origin: 'issue',
        recipientName: request.recipientName,
        recipientEmail: request.recipientEmail?.toLowerCase() ?? null,
        // With an address, it goes to its recipient by e-mail now; without one, the office prints it.
        delivery: request.recipientEmail ? 'email' : 'print',
        deliverAt: request.recipientEmail ? clockNow() : null,
      },
      byOperator(operator),
      request.reason,
    );
    await enqueueGiftCardMail(tx, card.id);
    await recordAction(tx, operator, {
      action: 'issue gift card',
      subject: `gift card ${card.code}`,
      reason: request.reason,
      after: { value: request.dollars * 100, recipient: request.recipientName },
    });
    return { giftCardId: card.id, code: card.code };
  });
}

export const NO_ADDRESS_TO_SEND = 'This card has no e-mail address to send it to.';
export const NOT_SENT_YET = 'This gift has not been sent yet: it goes at the time its buyer chose.';

/**
 * Sends an active card to its recipient's address again (a lost e-mail), for a reason; the same
 * request again (`requestId`) sends nothing more.
 */
export async function resendCard(
  db: Db,
  operator: Caller,
  cardId: string,
  request: { reason: string; requestId: string },
): Promise<{ sent: boolean }> {
  return db.transaction(async (tx) => {
    const card = await lockedCard(tx, cardId);
    if (card.status !== 'active') throw new DomainError('conflict', 'Only a card in use can be sent.');
    if (!card.recipient_email) throw new DomainError('conflict', NO_ADDRESS_TO_SEND);
    const [waiting] = await tx.query(
      `select 1 from mail_outbox where gift_card_id = $1 and kind = 'gift-card-delivery' and event_key = $1 and status = 'pending'`,
      [card.id],
    );
    if (waiting) throw new DomainError('conflict', NOT_SENT_YET);
    const written = await enqueueMail(tx, [
      {
        kind: 'gift-card-delivery',
        eventKey: `${card.id}:again:${request.requestId}`,
        recipientUid: null,
        giftCardId: card.id,
        bookingId: null,
      },
    ]);
    if (written === 0) return { sent: false };
    await recordAction(tx, operator, {
      action: 'resend gift card',
      subject: `gift card ${card.code}`,
      reason: request.reason,
      after: { to: card.recipient_email },
    });
    return { sent: true };
  });
}

/** The card's row, locked, and its balance read after the lock; refused when there is no such card. */
async function lockedCard(tx: Queryable, cardId: string) {
  const [card] = await tx.query<{ id: string; code: string; status: 'pending' | 'active' | 'void'; recipient_email: string | null }>(
    `select id, code, status, recipient_email from gift_cards where id = $1 for update`,
    [cardId],
  );
  if (!card) throw new DomainError('not-found', 'No such gift card.');
  return { ...card, balance: await balanceOf(tx, card.id) };
}

/**
 * Adds (or takes, when negative) `cents` to an active card's balance for a reason, never below
 * nothing. The operator names the balance they saw: when it changed meanwhile (a checkout, or the
 * same request sent again) nothing is done and they are told the balance now.
 */
export async function adjustCard(
  db: Db,
  operator: Caller,
  cardId: string,
  request: { cents: number; balanceSeen: number; reason: string },
): Promise<{ balance: number }> {
  return db.transaction(async (tx) => {
    const card = await lockedCard(tx, cardId);
    if (card.status !== 'active') throw new DomainError('conflict', 'Only a card in use can be adjusted.');
    if (card.balance !== request.balanceSeen) {
      throw new DomainError('conflict', `The balance changed meanwhile: it is ${formatDollars(card.balance)} now. Nothing was adjusted.`);
    }
    if (card.balance + request.cents < 0) {
      throw new DomainError('invalid', `A card cannot go below nothing: at most ${formatDollars(card.balance)} can be taken off.`);
    }
    await writeLedger(tx, card.id, {
      kind: 'adjustment',
      amount: request.cents,
      reason: request.reason,
      causedBy: byOperator(operator),
      key: `adjustment:${randomId('adj')}`,
    });
    await recordAction(tx, operator, {
      action: 'adjust gift card',
      subject: `gift card ${card.code}`,
      reason: request.reason,
      before: { balance: card.balance },
      after: { balance: card.balance + request.cents },
    });
    return { balance: card.balance + request.cents };
  });
}

/**
 * Cancels a card nobody has used (nothing spent from it, nothing held for a checkout), for a reason;
 * its balance goes with it. A bought card's payment goes back to the card it was bought with (as much
 * as was on it), and an unpaid one's intent is cancelled, after the commit.
 */
export async function voidCard(
  db: Db,
  operator: Caller,
  cardId: string,
  reason: string,
): Promise<{ voided: boolean; givenBack: number; after: AfterCommit }> {
  return db.transaction(async (tx) => {
    const card = await lockedCard(tx, cardId);
    if (card.status === 'void') return { voided: false, givenBack: 0, after: {} };
    const [used] = await tx.query<{ used: boolean }>(
      `select exists (select 1 from gift_card_ledger where card_id = $1 and kind in ('spend', 'hold')) as used`,
      [card.id],
    );
    if (used?.used) throw new DomainError('conflict', 'This card has been used, so it cannot be cancelled. Adjust its balance instead.');
    const { actions, givenBack } = await paymentBackOnCancel(tx, card, 'gift card cancelled by the office');
    await tx.query(`update gift_cards set status = 'void' where id = $1`, [card.id]);
    if (card.balance !== 0) {
      await writeLedger(tx, card.id, {
        kind: 'void',
        amount: -card.balance,
        reason,
        causedBy: byOperator(operator),
        key: `void:${card.id}`,
      });
    }
    await recordAction(tx, operator, {
      action: 'void gift card',
      subject: `gift card ${card.code}`,
      reason,
      before: { balance: card.balance, status: card.status },
      after: { balance: 0, status: 'void', ...(givenBack > 0 ? { givenBack } : {}) },
    });
    return { voided: true, givenBack, after: { actions } };
  });
}

export interface Outstanding {
  /** Cents on every card in use: what the company owes in trips. */
  outstanding: number;
  /** The season the figures are for ('2026-27'), from April 1 before it to its end. */
  season: string;
  sold: number;
  used: number;
  credited: number;
  /** Cards in use with a balance and no use for more than a year, oldest first. */
  longUnused: OfficeCard[];
}

/**
 * Gift cards sold, used and credited from one instant to another, in cents, and the balances outstanding
 * at a third (now when not given).
 */
export async function giftCardFigures(
  q: Queryable,
  from: Date,
  to: Date,
  outstandingAt?: Date,
): Promise<Pick<Outstanding, 'outstanding' | 'sold' | 'used' | 'credited'>> {
  // A voided card's last row takes its balance to nothing, so the balances outstanding are every row's sum.
  const [figures] = await q.query<{ outstanding: number; sold: number; used: number; credited: number }>(
    `select
       coalesce(sum(amount) filter (where $3::timestamptz is null or created_at < $3), 0)::int as outstanding,
       coalesce(sum(amount) filter (where kind = 'purchase' and created_at >= $1 and created_at < $2), 0)::int as sold,
       coalesce(-sum(amount) filter (where kind = 'spend' and created_at >= $1 and created_at < $2), 0)::int as used,
       coalesce(sum(amount) filter (where kind = 'credit' and created_at >= $1 and created_at < $2), 0)::int as credited
       from gift_card_ledger`,
    [from.toISOString(), to.toISOString(), outstandingAt?.toISOString() ?? null],
  );
  return { outstanding: figures?.outstanding ?? 0, sold: figures?.sold ?? 0, used: figures?.used ?? 0, credited: figures?.credited ?? 0 };
}

/** What is outstanding on gift cards now, and this season's figures. */
export async function outstandingCards(q: Queryable, now = clockNow()): Promise<Outstanding> {
  const season = seasonFor(now);
  const year = seasonSalesYear(season);
  const figures = await giftCardFigures(q, denverInstant(year.first), denverInstant(denverDayPlus(year.last, 1)));
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000).toISOString();
  const unused = await q.query<CardRow & Record<string, unknown>>(
    `select ${CARD_COLUMNS} from ${CARD_FROM}
      where c.status = 'active' and c.issued_at < $1
        and not exists (select 1 from gift_card_ledger l where l.card_id = c.id and l.kind in ('spend', 'hold') and l.created_at >= $1)
        and ${BALANCE_SQL} > 0
      order by c.issued_at limit 200`,
    [yearAgo],
  );
  return {
    ...figures,
    season: season.label,
    longUnused: unused.map(toCard),
  };
}
