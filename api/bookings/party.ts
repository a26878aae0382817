/**
 * The party of a booking, for its members only: who is in it (the booker first, then friends in the
 * order they joined), whether each has done the safety survey and signed the current waiver, and the
 * paid seats nobody has claimed. Nothing else about a member leaves the database.
 */
import type { Queryable } from '../db/client.ts';
import type { Party } from '../../shared/contract/answers.ts';
import { memberName, surveyState, waiverState } from '../../shared/rules/party.ts';
import type { Survey } from '../../shared/contract/requests.ts';
import { cancellationTerms, policyOf } from '../../shared/rules/cancellation-policy.ts';
import { partySpotsLeft } from '../../shared/rules/seat-rules.ts';
import { shownToCustomer } from './address-owner.ts';
import { iso } from '../db/instant.ts';
import { clockNow } from '../clock.ts';

export interface BookingRow {
  id: string;
  booker: string;
  party_size: number;
  starts_at: string | Date;
}

interface MemberRow {
  user_id: string;
  display_name: string | null;
  email: string | null;
  survey: Survey | null;
  version: string | null;
  covers_until: string | Date | null;
}

/**
 * The party of the caller's paid booking on `dateId` (the latest paid when there are several, as the
 * calendars pick it), or null when the caller is no member of one.
 */
export async function partyOf(
  db: Queryable,
  uid: string,
  dateId: string,
  waiverVersion: string,
  now: Date = clockNow(),
): Promise<Party | null> {
  const [booking] = await db.query<
    BookingRow & { amount: number; currency: string; title: string; policy_version: string | null; called_off: boolean } & Record<
        string,
        unknown
      >
  >(
    `select b.id, b.user_id as booker, b.party_size, d.starts_at, b.amount, b.currency, p.nickname as title, b.policy_version,
            d.called_off_at is not null as called_off
       from booking_members m join bookings b on b.id = m.booking_id join calendar_dates d on d.id = b.date_id
       join prices p on p.id = b.price_id
      where m.user_id = $1 and b.date_id = $2 and b.status = 'paid' and b.invite_code is not null and ${shownToCustomer('b', '$1')}
      order by b.paid_at desc, b.id desc
      limit 1`,
    [uid, dateId],
  );
  if (!booking) return null;
  const youPaid = booking.booker === uid;
  // The payer may change the date while the policy allows it (a called-off date offers its own choice).
  const canChangeDate =
    youPaid &&
    !booking.called_off &&
    cancellationTerms(policyOf(booking.policy_version), booking.amount, new Date(booking.starts_at), now).canMove;
  return {
    dateId,
    bookingId: booking.id,
    title: booking.title,
    startsAt: iso(booking.starts_at),
    youPaid,
    // What was paid is the payer's to read; a friend in the party is not told.
    paid: youPaid ? { amount: booking.amount, currency: booking.currency } : null,
    canChangeDate,
    ...(await bookingParty(db, booking, uid, waiverVersion, now)),
  };
}

/**
 * The members of one booking, the friends on their way to joining it, and its open spots, as
 * `viewerUid` sees them (their own row marked `you`).
 */
export async function bookingParty(
  db: Queryable,
  booking: BookingRow,
  viewerUid: string,
  waiverVersion: string,
  now: Date = clockNow(),
): Promise<Pick<Party, 'members' | 'joining' | 'openSpots'>> {
  const rows = await db.query<MemberRow & Record<string, unknown>>(
    `select m.user_id, u.display_name, u.email, u.survey, w.version, w.covers_until
       from booking_members m
       join users u on u.uid = m.user_id
       left join lateral (select x.version, x.covers_until from waiver_signatures x where x.user_id = m.user_id
                           order by x.signed_at desc, x.id desc limit 1) w on true
      where m.booking_id = $1
      order by (m.user_id = $2) desc, m.joined_at, m.user_id`,
    [booking.id, booking.booker],
  );
  const members = rows.map((row) => ({
    name: memberName(row.display_name, row.email),
    you: row.user_id === viewerUid,
    survey: surveyState(row.survey),
    waiver: waiverState(
      row.version && row.covers_until ? { version: row.version, coversUntil: new Date(row.covers_until) } : null,
      waiverVersion,
      new Date(booking.starts_at),
      now,
    ),
  }));
  const openSpots = partySpotsLeft(booking.party_size, rows.length);
  const joining = await db.query<{ display_name: string | null; email: string | null }>(
    `select u.display_name, u.email from party_joining j join users u on u.uid = j.user_id
      where j.booking_id = $1
        and not exists (select 1 from booking_members m where m.booking_id = j.booking_id and m.user_id = j.user_id)
      order by j.started_at, j.user_id
      limit $2`,
    [booking.id, openSpots],
  );
  return { members, joining: joining.map((row) => memberName(row.display_name, row.email)), openSpots };
}
