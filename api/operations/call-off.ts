/**
 * Calling off a date from the console: first who is affected (each paid party, its payer and size),
 * then the same action as `npm run date:call-off`, recorded in its own transaction.
 */
import type { Db, Queryable } from '../db/client.ts';
import { HttpError } from '../http.ts';
import type { Caller } from '../identity.ts';
import { callOffDate, type CallOffResult } from '../bookings/call-off.ts';
import { memberName } from '../../src/lib/party.ts';
import type { OpsCallOffPreview } from '../../src/lib/api/ops-types.ts';
import { recordAction } from './record.ts';

export const DATE_NOT_FOUND = 'Date not found';

export async function callOffPreview(db: Queryable, dateId: string): Promise<OpsCallOffPreview> {
  const [date] = await db.query<{ id: string; starts_at: Date | string; product_name: string; called_off_at: Date | string | null }>(
    `select d.id, d.starts_at, p.name as product_name, d.called_off_at from calendar_dates d join products p on p.id = d.product_id where d.id = $1`,
    [dateId],
  );
  if (!date) throw new HttpError(404, DATE_NOT_FOUND);
  const parties = await db.query<{ id: string; display_name: string | null; email: string | null; party_size: number; members: number }>(
    `select b.id, u.display_name, u.email, b.party_size,
            (select count(*)::int from booking_members m where m.booking_id = b.id) as members
       from bookings b join users u on u.uid = b.user_id
      where b.date_id = $1 and b.status = 'paid' order by b.paid_at, b.id`,
    [dateId],
  );
  return {
    dateId,
    startsAt: new Date(date.starts_at).toISOString(),
    productName: date.product_name,
    calledOff: date.called_off_at !== null,
    parties: parties.map((party) => ({
      bookingId: party.id,
      payer: memberName(party.display_name, party.email),
      payerEmail: party.email,
      partySize: party.party_size,
      members: party.members,
    })),
  };
}

export async function callOffFromConsole(db: Db, operator: Caller, dateId: string, reason: string): Promise<CallOffResult> {
  return callOffDate(db, dateId, reason, new Date(), (tx, result) =>
    recordAction(tx, operator, {
      action: 'call off date',
      subject: `date ${dateId}`,
      dateId,
      reason,
      before: { active: true },
      after: { active: false, calledOff: true, bookings: result.bookings },
    }),
  );
}
