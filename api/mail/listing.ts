/** The mail outbox as an operator reads it: what is waiting, what keeps failing, and what went out; to whom, by name. */
import type { Queryable } from '../db/client.ts';
import { iso } from '../db/instant.ts';

export type MailStatus = 'pending' | 'failing' | 'sent' | 'skipped';

export interface MailListing {
  id: string;
  kind: string;
  bookingId: string | null;
  /** Null for a gift card's recipient, who has no account. */
  recipientUid: string | null;
  /** The recipient's name and e-mail as the site has them (null when it has none). */
  recipientName: string | null;
  recipientEmail: string | null;
  status: MailStatus;
  attempts: number;
  dueAt: string;
  nextAttemptAt: string;
  lastError: string | null;
  sentTo: string | null;
  sentAt: string | null;
  skippedReason: string | null;
}

interface Row {
  id: string;
  kind: string;
  booking_id: string | null;
  recipient_uid: string | null;
  recipient_name: string | null;
  recipient_email: string | null;
  status: 'pending' | 'sent' | 'skipped';
  attempts: number;
  due_at: Date | string;
  next_attempt_at: Date | string;
  last_error: string | null;
  sent_to: string | null;
  sent_at: Date | string | null;
  skipped_reason: string | null;
}

/**
 * `open`: the messages not yet sent (pending, failing first); `failing`: those of them the mail
 * server refused or could not be reached for, oldest first; `all`: also the sent and skipped ones,
 * newest first. At most `limit` rows.
 */
export async function listMail(
  db: Queryable,
  { include = 'open', limit = 200 }: { include?: 'open' | 'failing' | 'all'; limit?: number } = {},
): Promise<MailListing[]> {
  const rows = await db.query<Row & Record<string, unknown>>(
    `select m.id, m.kind, m.booking_id, m.recipient_uid, coalesce(u.display_name, g.recipient_name) as recipient_name,
            coalesce(u.email, g.recipient_email) as recipient_email, m.status,
            m.attempts, m.due_at, m.next_attempt_at, m.last_error, m.sent_to, m.sent_at, m.skipped_reason
       from mail_outbox m left join users u on u.uid = m.recipient_uid
       left join gift_cards g on g.id = m.gift_card_id and m.recipient_uid is null
      where $1 = 'all' or (m.status = 'pending' and ($1 = 'open' or m.last_error is not null))
      order by (m.status = 'pending' and m.last_error is not null) desc, (m.status = 'pending') desc,
               case when $1 = 'failing' then m.due_at end, coalesce(m.sent_at, m.due_at) desc
      limit $2`,
    [include, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    bookingId: row.booking_id,
    recipientUid: row.recipient_uid,
    recipientName: row.recipient_name,
    recipientEmail: row.recipient_email,
    status: row.status === 'pending' && row.last_error ? 'failing' : row.status,
    attempts: row.attempts,
    dueAt: iso(row.due_at),
    nextAttemptAt: iso(row.next_attempt_at),
    lastError: row.last_error,
    sentTo: row.sent_to,
    sentAt: row.sent_at ? iso(row.sent_at) : null,
    skippedReason: row.skipped_reason,
  }));
}

/**
 * One message as `npm run mail` prints it: its state, kind, booking and recipient, then when it is
 * due, how many tries failed with the mail server's last answer, where and when it was sent, or why
 * it was skipped.
 */
export function mailLine(mail: MailListing): string {
  const what = `${mail.status.padEnd(7)} ${mail.kind.padEnd(18)} booking ${mail.bookingId ?? '-'}  to ${mail.sentTo ?? (mail.recipientUid ? `user ${mail.recipientUid}` : (mail.recipientEmail ?? '-'))}`;
  if (mail.status === 'sent') return `${what}  sent ${mail.sentAt ?? ''}`;
  if (mail.status === 'skipped') return `${what}  skipped: ${mail.skippedReason ?? ''}`;
  if (mail.status === 'failing') {
    const tries = `${mail.attempts} ${mail.attempts === 1 ? 'attempt' : 'attempts'}`;
    return `${what}  ${tries}, next ${mail.nextAttemptAt}: ${mail.lastError ?? ''}`;
  }
  return `${what}  due ${mail.dueAt}`;
}
