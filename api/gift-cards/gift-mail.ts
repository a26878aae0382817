/**
 * A gift card's messages: written when the card is put in use (the buyer's receipt at once, the gift
 * to its recipient when the buyer chose), and the facts they are written from, read when they are
 * sent, so a recipient or a time changed before delivery is the one used.
 */
import { siteLink } from '../../shared/company/site-links.ts';
import { accountLinks } from '../../shared/company/site-links.ts';
import { memberName } from '../../shared/rules/party.ts';
import { denverDay } from '../../shared/rules/dates.ts';
import { bonusEnded } from '../../shared/rules/gift-card-credit.ts';
import type { Queryable } from '../db/client.ts';
import { enqueueMail, type MailRequest } from '../mail/mail-outbox.ts';
import { BALANCE_SQL } from './ledger.ts';
import type { GiftCard, GiftCardDeliveryFacts, GiftCardReceiptFacts, GiftCardReminderFacts } from '../mail/message-types.ts';
import { clockNow } from '../clock.ts';

interface CardRow {
  id: string;
  code: string;
  kind: 'amount' | 'voucher';
  status: 'pending' | 'active' | 'void';
  value: number;
  currency: string;
  bonus: number;
  bonus_ends_on: string | null;
  recipient_name: string;
  recipient_email: string | null;
  message: string;
  delivery: 'email' | 'print';
  deliver_at: Date | null;
  delivered_at: Date | null;
  issued_at: Date | null;
  buyer_uid: string | null;
  buyer_name: string | null;
  buyer_email: string | null;
  activity: string | null;
  holder_uid: string | null;
  /** The name of the account that keeps the card, when one does. */
  holder_name: string | null;
  holder_email: string | null;
  reminders_stopped: boolean;
  balance: number;
}

async function cardRow(q: Queryable, cardId: string): Promise<CardRow | undefined> {
  const [row] = await q.query<CardRow & Record<string, unknown>>(
    `select c.id, c.code, c.kind, c.status, c.value, c.currency, c.bonus, to_char(c.bonus_ends_on, 'YYYY-MM-DD') as bonus_ends_on,
            c.recipient_name, c.recipient_email, c.message, c.delivery, c.deliver_at, c.delivered_at, c.issued_at, c.buyer_uid,
            u.display_name as buyer_name, coalesce(u.email, c.buyer_email) as buyer_email, product.name as activity,
            c.holder_uid, holder.display_name as holder_name, holder.email as holder_email,
            c.reminders_stopped_at is not null as reminders_stopped,
            ${BALANCE_SQL} as balance
       from gift_cards c
       left join users u on u.uid = c.buyer_uid
       left join users holder on holder.uid = c.holder_uid
       left join prices price on price.id = c.price_id
       left join products product on product.id = price.product_id
      where c.id = $1`,
    [cardId],
  );
  return row;
}

/** The card was put in use: its buyer's receipt now, and the gift to its recipient when the buyer chose. */
export async function enqueueGiftCardMail(tx: Queryable, cardId: string, now = clockNow()): Promise<number> {
  const card = await cardRow(tx, cardId);
  if (!card) return 0;
  const requests: MailRequest[] = [];
  if (card.buyer_uid) {
    requests.push({ kind: 'gift-card-receipt', eventKey: cardId, recipientUid: card.buyer_uid, giftCardId: cardId, bookingId: null });
  }
  if (card.delivery === 'email' && card.recipient_email) {
    const dueAt = card.deliver_at && card.deliver_at > now ? card.deliver_at : now;
    requests.push({ kind: 'gift-card-delivery', eventKey: cardId, recipientUid: null, giftCardId: cardId, bookingId: null, dueAt });
  }
  return enqueueMail(tx, requests);
}

/** The card as its messages show it. */
function giftCard(card: CardRow, siteUrl: string): GiftCard {
  const balance = new URL('/gift-cards/balance', siteUrl);
  balance.hash = `code=${card.code}`;
  return {
    recipientName: card.recipient_name,
    from: card.buyer_uid ? memberName(card.buyer_name, card.buyer_email) : null,
    message: card.message,
    value:
      card.kind === 'voucher'
        ? { kind: 'voucher', activity: card.activity ?? 'one of our trips' }
        : { kind: 'amount', amount: card.value, currency: card.currency },
    bonus: card.bonus,
    bonusEndsOn: card.bonus_ends_on,
    bonusEnded: bonusEnded(card.bonus_ends_on, denverDay(clockNow())),
    code: card.code,
    balanceLink: balance.toString(),
    bookLink: siteLink('/services', siteUrl),
  };
}

/** E-mailed as soon as it was paid for, at a time still to come then, or printed by the buyer. */
function deliveryOf(card: CardRow): GiftCardReceiptFacts['delivery'] {
  if (card.delivery === 'print' || !card.recipient_email) return { when: 'print' };
  const at = card.deliver_at ? new Date(card.deliver_at) : null;
  const issued = card.issued_at ? new Date(card.issued_at) : clockNow();
  return at && at > issued ? { when: 'on', at, to: card.recipient_email } : { when: 'now', to: card.recipient_email };
}

type Facts<T> = { facts: T } | { skip: string };

/** The buyer's receipt, once the card is in use. */
export async function receiptFacts(q: Queryable, cardId: string, siteUrl: string): Promise<Facts<GiftCardReceiptFacts>> {
  const card = await cardRow(q, cardId);
  if (!card) return { skip: 'gift card not found' };
  if (card.status !== 'active') return { skip: `gift card ${card.status}` };
  return {
    facts: {
      buyerName: memberName(card.buyer_name, card.buyer_email),
      card: giftCard(card, siteUrl),
      paid: card.value,
      currency: card.currency,
      delivery: deliveryOf(card),
      links: accountLinks(siteUrl),
    },
  };
}

/** The gift to its recipient (`copy` false), to the address the card has now; or the buyer's copy once it went. */
export async function deliveryFacts(
  q: Queryable,
  cardId: string,
  siteUrl: string,
  copy: boolean,
): Promise<Facts<GiftCardDeliveryFacts> & { to?: string }> {
  const card = await cardRow(q, cardId);
  if (!card) return { skip: 'gift card not found' };
  if (card.status !== 'active') return { skip: `gift card ${card.status}` };
  if (!card.recipient_email) return { skip: 'no e-mail address' };
  const facts = {
    card: giftCard(card, siteUrl),
    copy: copy ? { buyerName: memberName(card.buyer_name, card.buyer_email), sentTo: card.recipient_email } : null,
    links: accountLinks(siteUrl),
  };
  return copy ? { facts } : { facts, to: card.recipient_email };
}

/**
 * The reminder before a season, to the card's holder (their account's address, or the address the
 * gift went to): what is left and how to use it, with the link that stops these reminders. Read when
 * it is sent, so a card spent or stopped since is not reminded of.
 */
export async function reminderFacts(
  q: Queryable,
  cardId: string,
  siteUrl: string,
  seasonStart: string,
): Promise<Facts<GiftCardReminderFacts> & { to?: string }> {
  const card = await cardRow(q, cardId);
  if (!card) return { skip: 'gift card not found' };
  if (card.status !== 'active') return { skip: `gift card ${card.status}` };
  if (card.reminders_stopped) return { skip: 'reminders stopped' };
  if (card.balance <= 0) return { skip: 'nothing left on it' };
  const stop = new URL('/gift-cards/reminders', siteUrl);
  stop.hash = `code=${card.code}`;
  const facts = {
    card: giftCard(card, siteUrl),
    holderName: card.holder_uid ? memberName(card.holder_name, card.holder_email) : card.recipient_name,
    balance: card.balance,
    seasonStart,
    stopLink: stop.toString(),
    links: accountLinks(siteUrl),
  };
  if (card.holder_uid) return { facts };
  if (!card.delivered_at) return { skip: 'the gift has not gone yet' };
  return card.recipient_email ? { facts, to: card.recipient_email } : { skip: 'no e-mail address' };
}
