/**
 * The events guides' phones recorded at the trailhead, received in batches when a phone has a
 * network again. Each is recorded once by the id its phone made, so a batch sent twice, or by two
 * API instances at once, records nothing twice. An event for a seat that changed after the sheet
 * was saved (the booking cancelled or moved, the member gone from the party) is kept, flagged for
 * the office; an event naming a seat that was never on the date refuses the batch. A waiver signed
 * on a guide's phone becomes a signature in the signer's waiver record, as an online one does.
 */
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { insertSignature, type SigningRequest } from '../users/waivers.ts';
import type { WaiverEdition } from '../users/waiver-edition.ts';
import type { TripEventRequest, TripEventsAnswer } from '../../shared/contract/trailhead.ts';
import { tripEventsOf } from './trip-sheet.ts';

export const NOT_ON_THIS_DATE = 'That booking is not on this date.';
export const NOT_IN_THE_PARTY = 'That person is not in this party.';
export const OLDER_WAIVER = 'The waiver on the phone is no longer the one in force: save the trip sheet again, then sign.';
export const FLAGS = {
  cancelled: 'The booking was cancelled after the trip sheet was saved.',
  moved: 'The booking moved to another date after the trip sheet was saved.',
  left: 'This person left the party after the trip sheet was saved.',
} as const;

/** Records the new events of the batch for `dateId`, as recorded by `by`; the date's whole record after them. */
export async function recordTripEvents(
  db: Db,
  dateId: string,
  events: readonly TripEventRequest[],
  by: Caller,
  signing: { waiver: WaiverEdition; request: SigningRequest },
): Promise<TripEventsAnswer> {
  return db.transaction(async (tx) => {
    const [date] = await tx.query<{ id: string }>(`select id from calendar_dates where id = $1`, [dateId]);
    if (!date) throw new DomainError('not-found', 'Date not found');
    const byName = by.name ?? by.email ?? by.uid;
    let recorded = 0;
    for (const event of events) {
      const flag = await seatFlag(tx, dateId, event);
      const [inserted] = await tx.query<{ id: string }>(
        `insert into trip_events (id, date_id, booking_id, user_id, kind, gear, by_uid, by_name, device_at, flag)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (id) do nothing returning id`,
        [
          event.id,
          dateId,
          event.bookingId,
          event.uid,
          event.kind,
          event.kind === 'gear' ? JSON.stringify({ beacon: event.beacon, shovel: event.shovel, probe: event.probe }) : null,
          by.uid,
          byName,
          event.at,
          flag,
        ],
      );
      if (!inserted) continue;
      recorded += 1;
      if (event.kind === 'signed') {
        if (event.version !== signing.waiver.version) throw new DomainError('conflict', OLDER_WAIVER);
        // The phone's clock is taken for the time of signing, never later than the moment it reached us.
        const signedAt = new Date(Math.min(Date.parse(event.at), Date.now()));
        const signatureId = await insertSignature(tx, {
          uid: event.uid,
          signature: event.signature,
          edition: signing.waiver,
          request: signing.request,
          signedAt,
          inPersonBy: byName,
        });
        await tx.query(`update trip_events set waiver_signature_id = $2 where id = $1`, [event.id, signatureId]);
      }
    }
    return { recorded, events: await tripEventsOf(tx, dateId) };
  });
}

/**
 * Why the office should look at an event for this seat (null when the seat is as the sheet showed it);
 * refuses a seat that was never on the date.
 */
async function seatFlag(tx: Queryable, dateId: string, event: TripEventRequest): Promise<string | null> {
  const [booking] = await tx.query<{ date_id: string; status: string; member: boolean; departed: boolean; moved_away: boolean }>(
    `select b.date_id, b.status,
            exists (select 1 from booking_members m where m.booking_id = b.id and m.user_id = $3) as member,
            exists (select 1 from booking_departures d where d.booking_id = b.id and d.user_id = $3) as departed,
            exists (select 1 from booking_moves v where v.booking_id = b.id and v.from_date = $2) as moved_away
       from bookings b where b.id = $1`,
    [event.bookingId, dateId, event.uid],
  );
  const wasOnThisDate = booking && (booking.date_id === dateId || booking.moved_away);
  if (!booking || !wasOnThisDate || (booking.status !== 'paid' && booking.status !== 'cancelled' && booking.status !== 'refunded')) {
    throw new DomainError('invalid', NOT_ON_THIS_DATE);
  }
  if (!booking.member && !booking.departed) throw new DomainError('invalid', NOT_IN_THE_PARTY);
  if (booking.status !== 'paid') return FLAGS.cancelled;
  if (booking.date_id !== dateId) return FLAGS.moved;
  if (!booking.member) return FLAGS.left;
  return null;
}
