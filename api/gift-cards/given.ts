/**
 * The gifts a customer bought: listed with when each goes (the code once it went, so a surprise is
 * not spoiled in the buyer's own account), and a gift not sent yet sent to another address or at
 * another time. The change and the message's new time are one transaction, taken under the lock of
 * the message's row, so the worker sends the gift once, to the address and at the time last chosen.
 */
import type { Db, Queryable } from '../db/client.ts';
import { iso } from '../db/instant.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { deliveryOf, type GiftPurchase } from './purchase.ts';
import { clockNow } from '../clock.ts';

export const GIFT_NOT_FOUND = 'We could not find that gift among the ones you bought.';
export const GIFT_ALREADY_SENT = 'This gift has already been sent, so it can no longer be changed.';
export const GIFT_BEING_SENT = 'This gift is being sent right now, so it can no longer be changed.';
export const GIFT_TO_PRINT = 'This gift is yours to print: there is no e-mail to change.';

export interface GivenCard {
  id: string;
  recipientName: string;
  recipientEmail: string | null;
  kind: 'amount' | 'voucher';
  activity: string | null;
  value: number;
  currency: string;
  delivery: 'email' | 'print';
  deliverAt: string | null;
  deliveredAt: string | null;
  code: string | null;
}

const GIVEN_SQL = `select c.id, c.recipient_name, c.recipient_email, c.kind, product.name as activity, c.value, c.currency, c.delivery,
            c.deliver_at, c.delivered_at, case when c.delivery = 'print' or c.delivered_at is not null then c.code end as code
       from gift_cards c
       left join prices price on price.id = c.price_id
       left join products product on product.id = price.product_id`;

type GivenRow = {
  id: string;
  recipient_name: string;
  recipient_email: string | null;
  kind: 'amount' | 'voucher';
  activity: string | null;
  value: number;
  currency: string;
  delivery: 'email' | 'print';
  deliver_at: Date | null;
  delivered_at: Date | null;
  code: string | null;
};

const given = (row: GivenRow): GivenCard => ({
  id: row.id,
  recipientName: row.recipient_name,
  recipientEmail: row.recipient_email,
  kind: row.kind,
  activity: row.activity,
  value: row.value,
  currency: row.currency,
  delivery: row.delivery,
  deliverAt: row.deliver_at ? iso(row.deliver_at) : null,
  deliveredAt: row.delivered_at ? iso(row.delivered_at) : null,
  code: row.code,
});

/** The gifts `uid` bought and paid for, newest first. */
export async function givenCards(q: Queryable, uid: string): Promise<GivenCard[]> {
  const rows = await q.query<GivenRow & Record<string, unknown>>(
    `${GIVEN_SQL} where c.buyer_uid = $1 and c.origin = 'purchase' and c.status = 'active' order by c.issued_at desc, c.id`,
    [uid],
  );
  return rows.map(given);
}

/**
 * Sends the caller's gift `cardId`, not sent yet, to `change`'s address at its time. The message's
 * row is locked first. While a mail worker holds it (its lease not over), the message may be on its
 * way to the old address that moment, so nothing changes: a change then could send the code to both.
 * A message waiting for its time, or for another try after a failed one, is held by nobody: it
 * waits for the new time, to the new address.
 */
export async function changeDelivery(
  db: Db,
  caller: Caller,
  cardId: string,
  change: Exclude<GiftPurchase['delivery'], { when: 'print' }>,
  now = clockNow(),
): Promise<GivenCard> {
  const { deliverAt } = deliveryOf(change, now);
  const at = deliverAt ?? now;
  return db.transaction(async (tx) => {
    const [card] = await tx.query<{ delivery: 'email' | 'print' }>(
      `select delivery from gift_cards where id = $1 and buyer_uid = $2 and origin = 'purchase' and status = 'active' for update`,
      [cardId, caller.uid],
    );
    if (!card) throw new DomainError('not-found', GIFT_NOT_FOUND);
    if (card.delivery === 'print') throw new DomainError('conflict', GIFT_TO_PRINT);
    const [message] = await tx.query<{ id: string; sending: boolean }>(
      `select id, claim_token is not null and next_attempt_at > app_now() as sending
         from mail_outbox where gift_card_id = $1 and kind = 'gift-card-delivery' and status = 'pending' for update`,
      [cardId],
    );
    if (!message) throw new DomainError('conflict', GIFT_ALREADY_SENT);
    if (message.sending) throw new DomainError('conflict', GIFT_BEING_SENT);
    await tx.query(
      `update mail_outbox set due_at = $2, next_attempt_at = $2, claim_token = null, attempts = 0, last_error = null, updated_at = app_now()
        where id = $1`,
      [message.id, at.toISOString()],
    );
    await tx.query(`update gift_cards set recipient_email = $2, deliver_at = $3 where id = $1`, [
      cardId,
      change.recipientEmail.toLowerCase(),
      at.toISOString(),
    ]);
    const [row] = await tx.query<GivenRow & Record<string, unknown>>(`${GIVEN_SQL} where c.id = $1`, [cardId]);
    if (!row) throw new DomainError('not-found', GIFT_NOT_FOUND);
    return given(row);
  });
}
