/** An invite link: what it is for, and joining a party by its invite code while the booking's paid seats last. */
import type { AfterCommit } from '../commit-effects.ts';
import type { Db } from '../db/client.ts';
import type { Caller } from '../identity.ts';
import { DomainError } from '../domain-error.ts';
import { ensureUser } from '../users/store.ts';
import { announce } from './facts.ts';
import { mergeAfter } from '../commit-effects.ts';
import { partySpotsLeft } from '../../shared/rules/seat-rules.ts';
import { firstName, type Invitation } from '../../shared/rules/party.ts';
import type { Queryable } from '../db/client.ts';
import { iso } from '../db/instant.ts';

export const INVITE_NOT_FOUND = 'Failed to validate invite: invite code not found';

/** What the invite code is for (the trip, its start, the payer's first name, the open spots); 404 for a code of no paid booking. */
export async function invitation(db: Queryable, inviteCode: string): Promise<Invitation> {
  const [row] = await db.query<{
    title: string;
    starts_at: Date | string;
    display_name: string | null;
    party_size: number;
    members: number;
  }>(
    `select p.nickname as title, d.starts_at, u.display_name, b.party_size,
            (select count(*)::int from booking_members m where m.booking_id = b.id) as members
       from bookings b join calendar_dates d on d.id = b.date_id join prices p on p.id = b.price_id join users u on u.uid = b.user_id
      where b.invite_code = $1 and b.status = 'paid'`,
    [inviteCode],
  );
  if (!row) throw new DomainError('not-found', INVITE_NOT_FOUND);
  return {
    title: row.title,
    startsAt: iso(row.starts_at),
    invitedBy: firstName(row.display_name),
    spotsLeft: partySpotsLeft(row.party_size, row.members),
  };
}

/**
 * The caller followed the invite link and is signed in: until the steps that join them are done, the
 * party shows them as joining. Saying so again changes nothing; a member of the party is not marked.
 */
export async function startJoining(db: Db, caller: Caller, inviteCode: string): Promise<void> {
  await ensureUser(db, caller);
  const [booking] = await db.query<{ id: string }>(`select id from bookings where invite_code = $1 and status = 'paid'`, [inviteCode]);
  if (!booking) throw new DomainError('not-found', INVITE_NOT_FOUND);
  await db.query(
    `insert into party_joining (booking_id, user_id)
     select $1, $2 where not exists (select 1 from booking_members where booking_id = $1 and user_id = $2)
     on conflict do nothing`,
    [booking.id, caller.uid],
  );
}

export async function joinByInvite(
  db: Db,
  caller: Caller,
  inviteCode: string,
): Promise<{ bookingId: string; dateId: string; joined: boolean; after: AfterCommit }> {
  await ensureUser(db, caller);
  return db.transaction(async (tx) => {
    const [booking] = await tx.query<{ id: string; date_id: string; party_size: number }>(
      `select id, date_id, party_size from bookings where invite_code = $1 and status = 'paid' for update`,
      [inviteCode],
    );
    if (!booking) throw new DomainError('not-found', INVITE_NOT_FOUND);
    const members = await tx.query<{ user_id: string }>(`select user_id from booking_members where booking_id = $1`, [booking.id]);
    const result = { bookingId: booking.id, dateId: booking.date_id };
    if (members.some((member) => member.user_id === caller.uid)) return { ...result, joined: false, after: { seatsChanged: true } };
    if (partySpotsLeft(booking.party_size, members.length) === 0) {
      throw new DomainError('conflict', 'Failed to validate invite: no spots are left in this party');
    }
    await tx.query(`insert into booking_members (booking_id, user_id) values ($1, $2)`, [booking.id, caller.uid]);
    await tx.query(`delete from party_joining where booking_id = $1 and user_id = $2`, [booking.id, caller.uid]);
    // On the trip now, they wait for it no more: as a booking's do, their waits for the date end, and the
    // seats of an offer of theirs on it go to the next in line.
    const heard = await announce(tx, { kind: 'memberJoined', bookingId: booking.id, memberUid: caller.uid, dateId: booking.date_id });
    return { ...result, joined: true, after: mergeAfter({ seatsChanged: true, mailWritten: true }, heard) };
  });
}
