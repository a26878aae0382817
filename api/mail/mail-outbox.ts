/**
 * The mail outbox: messages to customers, written in the same transaction as the event that causes
 * them (a payment recorded, a friend joining, a cancellation). A message is keyed by its kind, its
 * event and its recipient, so an event that happens twice (a webhook delivered again, two API
 * instances) still gives one message per recipient. Messages before a trip are rows due at a time.
 */
import type { Queryable } from '../db/client.ts';
import { randomId } from '../http.ts';
import type { MailKind } from './message-types.ts';
import { tripMessageTimes } from './schedule.ts';
import type { CancellationFacts } from '../bookings/facts.ts';
import { clockNow } from '../clock.ts';

export interface MailRequest {
  kind: MailKind;
  /** What happened, for the key: one message per kind, event and recipient. */
  eventKey: string;
  /** The account it goes to; null for a gift card's recipient, who is written to at the card's address. */
  recipientUid: string | null;
  /** The booking the message is about; null for one about a wait alone. */
  bookingId: string | null;
  /** The gift card the message is about. */
  giftCardId?: string | null;
  dueAt?: Date;
  /** What the event adds to what the database holds when the message is sent. */
  facts?: Record<string, unknown>;
}

/** Writes messages, leaving out any already written for the same kind, event and recipient; returns how many are new. */
export async function enqueueMail(tx: Queryable, requests: readonly MailRequest[]): Promise<number> {
  if (requests.length === 0) return 0;
  const rows = await tx.query<{ id: string }>(
    `insert into mail_outbox (id, kind, event_key, recipient_uid, booking_id, gift_card_id, facts, due_at, next_attempt_at)
     select r.id, r.kind, r.event_key, r.recipient_uid, r.booking_id, r.gift_card_id, r.facts::jsonb, r.due_at, r.due_at
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::text[])
         as r (id, kind, event_key, recipient_uid, booking_id, facts, due_at, gift_card_id)
     on conflict on constraint mail_outbox_one_per_event do nothing
     returning id`,
    [
      requests.map(() => randomId('mail')),
      requests.map((request) => request.kind),
      requests.map((request) => request.eventKey),
      requests.map((request) => request.recipientUid),
      requests.map((request) => request.bookingId),
      requests.map((request) => JSON.stringify(request.facts ?? {})),
      requests.map((request) => (request.dueAt ?? clockNow()).toISOString()),
      requests.map((request) => request.giftCardId ?? null),
    ],
  );
  return rows.length;
}

/**
 * The readiness reminders and the briefing of one member of a booking, for the times still ahead.
 * `event` names what they are for: the booking, or the booking on a date it moved to.
 */
function tripMessages(bookingId: string, uid: string, startsAt: Date, now: Date, event: string = bookingId): MailRequest[] {
  const { reminders, briefing } = tripMessageTimes(startsAt, now);
  return [
    ...reminders.map(({ daysBefore, dueAt }): MailRequest => ({
      kind: 'readiness-reminder',
      eventKey: `${event}:${daysBefore}`,
      recipientUid: uid,
      bookingId,
      dueAt,
      facts: { daysBefore },
    })),
    ...(briefing ? [{ kind: 'trip-briefing', eventKey: event, recipientUid: uid, bookingId, dueAt: briefing } satisfies MailRequest] : []),
  ];
}

async function startOf(tx: Queryable, bookingId: string): Promise<{ startsAt: Date; payerUid: string }> {
  const [row] = await tx.query<{ starts_at: Date | string; user_id: string }>(
    `select d.starts_at, b.user_id from bookings b join calendar_dates d on d.id = b.date_id where b.id = $1`,
    [bookingId],
  );
  if (!row) throw new Error(`No booking ${bookingId}`);
  return { startsAt: new Date(row.starts_at), payerUid: row.user_id };
}

/** A booking was paid: the payer's confirmation now, and their reminders and briefing before the trip. */
export async function enqueueBookingPaid(
  tx: Queryable,
  { bookingId, payerUid, startsAt }: { bookingId: string; payerUid: string; startsAt: Date | string },
  now = clockNow(),
): Promise<number> {
  return enqueueMail(tx, [
    { kind: 'booking-confirmed', eventKey: bookingId, recipientUid: payerUid, bookingId },
    ...tripMessages(bookingId, payerUid, new Date(startsAt), now),
  ]);
}

/** The payer's confirmation again, at an operator's request `requestId` (the same request twice gives one message). */
export async function enqueueConfirmationAgain(tx: Queryable, bookingId: string, requestId: string): Promise<number> {
  const { payerUid } = await startOf(tx, bookingId);
  return enqueueMail(tx, [{ kind: 'booking-confirmed', eventKey: `${bookingId}:again:${requestId}`, recipientUid: payerUid, bookingId }]);
}

/** A friend joined a booking by its invite: a welcome to them, word to the payer, and the friend's messages before the trip. */
export async function enqueueMemberJoined(tx: Queryable, bookingId: string, memberUid: string, now = clockNow()): Promise<number> {
  const { startsAt, payerUid } = await startOf(tx, bookingId);
  return enqueueMail(tx, [
    { kind: 'party-joined', eventKey: bookingId, recipientUid: memberUid, bookingId },
    { kind: 'friend-joined', eventKey: `${bookingId}:${memberUid}`, recipientUid: payerUid, bookingId, facts: { friendUid: memberUid } },
    ...tripMessages(bookingId, memberUid, startsAt, now),
  ]);
}

/** The messages before the trip that have not gone yet are not sent (the booking ended or moved). */
async function skipTripMessages(tx: Queryable, bookingId: string, why: string): Promise<void> {
  await tx.query(
    `update mail_outbox set status = 'skipped', skipped_reason = $2, updated_at = app_now()
      where booking_id = $1 and status = 'pending' and kind in ('readiness-reminder', 'trip-briefing')`,
    [bookingId, why],
  );
}

async function membersOf(tx: Queryable, bookingId: string): Promise<string[]> {
  const rows = await tx.query<{ user_id: string }>(`select user_id from booking_members where booking_id = $1`, [bookingId]);
  return rows.map((row) => row.user_id);
}

/**
 * A booking moved to another date (move `moveId`): every member is told, and their messages before
 * the trip follow the new date. They are keyed by the move, so a booking that returns to a date it
 * was on before gets that date's messages again.
 */
export async function enqueueBookingMoved(
  tx: Queryable,
  bookingId: string,
  moveId: string,
  toDateId: string,
  now = clockNow(),
): Promise<number> {
  const { startsAt } = await startOf(tx, bookingId);
  await skipTripMessages(tx, bookingId, 'booking moved');
  const members = await membersOf(tx, bookingId);
  return enqueueMail(
    tx,
    members.flatMap((uid) => [
      { kind: 'booking-moved' as const, eventKey: moveId, recipientUid: uid, bookingId, facts: { moveId } },
      ...tripMessages(bookingId, uid, startsAt, now, `${bookingId}@${toDateId}:${moveId}`),
    ]),
  );
}

/**
 * The company called off `dateId`, the date of a booking: the payer is asked to choose a full refund
 * or another date by `chooseBy`; nothing more is sent before the trip. Each date called off under a
 * booking asks again (a storm that also calls off the date it moved to).
 */
export async function enqueueDateCalledOff(
  tx: Queryable,
  bookingId: string,
  dateId: string,
  facts: { reason: string; chooseBy: Date },
): Promise<number> {
  const { payerUid } = await startOf(tx, bookingId);
  await skipTripMessages(tx, bookingId, 'date called off');
  return enqueueMail(tx, [
    {
      kind: 'date-called-off',
      eventKey: `${bookingId}@${dateId}`,
      recipientUid: payerUid,
      bookingId,
      facts: { dateId, reason: facts.reason, chooseBy: facts.chooseBy.toISOString() },
    },
  ]);
}

/**
 * Where `dateId`'s party meets changed within 48 hours of its start: every member of every paid
 * booking on it is told. Keyed by the point, so setting the same point twice tells nobody twice.
 */
export async function enqueueMeetingPointChanged(
  tx: Queryable,
  dateId: string,
  point: { trailhead: string; meetsAt: Date },
): Promise<number> {
  const seats = await tx.query<{ booking_id: string; user_id: string }>(
    `select m.booking_id, m.user_id from booking_members m join bookings b on b.id = m.booking_id
      where b.date_id = $1 and b.status = 'paid'`,
    [dateId],
  );
  const meetsAt = point.meetsAt.toISOString();
  return enqueueMail(
    tx,
    seats.map((seat) => ({
      kind: 'meeting-point-changed' as const,
      eventKey: `${dateId}@${point.trailhead}@${meetsAt}`,
      recipientUid: seat.user_id,
      bookingId: seat.booking_id,
      facts: { trailhead: point.trailhead, meetsAt },
    })),
  );
}

/** A booking was cancelled: every member is told, and the payer what comes back; nothing more is sent before the trip. */
export async function enqueueBookingCancelled(tx: Queryable, bookingId: string, facts: CancellationFacts): Promise<number> {
  const members = await membersOf(tx, bookingId);
  await skipTripMessages(tx, bookingId, 'booking cancelled');
  return enqueueMail(
    tx,
    members.map((uid) => ({
      kind: 'booking-cancelled' as const,
      eventKey: bookingId,
      recipientUid: uid,
      bookingId,
      facts: { ...facts },
    })),
  );
}
