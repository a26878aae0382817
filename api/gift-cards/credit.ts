/**
 * Credit instead of a refund: what a payer paid for a booking kept as a gift card worth a bonus more,
 * kept on their account and e-mailed to them, in the caller's transaction.
 */
import { creditOfferFor, type CreditTerms } from '../../shared/rules/gift-card-credit.ts';
import { denverDay, formatDenverDateTime } from '../../shared/rules/dates.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { Queryable } from '../db/client.ts';
import { issueCard } from './cards.ts';
import { enqueueGiftCardMail } from './gift-mail.ts';
import { clockNow } from '../clock.ts';

export interface CreditRequest {
  payerUid: string;
  /** Cents paid, every way of paying together. */
  paid: number;
  terms: CreditTerms;
  currency: string;
  /** What the credit is for, as the card's message says it: the trip and when it was. */
  title: string;
  startsAt: Date;
  /** Why it is credit, for the ledger. */
  reason: string;
}

/** Issues the credit card of a booking; answers it with its value and bonus (cents). */
export async function issueCredit(tx: Queryable, credit: CreditRequest): Promise<{ cardId: string; value: number; bonus: number }> {
  const { amount: value, bonus, bonusEndsOn } = creditOfferFor(credit.paid, credit.terms, denverDay(clockNow()));
  const [payer] = await tx.query<{ display_name: string | null; email: string | null }>(
    `select display_name, email from users where uid = $1`,
    [credit.payerUid],
  );
  const email = payer?.email?.toLowerCase() ?? null;
  const card = await issueCard(
    tx,
    {
      kind: 'amount',
      value,
      currency: credit.currency,
      origin: 'credit',
      bonus,
      bonusEndsOn: bonusEndsOn ?? null,
      holderUid: credit.payerUid,
      recipientName: memberName(payer?.display_name ?? null, payer?.email ?? null),
      recipientEmail: email,
      message: `Credit for ${credit.title} on ${formatDenverDateTime(credit.startsAt)}.`,
      delivery: email ? 'email' : 'print',
      deliverAt: email ? clockNow() : null,
    },
    `customer:${credit.payerUid}`,
    credit.reason,
  );
  await enqueueGiftCardMail(tx, card.id);
  return { cardId: card.id, value, bonus };
}
