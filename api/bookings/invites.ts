/** Joining a party by its invite code, while the booking's paid seats last. */
import type { Db } from '../db/client.ts';
import type { Caller } from '../identity.ts';
import { HttpError } from '../http.ts';
import { enqueueMemberJoined } from '../mail/outbox.ts';
import { ensureUser } from '../users/store.ts';
import { partySpotsLeft } from '../../src/lib/seat-rules.ts';

export async function joinByInvite(
  db: Db,
  caller: Caller,
  inviteCode: string,
): Promise<{ bookingId: string; dateId: string; joined: boolean }> {
  await ensureUser(db, caller);
  return db.transaction(async (tx) => {
    const [booking] = await tx.query<{ id: string; date_id: string; party_size: number }>(
      `select id, date_id, party_size from bookings where invite_code = $1 and status = 'paid' for update`,
      [inviteCode],
    );
    if (!booking) throw new HttpError(404, 'Failed to validate invite: invite code not found');
    const members = await tx.query<{ user_id: string }>(`select user_id from booking_members where booking_id = $1`, [booking.id]);
    const result = { bookingId: booking.id, dateId: booking.date_id };
    if (members.some((member) => member.user_id === caller.uid)) return { ...result, joined: false };
    if (partySpotsLeft(booking.party_size, members.length) === 0) {
      throw new HttpError(409, 'Failed to validate invite: no spots are left in this party');
    }
    await tx.query(`insert into booking_members (booking_id, user_id) values ($1, $2)`, [booking.id, caller.uid]);
    await enqueueMemberJoined(tx, booking.id, caller.uid);
    return { ...result, joined: true };
  });
}
