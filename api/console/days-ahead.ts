/**
 * The console's first view: every offered date from the start of a Kamas day (today unless another
 * is asked for) through the days after it, with its seats (paid, held, free) and each paid party
 * with its members' readiness, so an operator sees at a glance who is not ready for tomorrow. A date
 * called off stays in view with its parties whose payers have yet to choose, and by when; days with
 * no party at all point to the next day that has one.
 */
import type { Queryable } from '../db/client.ts';
import { DATE_COLUMNS, guideDate, type DateRow } from '../roster/roster.ts';
import { denverDay, denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';
import { iso } from '../db/instant.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { OpsDate, OpsDays } from '../../shared/contract/ops-answers.ts';
import { membersOf } from './members.ts';
import { clockNow } from '../clock.ts';

/** How far ahead the console looks by default, and at most. */
export const DAYS_AHEAD = 7;
export const MAX_DAYS_AHEAD = 62;

/** The dates the console shows: those offered, and those called off (whose payers are choosing). */
const SHOWN_DATE = `(d.active or d.called_off_at is not null)`;

interface PartyRow {
  id: string;
  date_id: string;
  user_id: string;
  party_size: number;
  starts_at: Date | string;
  payer_name: string | null;
  payer_email: string | null;
  notes: number;
  /** Set while the booking is on a called-off date and its payer has not chosen. */
  choose_by: Date | string | null;
}

export async function daysAhead(
  db: Queryable,
  { fromDay, days }: { fromDay?: string | undefined; days: number },
  waiverVersion: string,
  now = clockNow(),
): Promise<OpsDays> {
  const today = denverDay(now);
  const first = fromDay ?? today;
  const through = denverDayPlus(first, days);
  const from = denverInstant(first);
  const until = denverInstant(denverDayPlus(through, 1));
  const dateRows = await db.query<DateRow & { called_off: boolean } & Record<string, unknown>>(
    `select ${DATE_COLUMNS}, d.called_off_at is not null as called_off
       from calendar_dates d join products p on p.id = d.product_id
      where ${SHOWN_DATE} and d.starts_at >= $1 and d.starts_at < $2 order by d.starts_at, d.id`,
    [from, until],
  );
  const partyRows = await db.query<PartyRow & Record<string, unknown>>(
    `select b.id, b.date_id, b.user_id, b.party_size, d.starts_at, u.display_name as payer_name, u.email as payer_email,
            (select count(*)::int from booking_notes n where n.booking_id = b.id) as notes, c.choose_by
       from bookings b join calendar_dates d on d.id = b.date_id join users u on u.uid = b.user_id
       left join called_off_bookings c on c.booking_id = b.id and c.date_id = b.date_id and c.choice is null
      where b.status = 'paid' and ${SHOWN_DATE} and d.starts_at >= $1 and d.starts_at < $2
      order by b.paid_at, b.id`,
    [from, until],
  );
  const members = await membersOf(
    db,
    partyRows.map((row) => ({ id: row.id, booker: row.user_id, partySize: row.party_size, startsAt: new Date(row.starts_at) })),
    waiverVersion,
    now,
  );
  const dates = dateRows.map((row): OpsDate => ({
    ...guideDate(row),
    startsAt: new Date(row.seconds * 1000).toISOString(),
    calledOff: row.called_off,
    parties: partyRows
      .filter((party) => party.date_id === row.id)
      .map((party) => ({
        bookingId: party.id,
        payer: memberName(party.payer_name, party.payer_email),
        partySize: party.party_size,
        notes: party.notes,
        ...(members.get(party.id) ?? { members: [], openSpots: party.party_size }),
        ...(party.choose_by === null ? {} : { awaitingChoice: { chooseBy: iso(party.choose_by) } }),
      })),
  }));
  const nextBookedDay = partyRows.length > 0 ? null : await firstBookedDayFrom(db, until);
  return { today, from: first, through, dates, nextBookedDay };
}

/** The Kamas day of the first shown date from `from` on that has a paid party; null when none has. */
async function firstBookedDayFrom(db: Queryable, from: Date): Promise<string | null> {
  const [next] = await db.query<{ starts_at: Date | string }>(
    `select d.starts_at from bookings b join calendar_dates d on d.id = b.date_id
      where b.status = 'paid' and ${SHOWN_DATE} and d.starts_at >= $1
      order by d.starts_at limit 1`,
    [from],
  );
  return next ? denverDay(new Date(next.starts_at)) : null;
}
