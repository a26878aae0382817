/**
 * The guides' roster: the upcoming dates with their paid, held and free seats, and everyone on one date with what a
 * guide needs before the trailhead. Reading a roster records the read first (it shows medical data),
 * in the same transaction, so no answer leaves without its record.
 */
import type { Db, Queryable } from '../db/client.ts';
import type { Caller } from '../identity.ts';
import { seatsLeft } from '../../shared/rules/seat-rules.ts';
import { LIVE_HOLD_SQL, seatSumSql } from '../bookings/seat-sql.ts';
import { LATEST_WAIVER_JOIN, WAIVER_STATUS_COLUMNS, waiverStatus } from '../users/waivers.ts';
import type { GuideDate, Roster, RosterParticipant, RosterRead } from '../../shared/contract/answers.ts';
import type { Survey } from '../../shared/contract/requests.ts';
import { iso } from '../db/instant.ts';
import { clockNow } from '../clock.ts';

export interface DateRow {
  id: string;
  seconds: number;
  calendar: string;
  product_name: string;
  activity: string;
  capacity: number;
  taken: number;
  held: number;
}

/**
 * A date's columns as guides and operators read them (from `calendar_dates d join products p`). Its
 * activity: the date's own title, else its price's name (a class), else what its paid bookings booked
 * (a day tour), else the product's name.
 */
export const DATE_COLUMNS = `d.id, extract(epoch from d.starts_at)::float8 as seconds, d.calendar, p.name as product_name,
  coalesce(d.title, (select pr.nickname from prices pr where pr.id = d.price_id),
           (select string_agg(distinct bp.nickname, ', ') from bookings bb join prices bp on bp.id = bb.price_id
             where bb.date_id = d.id and bb.status = 'paid' and bb.moves_booking is null),
           p.name) as activity,
  d.capacity, ${seatSumSql('d.id', `status = 'paid'`)} as taken, ${seatSumSql('d.id', LIVE_HOLD_SQL)} as held`;

export function guideDate(row: DateRow): GuideDate {
  const seconds = Math.floor(row.seconds);
  return {
    id: row.id,
    date: { _seconds: seconds, _nanoseconds: Math.round((row.seconds - seconds) * 1e9) },
    calendar: row.calendar,
    productName: row.product_name,
    activity: row.activity,
    capacity: row.capacity,
    taken: row.taken,
    held: row.held,
    // What a customer could still book: paid seats and live holds both count, as at checkout.
    free: seatsLeft(row, row.taken + row.held),
  };
}

/** Every offered date of the three calendars that has not started yet, soonest first. */
export async function upcomingDates(db: Queryable): Promise<GuideDate[]> {
  const rows = await db.query<DateRow & Record<string, unknown>>(
    `select ${DATE_COLUMNS} from calendar_dates d join products p on p.id = d.product_id
      where d.active and d.starts_at > app_now() order by d.starts_at, d.id`,
  );
  return rows.map(guideDate);
}

interface ParticipantRow {
  uid: string;
  email: string | null;
  display_name: string | null;
  phone_number: string | null;
  survey: Survey | string | null;
  booking_id: string;
  booker_uid: string;
  booker_name: string | null;
  booker_email: string | null;
  id: string | null;
  version: string;
  sha256: string;
  signed_at: string;
  covers_until: string;
}

/**
 * The roster of one date (any date, past ones too), recorded as read by `guide` in `format`; null for
 * an unknown date. Participants are every member of every paid booking: each booker, then the friends
 * who joined by invite in the order they joined.
 */
export async function readRoster(
  db: Db,
  dateId: string,
  guide: Caller,
  currentWaiverVersion: string,
  format = 'json',
): Promise<Roster | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<DateRow & Record<string, unknown>>(
      `select ${DATE_COLUMNS} from calendar_dates d join products p on p.id = d.product_id where d.id = $1`,
      [dateId],
    );
    if (!row) return null;
    await tx.query(`insert into roster_reads (guide_uid, guide_email, date_id, format) values ($1, $2, $3, $4)`, [
      guide.uid,
      guide.email,
      dateId,
      format,
    ]);
    const date = guideDate(row);
    // A waiver must still count when the party meets, not only today.
    const judgedAt = Math.max(clockNow().getTime(), date.date._seconds * 1000);
    const rows = await tx.query<ParticipantRow & Record<string, unknown>>(
      `select u.uid, u.email, u.display_name, u.phone_number, u.survey, b.id as booking_id,
              b.user_id as booker_uid, bu.display_name as booker_name, bu.email as booker_email,
              ${WAIVER_STATUS_COLUMNS}
         from bookings b
         join booking_members m on m.booking_id = b.id
         join users u on u.uid = m.user_id
         join users bu on bu.uid = b.user_id
         ${LATEST_WAIVER_JOIN}
        where b.date_id = $1 and b.status = 'paid'
        order by b.paid_at, b.id, (m.user_id = b.user_id) desc, m.joined_at, m.user_id`,
      [dateId],
    );
    return { date, participants: rows.map((participant) => toParticipant(participant, currentWaiverVersion, judgedAt)) };
  });
}

function toParticipant(row: ParticipantRow, currentWaiverVersion: string, judgedAt: number): RosterParticipant {
  const booked = row.uid === row.booker_uid;
  return {
    uid: row.uid,
    name: row.display_name,
    email: row.email,
    phoneNumber: row.phone_number,
    survey: typeof row.survey === 'string' ? (JSON.parse(row.survey) as Survey) : row.survey,
    waiver: row.id ? waiverStatus({ ...row, id: row.id }, currentWaiverVersion, judgedAt) : null,
    bookingId: row.booking_id,
    role: booked ? 'booked' : 'invited',
    invitedBy: booked ? null : { uid: row.booker_uid, name: row.booker_name, email: row.booker_email },
  };
}

/** The latest roster reads, newest first. */
export async function listRosterReads(db: Queryable, limit: number): Promise<RosterRead[]> {
  const rows = await db.query<{ guide_uid: string; guide_email: string | null; date_id: string; format: string; read_at: string | Date }>(
    `select guide_uid, guide_email, date_id, format, read_at from roster_reads order by read_at desc, id desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    guideUid: row.guide_uid,
    guideEmail: row.guide_email,
    dateId: row.date_id,
    format: row.format,
    readAt: iso(row.read_at),
  }));
}
