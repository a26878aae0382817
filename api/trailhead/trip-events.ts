/**
 * The events guides' phones recorded at the trailhead, received in batches when a phone has a
 * network again. Each is recorded once by the id its phone made, so a batch sent twice, or by two
 * API instances at once, records nothing twice. Each event has its own outcome: one the API cannot
 * take as it came (a seat never on the date, a stranger to the party, a waiver text no longer in
 * force, a time outside the trip day) is refused alone, kept with its reason for the office, and the
 * rest of the batch is recorded. An event for a seat that changed after the sheet was saved (the
 * booking cancelled or moved, the member gone from the party) is kept, flagged for the office. A
 * waiver signed on a guide's phone becomes a signature in the signer's waiver record, as an online
 * one does, unless the seat is gone: then it stays with the trip's record for the office to look at.
 * A survey answered there becomes the person's survey in the same way, unless they answered it themselves.
 */
import type { Db, Queryable } from '../db/client.ts';
import { iso } from '../db/instant.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { insertSignature, type SigningRequest } from '../users/waivers.ts';
import type { WaiverEdition } from '../users/waiver-edition.ts';
import { tripEndsAt } from '../../shared/company/meeting-area.ts';
import type { CalendarName, Survey } from '../../shared/contract/requests.ts';
import type { TripEventRequest, TripEventsAnswer } from '../../shared/contract/trailhead.ts';
import { eventTimeRefusal, type TripSpan } from '../../shared/rules/trip-event-time.ts';
import { SIGNATURE_HELD, type HeldSignatureRecord } from './held-signatures.ts';
import { clockNow } from '../clock.ts';

export const NOT_ON_THIS_DATE = 'That booking is not on this date.';
export const NOT_IN_THE_PARTY = 'That person is not in this party.';
export const OLDER_WAIVER = 'The waiver on the phone is no longer the one in force: save the trip sheet again, then sign.';
export const SURVEY_ANSWERED_ALREADY = 'The person had answered the survey themselves by then: their own answers stand.';
export const FLAGS = {
  cancelled: 'The booking was cancelled after the trip sheet was saved.',
  moved: 'The booking moved to another date after the trip sheet was saved.',
  left: 'This person left the party after the trip sheet was saved.',
} as const;

/** Records the batch for `dateId`, as recorded by `by`, and answers what became of each event (the trip sheet has the date's whole record). */
export async function recordTripEvents(
  db: Db,
  dateId: string,
  events: readonly TripEventRequest[],
  by: Caller,
  signing: { waiver: WaiverEdition; request: SigningRequest },
): Promise<TripEventsAnswer> {
  return db.transaction(async (tx) => {
    const [date] = await tx.query<{ starts_at: Date | string; calendar: CalendarName }>(
      `select starts_at, calendar from calendar_dates where id = $1`,
      [dateId],
    );
    if (!date) throw new DomainError('not-found', 'Date not found');
    const startsAt = Date.parse(iso(date.starts_at));
    const trip: TripSpan = { startsAt, endsAt: tripEndsAt(startsAt, date.calendar) };
    const byName = by.name ?? by.email ?? by.uid;
    const batch = [...new Map(events.map((event) => [event.id, event])).values()];
    const known = await knownEvents(tx, batch);
    const seats = await seatsOf(tx, dateId, batch);
    const receivedAt = clockNow().getTime();

    const accepted: { event: TripEventRequest; flag: string | null }[] = [];
    const refused = new Map<string, string>();
    for (const event of batch.filter((event) => !known.has(event.id))) {
      const seat = seatStanding(seats.get(seatKey(event)), dateId);
      const reason =
        eventTimeRefusal(event.at, trip, receivedAt) ??
        ('refused' in seat ? seat.refused : null) ??
        (event.kind === 'signed' && event.version !== signing.waiver.version ? OLDER_WAIVER : null);
      if (reason) refused.set(event.id, reason);
      else accepted.push({ event, flag: 'flag' in seat ? seat.flag : null });
    }

    const inserted = await insertEvents(tx, dateId, accepted, { byUid: by.uid, byName, request: signing.request });
    await keepRefusals(tx, dateId, batch, refused, by.uid, byName);
    for (const { event, flag } of accepted) {
      if (event.kind === 'survey' && inserted.has(event.id) && !flag) await surveyIntoRecord(tx, event.id, event.uid, event.survey);
      if (event.kind !== 'signed' || !inserted.has(event.id)) continue;
      if (flag) continue;
      // The phone's clock is taken for the time of signing, never later than the moment it reached us.
      const signedAt = new Date(Math.min(Date.parse(event.at), receivedAt));
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
    return {
      recorded: inserted.size,
      outcomes: events.map((event) => ({ id: event.id, refused: refused.get(event.id) ?? null })),
    };
  });
}

/**
 * A survey answered on a guide's phone becomes the person's own survey, unless they answered it
 * themselves by the time it reached us: theirs stands, and the event says so for the office.
 */
async function surveyIntoRecord(tx: Queryable, eventId: string, uid: string, survey: Survey): Promise<void> {
  const taken = await tx.query(`update users set survey = $2, updated_at = app_now() where uid = $1 and survey is null returning uid`, [
    uid,
    JSON.stringify(survey),
  ]);
  if (taken.length === 0) await tx.query(`update trip_events set flag = $2 where id = $1`, [eventId, SURVEY_ANSWERED_ALREADY]);
}

const seatKey = (event: { bookingId: string; uid: string }) => `${event.bookingId}/${event.uid}`;

/** The ids of the batch already recorded: sent before, they count as recorded whatever has changed since. */
async function knownEvents(tx: Queryable, batch: readonly TripEventRequest[]): Promise<Set<string>> {
  const rows = await tx.query<{ id: string }>(`select id from trip_events where id = any($1::text[])`, [batch.map((event) => event.id)]);
  return new Set(rows.map((row) => row.id));
}

interface SeatRow {
  booking_id: string;
  user_id: string;
  date_id: string;
  status: string;
  member: boolean;
  departed: boolean;
  moved_away: boolean;
}

/** Each seat the batch names, as it stands now, in one query: by `seatKey`; a booking that does not exist is absent. */
async function seatsOf(tx: Queryable, dateId: string, batch: readonly TripEventRequest[]): Promise<Map<string, SeatRow>> {
  const named = [...new Map(batch.map((event) => [seatKey(event), { booking_id: event.bookingId, user_id: event.uid }])).values()];
  const rows = await tx.query<SeatRow & Record<string, unknown>>(
    `select p.booking_id, p.user_id, b.date_id, b.status,
            exists (select 1 from booking_members m where m.booking_id = b.id and m.user_id = p.user_id) as member,
            exists (select 1 from booking_departures d where d.booking_id = b.id and d.user_id = p.user_id) as departed,
            exists (select 1 from booking_moves v where v.booking_id = b.id and v.from_date = $1) as moved_away
       from jsonb_to_recordset($2::jsonb) as p (booking_id text, user_id text)
       join bookings b on b.id = p.booking_id`,
    [dateId, JSON.stringify(named)],
  );
  return new Map(rows.map((row) => [`${row.booking_id}/${row.user_id}`, row]));
}

/** Whether an event for the seat is refused (a seat never on the date, a stranger to the party), or why the office should look at it. */
function seatStanding(seat: SeatRow | undefined, dateId: string): { refused: string } | { flag: string | null } {
  const wasOnThisDate = seat && (seat.date_id === dateId || seat.moved_away);
  if (!seat || !wasOnThisDate || (seat.status !== 'paid' && seat.status !== 'cancelled' && seat.status !== 'refunded')) {
    return { refused: NOT_ON_THIS_DATE };
  }
  if (!seat.member && !seat.departed) return { refused: NOT_IN_THE_PARTY };
  if (seat.status !== 'paid') return { flag: FLAGS.cancelled };
  if (seat.date_id !== dateId) return { flag: FLAGS.moved };
  if (!seat.member) return { flag: FLAGS.left };
  return { flag: null };
}

/** Inserts the accepted events in one statement; the ids that were new. */
async function insertEvents(
  tx: Queryable,
  dateId: string,
  accepted: readonly { event: TripEventRequest; flag: string | null }[],
  { byUid, byName, request }: { byUid: string; byName: string; request: SigningRequest },
): Promise<Set<string>> {
  if (accepted.length === 0) return new Set();
  const rows = accepted.map(({ event, flag }) => ({
    id: event.id,
    booking_id: event.bookingId,
    user_id: event.uid,
    kind: event.kind,
    gear: event.kind === 'gear' ? { beacon: event.beacon, shovel: event.shovel, probe: event.probe } : null,
    undoes: event.kind === 'undo' ? event.undoes : null,
    survey: event.kind === 'survey' ? event.survey : null,
    device_at: event.at,
    flag: event.kind === 'signed' && flag ? `${flag} ${SIGNATURE_HELD}` : flag,
    // A signature that does not become a waiver signature is kept with the event, with the text it was signed on.
    held_signature:
      event.kind === 'signed' && flag
        ? ({ signature: event.signature, version: event.version, ...request } satisfies HeldSignatureRecord)
        : null,
  }));
  const inserted = await tx.query<{ id: string }>(
    `insert into trip_events (id, date_id, booking_id, user_id, kind, gear, undoes, survey, by_uid, by_name, device_at, flag, held_signature)
     select e.id, $1, e.booking_id, e.user_id, e.kind, e.gear, e.undoes, e.survey, $2, $3, e.device_at, e.flag, e.held_signature
       from jsonb_to_recordset($4::jsonb) as e (
         id text, booking_id text, user_id text, kind text, gear jsonb, undoes text, survey jsonb, device_at timestamptz, flag text,
         held_signature jsonb
       )
     on conflict (id) do nothing returning id`,
    [dateId, byUid, byName, JSON.stringify(rows)],
  );
  return new Set(inserted.map((row) => row.id));
}

/** Keeps each refused event whole with its reason, once by its id, for the office. */
async function keepRefusals(
  tx: Queryable,
  dateId: string,
  batch: readonly TripEventRequest[],
  refused: ReadonlyMap<string, string>,
  byUid: string,
  byName: string,
): Promise<void> {
  const rows = batch.filter((event) => refused.has(event.id)).map((event) => ({ id: event.id, event, reason: refused.get(event.id) }));
  if (rows.length === 0) return;
  await tx.query(
    `insert into trip_event_refusals (id, date_id, event, reason, by_uid, by_name)
     select r.id, $1, r.event, r.reason, $2, $3 from jsonb_to_recordset($4::jsonb) as r (id text, event jsonb, reason text)
     on conflict (id) do nothing`,
    [dateId, byUid, byName, JSON.stringify(rows)],
  );
}
