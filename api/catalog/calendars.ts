/**
 * The three winter calendars. Public answers carry no personal data: `users` has one opaque entry
 * per taken seat, and an invite code is shown only to a member of that booking.
 */
import type { Queryable } from '../db/client.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { closingTime } from '../../shared/rules/seat-rules.ts';
import { partySpotsLeftSql, seatsTakenSql } from '../bookings/seat-sql.ts';
import { shownToCustomer } from '../bookings/address-owner.ts';
import { meetingPointOf, meetingPointWords } from '../../shared/rules/meeting-point.ts';

interface DateRow {
  id: string;
  seconds: number;
  capacity: number;
  price_id: string | null;
  class_type: string | null;
  title: string | null;
  description: string | null;
  taken: number;
}

/** Opaque, identical placeholders: they count seats without saying who holds them. */
const TAKEN_SEAT = 'reserved';

/** The dates of one calendar; each says when its bookings close, `cutoffHours` before its start. */
export async function listCalendar(db: Queryable, calendar: CalendarName, cutoffHours: number): Promise<CalendarEntry[]> {
  const rows = await db.query<DateRow & Record<string, unknown>>(
    `select d.id, extract(epoch from d.starts_at)::float8 as seconds, d.capacity, d.price_id, d.class_type, d.title, d.description,
            ${seatsTakenSql('d.id')} as taken
       from calendar_dates d
      where d.calendar = $1 and d.active
      order by d.starts_at, d.id`,
    [calendar],
  );
  return rows.map((row) => toEntry(calendar, row, cutoffHours));
}

function timestamp(epochSeconds: number) {
  const seconds = Math.floor(epochSeconds);
  return { _seconds: seconds, _nanoseconds: Math.round((epochSeconds - seconds) * 1e9) };
}

/** A date in the answer's names: `partySize` is its capacity, `users` one placeholder per taken seat, `stripeId` its price, `type` its class. */
function toEntry(calendar: CalendarName, row: DateRow, cutoffHours: number): CalendarEntry {
  const entry: CalendarEntry = {
    id: row.id,
    date: timestamp(row.seconds),
    closesAt: timestamp(closingTime(row.seconds, cutoffHours)),
    partySize: row.capacity,
    users: Array.from({ length: Math.min(row.taken, row.capacity) }, () => TAKEN_SEAT),
  };
  if (calendar !== 'winter-day-tours' && row.price_id) entry.stripeId = row.price_id;
  if (row.class_type) entry.type = row.class_type;
  if (calendar === 'winter-mentorship') {
    if (row.title) entry.title = row.title;
    if (row.description) entry.description = row.description;
  }
  return entry;
}

/** What a member of a booking sees of it on its date: the invite code, the price booked, the party's paid seats and its open ones. */
export interface PartyView {
  /** The booking's own id, which its calendar file and reference are made from. */
  bookingId: string;
  inviteCode: string;
  /** The seats the booking paid for: one row each in the party. */
  partySeats: number;
  /** Paid seats of the party nobody has claimed yet: how many friends the invite link can still bring. */
  partySpotsLeft: number;
  /** The price the booking was made with: which activity of the date was booked. */
  bookedPriceId: string;
  /** Where the party meets, in words: the meeting point set for the date, else its kind's meeting area. */
  meetingPoint: string;
}

/** The bookings this user belongs to (as booker or invited friend), by date id. */
export async function partiesOf(db: Queryable, uid: string): Promise<Map<string, PartyView>> {
  const rows = await db.query<{
    id: string;
    date_id: string;
    invite_code: string;
    party_size: number;
    spots_left: number;
    price_id: string;
    calendar: CalendarName;
    meeting_trailhead: string | null;
    meets_at: Date | string | null;
  }>(
    `select b.id, b.date_id, b.invite_code, b.party_size, b.price_id, d.calendar, d.meeting_trailhead, d.meets_at,
            ${partySpotsLeftSql('b')} as spots_left
       from booking_members m join bookings b on b.id = m.booking_id join calendar_dates d on d.id = b.date_id
      where m.user_id = $1 and b.status = 'paid' and b.invite_code is not null and ${shownToCustomer('b', '$1')}
      order by b.paid_at, b.id`,
    [uid],
  );
  return new Map(
    rows.map((row) => [
      row.date_id,
      {
        bookingId: row.id,
        inviteCode: row.invite_code,
        partySeats: row.party_size,
        partySpotsLeft: row.spots_left,
        bookedPriceId: row.price_id,
        meetingPoint: meetingPointWords(meetingPointOf(row), row.calendar),
      },
    ]),
  );
}
