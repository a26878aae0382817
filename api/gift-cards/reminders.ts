/**
 * The reminder before a season (../../shared/rules/gift-card-reminder.ts): written once a season for
 * each card in use with something left on it and someone to write to (its holder's account, or the
 * address the gift went to, once it went: a gift still waiting for its day is not given away), unless
 * its holder stopped them; and stopping them, by the card's code.
 */
import { giftCodeOf } from '../../shared/rules/gift-card-code.ts';
import { reminderDue } from '../../shared/rules/gift-card-reminder.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { enqueueMail } from '../mail/mail-outbox.ts';
import { BALANCE_SQL, NO_SUCH_CARD } from './ledger.ts';
import { clockNow } from '../clock.ts';

/** Writes the season's reminders when they are due; returns how many were written now (none twice: the outbox keys them by season and card). */
export async function remindGiftCards(db: Db, now = clockNow()): Promise<number> {
  const due = reminderDue(now);
  if (!due) return 0;
  return db.transaction(async (tx) => {
    const cards = await tx.query<{ id: string; holder_uid: string | null }>(
      `select c.id, c.holder_uid from gift_cards c
        where c.status = 'active' and c.reminders_stopped_at is null and c.issued_at < $1
          and (c.holder_uid is not null or (c.recipient_email is not null and c.delivered_at is not null))
          and ${BALANCE_SQL} > 0
          and not exists (select 1 from mail_outbox m where m.gift_card_id = c.id and m.kind = 'gift-card-reminder' and m.event_key = $2 || ':' || c.id)`,
      [due.issuedBefore, due.season.label],
    );
    return enqueueMail(
      tx,
      cards.map((card) => ({
        kind: 'gift-card-reminder' as const,
        eventKey: `${due.season.label}:${card.id}`,
        recipientUid: card.holder_uid,
        bookingId: null,
        giftCardId: card.id,
        facts: { seasonStart: due.season.start },
      })),
    );
  });
}

/** Stops the reminders of the card of a code, for good; stopping them again changes nothing. */
export async function stopReminders(db: Db, typed: string): Promise<{ stopped: true }> {
  const code = giftCodeOf(typed);
  const [card] = code
    ? await db.query(
        `update gift_cards set reminders_stopped_at = coalesce(reminders_stopped_at, app_now()) where code = $1 and status = 'active' returning id`,
        [code],
      )
    : [];
  if (!card) throw new DomainError('not-found', NO_SUCH_CARD);
  return { stopped: true };
}
