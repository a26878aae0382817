/**
 * The members of paid bookings as an operator sees them: each one's readiness for the trip (the
 * safety survey, and a waiver of the current text that covers the date) and how to reach them.
 * Survey answers and medical notes stay with the guides' roster.
 */
import type { Queryable } from '../db/client.ts';
import { memberName, surveyState, waiverState } from '../../shared/rules/party.ts';
import type { Survey } from '../../shared/contract/requests.ts';
import { partySpotsLeft } from '../../shared/rules/seat-rules.ts';
import type { OpsMember } from '../../shared/contract/ops-answers.ts';
import { clockNow } from '../clock.ts';

export interface BookingOnDate {
  id: string;
  booker: string;
  partySize: number;
  startsAt: Date;
}

interface MemberRow {
  booking_id: string;
  user_id: string;
  display_name: string | null;
  email: string | null;
  phone_number: string | null;
  survey: Survey | null;
  version: string | null;
  covers_until: string | Date | null;
}

/** The members of each booking (the payer first, then friends in the order they joined) and its unclaimed seats. */
export async function membersOf(
  db: Queryable,
  bookings: readonly BookingOnDate[],
  waiverVersion: string,
  now = clockNow(),
): Promise<Map<string, { members: OpsMember[]; openSpots: number }>> {
  const parties = new Map<string, { members: OpsMember[]; openSpots: number }>();
  if (bookings.length === 0) return parties;
  const rows = await db.query<MemberRow & Record<string, unknown>>(
    `select m.booking_id, m.user_id, u.display_name, u.email, u.phone_number, u.survey, w.version, w.covers_until
       from booking_members m
       join bookings b on b.id = m.booking_id
       join users u on u.uid = m.user_id
       left join lateral (select x.version, x.covers_until from waiver_signatures x where x.user_id = m.user_id
                           order by x.signed_at desc, x.id desc limit 1) w on true
      where m.booking_id = any($1::text[])
      order by m.booking_id, (m.user_id = b.user_id) desc, m.joined_at, m.user_id`,
    [bookings.map((booking) => booking.id)],
  );
  for (const booking of bookings) {
    const members = rows
      .filter((row) => row.booking_id === booking.id)
      .map((row): OpsMember => ({
        uid: row.user_id,
        name: memberName(row.display_name, row.email),
        email: row.email,
        phoneNumber: row.phone_number,
        role: row.user_id === booking.booker ? 'booked' : 'invited',
        survey: surveyState(row.survey),
        waiver: waiverState(
          row.version && row.covers_until ? { version: row.version, coversUntil: new Date(row.covers_until) } : null,
          waiverVersion,
          booking.startsAt,
          now,
        ),
      }));
    parties.set(booking.id, { members, openSpots: partySpotsLeft(booking.partySize, members.length) });
  }
  return parties;
}
