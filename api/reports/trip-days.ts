/**
 * A season's trip days as the actual use report counts them: each date of the season on the Kamas
 * calendar, its activity and where it met, whether the permit's settings put it on National Forest
 * land, who had a paid seat, and what the guides' phones recorded of each of them.
 */
import type { Queryable } from '../db/client.ts';
import { checkIns, type CheckInEvent, type TripEventKind } from '../../shared/rules/check-in.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { CheckInMark, TripDay, TripSeat } from '../../shared/rules/actual-use.ts';
import { placeOf, type PermitPlaces } from './permit-settings.ts';

interface DateRow {
  id: string;
  day: string;
  product_id: string;
  activity: string;
  meeting_trailhead: string | null;
  called_off: boolean;
}

/** A member of a party: uid, name and e-mail. */
type Member = [string, string | null, string | null];

interface PartyRow {
  date_id: string;
  booking_id: string;
  party_size: number;
  lead: string | null;
  members: Member[] | string;
}

interface EventRow {
  id: string;
  date_id: string;
  kind: TripEventKind;
  booking_id: string;
  user_id: string;
  device_at: Date | string;
  by_name: string;
  undoes: string | null;
}

/** The trip days whose Kamas day is from `first` to `last` (inclusive, 'YYYY-MM-DD'). */
export async function tripDaysBetween(db: Queryable, first: string, last: string, places: PermitPlaces): Promise<TripDay[]> {
  const dates = await db.query<DateRow & Record<string, unknown>>(
    `select d.id, to_char(d.starts_at at time zone 'America/Denver', 'YYYY-MM-DD') as day, d.product_id, p.name as activity,
            d.meeting_trailhead, d.called_off_at is not null as called_off
       from calendar_dates d join products p on p.id = d.product_id
      where d.starts_at >= ($1::date)::timestamp at time zone 'America/Denver'
        and d.starts_at < ($2::date + 1)::timestamp at time zone 'America/Denver'
      order by d.starts_at, d.id`,
    [first, last],
  );
  if (dates.length === 0) return [];
  const ids = dates.map((date) => date.id);
  // A date's seats are its paid bookings' (a called-off date's, those the call-off reached, wherever they went
  // since): each member who joined is one, and the seats nobody has joined yet are the lead's guests.
  const [parties, events] = await Promise.all([
    db.query<PartyRow & Record<string, unknown>>(
      `with seated as (
         select b.id, b.date_id as trip_date, b.party_size, b.user_id, b.paid_at from bookings b
          where b.date_id = any($1::text[]) and b.status = 'paid'
         union
         select b.id, c.date_id, b.party_size, b.user_id, b.paid_at from called_off_bookings c join bookings b on b.id = c.booking_id
          where c.date_id = any($1::text[]))
       select s.trip_date as date_id, s.id as booking_id, s.party_size, coalesce(lead.display_name, lead.email) as lead,
              coalesce(json_agg(json_build_array(u.uid, u.display_name, u.email) order by (m.user_id = s.user_id) desc, m.joined_at, m.user_id)
                         filter (where u.uid is not null), '[]') as members
         from seated s join users lead on lead.uid = s.user_id
         left join booking_members m on m.booking_id = s.id left join users u on u.uid = m.user_id
        group by s.trip_date, s.id, s.party_size, s.paid_at, s.user_id, lead.display_name, lead.email
        order by s.paid_at, s.id`,
      [ids],
    ),
    db.query<EventRow & Record<string, unknown>>(
      `select e.id, e.date_id, e.kind, e.booking_id, e.user_id, e.device_at, e.by_name, e.undoes
         from trip_events e where e.date_id = any($1::text[]) and e.kind in ('here', 'no-show', 'undo')
        order by e.device_at, e.id`,
      [ids],
    ),
  ]);
  const seatsOf = new Map<string, TripSeat[]>();
  for (const party of parties) {
    const members = typeof party.members === 'string' ? (JSON.parse(party.members) as Member[]) : party.members;
    const seats = seatsOf.get(party.date_id) ?? [];
    seatsOf.set(party.date_id, seats);
    for (const [uid, displayName, email] of members) seats.push({ bookingId: party.booking_id, uid, name: memberName(displayName, email) });
    for (let guest = 1; guest <= party.party_size - members.length; guest += 1) {
      seats.push({ bookingId: party.booking_id, uid: `${party.booking_id}#${guest}`, name: `Guest of ${party.lead ?? 'the lead'}` });
    }
  }
  const eventsOf = groupBy(events, (event) => event.date_id);
  return dates.map((date) => {
    const place = placeOf(places, date.product_id, date.meeting_trailhead);
    return {
      dateId: date.id,
      day: date.day,
      activity: date.activity,
      location: place.location,
      onForestLand: place.onForestLand,
      calledOff: date.called_off,
      seats: seatsOf.get(date.id) ?? [],
      marks: marksOf(eventsOf.get(date.id) ?? []),
    };
  });
}

function marksOf(events: readonly EventRow[]): Map<string, CheckInMark> {
  const merged = checkIns(
    events.map((event): CheckInEvent => ({
      id: event.id,
      kind: event.kind,
      bookingId: event.booking_id,
      uid: event.user_id,
      at: new Date(event.device_at).toISOString(),
      by: event.by_name,
      undoes: event.undoes,
    })),
  );
  const marks = new Map<string, CheckInMark>();
  for (const [key, member] of merged) if (member.status) marks.set(key, member.status);
  return marks;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}
