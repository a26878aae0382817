/** A member's trailhead pass, as the console looks it up by the code its QR code holds. */
import type { Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { Pass } from '../../shared/contract/trailhead.ts';

export const UNKNOWN_PASS = 'No seat has that pass.';

/** Whose seat the pass is for; refuses a code no seat has. */
export async function passOf(db: Queryable, code: string): Promise<Pass> {
  const [row] = await db.query<{ booking_id: string; date_id: string; uid: string; display_name: string | null; email: string | null }>(
    `select m.booking_id, b.date_id, u.uid, u.display_name, u.email
       from booking_members m join bookings b on b.id = m.booking_id join users u on u.uid = m.user_id
      where m.pass_code = $1`,
    [code],
  );
  if (!row) throw new DomainError('not-found', UNKNOWN_PASS);
  return { bookingId: row.booking_id, dateId: row.date_id, uid: row.uid, name: memberName(row.display_name, row.email) };
}
