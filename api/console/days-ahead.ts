/**
 * The console's first view: every offered date from the start of a Kamas day (today unless another
 * is asked for) through the days after it, with its seats (paid, held, free) and each paid party
 * with its members' readiness, so an operator sees at a glance who is not ready for tomorrow.
 */
import type { Queryable } from '../db/client.ts';
import { DATE_COLUMNS, guideDate, type DateRow } from '../roster/roster.ts';
import { denverDay, denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { OpsDate, OpsDays } from '../../shared/contract/ops-answers.ts';
import { membersOf } from './members.ts';

/** How far ahead the console looks by default, and at most. */
export const DAYS_AHEAD = 7;
export const MAX_DAYS_AHEAD = 62;

interface PartyRow {
  id: string;
  date_id: string;
  user_id: string;
  party_size: number;
  starts_at: Date | string;
  payer_name: string | null;
  payer_email: string | null;
  notes: number;
}

export async function daysAhead(
  db: Queryable,
  { fromDay, days }: { fromDay?: string | undefined; days: number },
  waiverVersion: string,
  now = new Date(),
): Promise<OpsDays> {
  const today = denverDay(now);
  const first = fromDay ?? today;
  const through = denverDayPlus(first, days);
  const from = denverInstant(first);
  const until = denverInstant(denverDayPlus(through, 1));
  const dateRows = await db.query<DateRow & { called_off: boolean } & Record<string, unknown>>(
    `select ${DATE_COLUMNS}, d.called_off_at is not null as called_off
       from calendar_dates d join products p on p.id = d.product_id
      where d.active and d.starts_at >= $1 and d.starts_at < $2 order by d.starts_at, d.id`,
    [from, until],
  );
  const partyRows = await db.query<PartyRow & Record<string, unknown>>(
    `select b.id, b.date_id, b.user_id, b.party_size, d.starts_at, u.display_name as payer_name, u.email as payer_email,
            (select count(*)::int from booking_notes n where n.booking_id = b.id) as notes
       from bookings b join calendar_dates d on d.id = b.date_id join users u on u.uid = b.user_id
      where b.status = 'paid' and d.active and d.starts_at >= $1 and d.starts_at < $2
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
      })),
  }));
  return { today, from: first, through, dates };
}
