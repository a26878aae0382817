/**
 * A date's trip sheet, as a guide's phone saves it for the trailhead: the roster grouped by party
 * with each member's pass code, the office's notes, where the party meets, the waiver in force for
 * signing in person, and what every phone has recorded so far. Reading it is recorded as a roster
 * read (it shows medical data), before anything is answered.
 */
import type { Db, Queryable } from '../db/client.ts';
import type { Caller } from '../identity.ts';
import { iso } from '../db/instant.ts';
import { readRoster } from '../roster/roster.ts';
import type { WaiverEdition } from '../users/waiver-edition.ts';
import { meetingPointOf, meetingPointWords } from '../../shared/rules/meeting-point.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import type { RefusedTripEvent, TripEventRequest, TripEvent, TripParty, TripSheet } from '../../shared/contract/trailhead.ts';
import { clockNow } from '../clock.ts';

/** The sheet of `dateId` for `reader` (a guide or an operator); null for an unknown date. */
export async function readTripSheet(db: Db, dateId: string, reader: Caller, waiver: WaiverEdition): Promise<TripSheet | null> {
  const roster = await readRoster(db, dateId, reader, waiver.version, 'trip sheet');
  if (!roster) return null;
  const [seats, bookings, notes, events, [meeting]] = await Promise.all([
    db.query<{ booking_id: string; user_id: string; pass_code: string }>(
      `select m.booking_id, m.user_id, m.pass_code from booking_members m join bookings b on b.id = m.booking_id
        where b.date_id = $1 and b.status = 'paid'`,
      [dateId],
    ),
    db.query<{ id: string; party_size: number }>(`select id, party_size from bookings where date_id = $1 and status = 'paid'`, [dateId]),
    db.query<{ booking_id: string; note: string }>(
      `select n.booking_id, n.note from booking_notes n join bookings b on b.id = n.booking_id
        where b.date_id = $1 and b.status = 'paid' order by n.created_at, n.id`,
      [dateId],
    ),
    tripEventsOf(db, dateId),
    db.query<{ meeting_trailhead: string | null; meets_at: Date | string | null }>(
      `select meeting_trailhead, meets_at from calendar_dates where id = $1`,
      [dateId],
    ),
  ]);
  const passCodes = new Map(seats.map((seat) => [`${seat.booking_id}/${seat.user_id}`, seat.pass_code]));
  const sizes = new Map(bookings.map((booking) => [booking.id, booking.party_size]));
  const parties = new Map<string, TripParty>();
  for (const participant of roster.participants) {
    const party = parties.get(participant.bookingId) ?? {
      bookingId: participant.bookingId,
      partySize: sizes.get(participant.bookingId) ?? 0,
      notes: notes.filter((note) => note.booking_id === participant.bookingId).map((note) => note.note),
      members: [],
    };
    party.members.push({ ...participant, passCode: passCodes.get(`${participant.bookingId}/${participant.uid}`) ?? '' });
    parties.set(participant.bookingId, party);
  }
  return {
    date: roster.date,
    savedAt: clockNow().toISOString(),
    meetingPoint: meetingPointWords(meeting ? meetingPointOf(meeting) : null, roster.date.calendar as CalendarName),
    parties: [...parties.values()],
    waiver: { version: waiver.version, document: waiver.document },
    events,
  };
}

interface EventRow {
  id: string;
  kind: TripEvent['kind'];
  booking_id: string;
  user_id: string;
  device_at: Date | string;
  received_at: Date | string;
  by_name: string;
  display_name: string | null;
  email: string | null;
  gear: TripEvent['gear'] | string;
  undoes: string | null;
  survey: TripEvent['survey'] | string;
  flag: string | null;
}

/** Everything the phones have recorded for the date, in the order it happened by their clocks. */
export async function tripEventsOf(db: Queryable, dateId: string): Promise<TripEvent[]> {
  const rows = await db.query<EventRow & Record<string, unknown>>(
    `select e.id, e.kind, e.booking_id, e.user_id, e.device_at, e.received_at, e.by_name, e.gear, e.undoes, e.survey, e.flag,
            u.display_name, u.email
       from trip_events e join users u on u.uid = e.user_id
      where e.date_id = $1 order by e.device_at, e.id`,
    [dateId],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    bookingId: row.booking_id,
    uid: row.user_id,
    member: memberName(row.display_name, row.email),
    at: iso(row.device_at),
    receivedAt: iso(row.received_at),
    by: row.by_name,
    gear: typeof row.gear === 'string' ? (JSON.parse(row.gear) as TripEvent['gear']) : row.gear,
    undoes: row.undoes,
    survey: typeof row.survey === 'string' ? (JSON.parse(row.survey) as TripEvent['survey']) : row.survey,
    flag: row.flag,
  }));
}

/** What the phones sent for the date that was refused, kept for the office, in the order it reached us. */
export async function tripEventRefusalsOf(db: Queryable, dateId: string): Promise<RefusedTripEvent[]> {
  const rows = await db.query<{
    id: string;
    event: TripEventRequestRow | string;
    reason: string;
    by_name: string;
    received_at: Date | string;
    display_name: string | null;
    email: string | null;
  }>(
    `select r.id, r.event, r.reason, r.by_name, r.received_at, u.display_name, u.email
       from trip_event_refusals r left join users u on u.uid = r.event ->> 'uid'
      where r.date_id = $1 order by r.received_at, r.id`,
    [dateId],
  );
  return rows.map((row) => {
    const event = typeof row.event === 'string' ? (JSON.parse(row.event) as TripEventRequestRow) : row.event;
    return {
      id: row.id,
      kind: event.kind,
      bookingId: event.bookingId,
      uid: event.uid,
      member: row.display_name || row.email ? memberName(row.display_name, row.email) : 'Someone we do not know',
      at: iso(event.at),
      receivedAt: iso(row.received_at),
      by: row.by_name,
      reason: row.reason,
    };
  });
}

/** What a refusal keeps of the event, as the phone sent it. */
type TripEventRequestRow = Pick<TripEventRequest, 'kind' | 'bookingId' | 'uid' | 'at'>;
