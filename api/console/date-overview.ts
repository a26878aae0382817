/**
 * One date in the console, its manifest: its seats and who is on it (each paid party with its
 * payer, members and their readiness and contacts, what was paid and how, and the notes for the
 * guides), where its party meets, shown before an operator books it for a customer, changes its capacity, withdraws it or
 * calls it off; and calling it off, the same action as `npm run date:call-off`, recorded in its own
 * transaction.
 */
import type { Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { OpsDateOverview } from '../../shared/contract/ops-answers.ts';
import { DATE_COLUMNS, guideDate, type DateRow } from '../roster/roster.ts';
import { membersOf } from './members.ts';
import { iso } from '../db/instant.ts';
import { heldSignaturesOf } from '../trailhead/held-signatures.ts';
import { tripEventRefusalsOf, tripEventsOf } from '../trailhead/trip-sheet.ts';
import { meetingPointOf, meetingPointWords } from '../../shared/rules/meeting-point.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import { clockNow } from '../clock.ts';

export const DATE_NOT_FOUND = 'Date not found';

interface PartyRow {
  id: string;
  user_id: string;
  display_name: string | null;
  email: string | null;
  party_size: number;
  members: number;
  amount: number;
  paid_by: OpsDateOverview['parties'][number]['paidBy'] | null;
}

export async function dateOverview(db: Queryable, dateId: string, waiverVersion: string, now = clockNow()): Promise<OpsDateOverview> {
  const [date] = await db.query<
    DateRow & {
      starts_at: Date | string;
      active: boolean;
      called_off_at: Date | string | null;
      meeting_trailhead: string | null;
      meets_at: Date | string | null;
    } & Record<string, unknown>
  >(
    `select ${DATE_COLUMNS}, d.starts_at, d.active, d.called_off_at, d.meeting_trailhead, d.meets_at
       from calendar_dates d join products p on p.id = d.product_id where d.id = $1`,
    [dateId],
  );
  if (!date) throw new DomainError('not-found', DATE_NOT_FOUND);
  const parties = await db.query<PartyRow & Record<string, unknown>>(
    `select b.id, b.user_id, u.display_name, u.email, b.party_size, b.amount, b.paid_by,
            (select count(*)::int from booking_members m where m.booking_id = b.id) as members
       from bookings b join users u on u.uid = b.user_id
      where b.date_id = $1 and b.status = 'paid' order by b.paid_at, b.id`,
    [dateId],
  );
  const startsAt = new Date(date.starts_at);
  const meeting = meetingPointOf(date);
  const rosters = await membersOf(
    db,
    parties.map((party) => ({ id: party.id, booker: party.user_id, partySize: party.party_size, startsAt })),
    waiverVersion,
    now,
  );
  const notes = await db.query<{ booking_id: string; note: string; author_email: string | null; created_at: Date | string }>(
    `select n.booking_id, n.note, n.author_email, n.created_at from booking_notes n join bookings b on b.id = n.booking_id
      where b.date_id = $1 and b.status = 'paid' order by n.created_at, n.id`,
    [dateId],
  );
  const prices = await db.query<{ id: string; nickname: string; unit_amount: number }>(
    `select pr.id, pr.nickname, pr.unit_amount from prices pr join calendar_dates d on d.product_id = pr.product_id
      where d.id = $1 and pr.active and (d.price_id is null or pr.id = d.price_id) order by pr.sort, pr.id`,
    [dateId],
  );
  return {
    ...guideDate(date),
    startsAt: iso(date.starts_at),
    active: date.active,
    started: new Date(date.starts_at).getTime() <= clockNow().getTime(),
    calledOff: date.called_off_at !== null,
    parties: parties.map((party) => ({
      bookingId: party.id,
      payer: memberName(party.display_name, party.email),
      payerEmail: party.email,
      partySize: party.party_size,
      members: party.members,
      amount: party.amount,
      paidBy: party.paid_by ?? 'card',
      roster: rosters.get(party.id)?.members ?? [],
      openSpots: rosters.get(party.id)?.openSpots ?? party.party_size,
      notes: notes
        .filter((note) => note.booking_id === party.id)
        .map((note) => ({ note: note.note, author: note.author_email, at: iso(note.created_at) })),
    })),
    prices: prices.map((price) => ({ id: price.id, nickname: price.nickname, unitAmount: price.unit_amount })),
    tripEvents: await tripEventsOf(db, dateId),
    tripEventRefusals: await tripEventRefusalsOf(db, dateId),
    heldSignatures: await heldSignaturesOf(db, dateId),
    meetingPoint: meeting ? { trailhead: meeting.trailhead, meetsAt: meeting.meetsAt.toISOString() } : null,
    meetingWords: meetingPointWords(meeting, date.calendar as CalendarName),
  };
}
