/**
 * A customer's own trailhead passes: one for each seat of theirs on a paid booking whose trip is still
 * ahead or under way, on a date not called off. Each names the member, the trip, where it meets and
 * what to bring, and carries the seat's pass code; nobody else's code is ever in it.
 */
import type { Queryable } from '../db/client.ts';
import { iso } from '../db/instant.ts';
import { durationHours, tripEndsAt } from '../../shared/company/meeting-area.ts';
import { meetingPointOf, meetingPointWords } from '../../shared/rules/meeting-point.ts';
import { gearFor } from '../../shared/company/gear.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import type { TrailheadPass } from '../../shared/contract/trailhead.ts';
import { shownToCustomer } from '../bookings/address-owner.ts';
import { clockNow } from '../clock.ts';

interface PassRow {
  date_id: string;
  booking_id: string;
  pass_code: string;
  display_name: string | null;
  email: string | null;
  title: string;
  calendar: CalendarName;
  starts_at: string | Date;
  meeting_trailhead: string | null;
  meets_at: string | Date | null;
}

const LONGEST_DAY_HOURS = Math.max(durationHours('winter-classes'), durationHours('winter-day-tours'));

export async function passesOf(db: Queryable, uid: string, now = clockNow()): Promise<TrailheadPass[]> {
  const rows = await db.query<PassRow & Record<string, unknown>>(
    `select b.date_id, b.id as booking_id, m.pass_code, u.display_name, u.email, p.nickname as title, d.calendar, d.starts_at, d.meeting_trailhead, d.meets_at
       from booking_members m join bookings b on b.id = m.booking_id join calendar_dates d on d.id = b.date_id
       join prices p on p.id = b.price_id join users u on u.uid = m.user_id
      where m.user_id = $1 and b.status = 'paid' and d.called_off_at is null and ${shownToCustomer('b', '$1')}
        and d.starts_at > $2::timestamptz - make_interval(hours => $3)
      order by d.starts_at, b.id`,
    [uid, now.toISOString(), LONGEST_DAY_HOURS],
  );
  return rows
    .filter((row) => tripEndsAt(new Date(row.starts_at).getTime(), row.calendar) > now.getTime())
    .map((row) => ({
      dateId: row.date_id,
      bookingId: row.booking_id,
      code: row.pass_code,
      name: memberName(row.display_name, row.email),
      title: row.title,
      calendar: row.calendar,
      startsAt: iso(row.starts_at),
      meetingPoint: meetingPointWords(meetingPointOf(row), row.calendar),
      bring: gearFor({ calendar: row.calendar, title: row.title }),
    }));
}
