/**
 * A hold becomes a paid booking: by its card payment (./outcomes.ts), or at once when gift cards pay
 * all of it (./gift-card-payment.ts). The booking keeps the cancellation terms in force when it was
 * paid, its payer is its first member, what its gift cards held is spent, and the booking core says it
 * was booked. In the caller's transaction, with the date and the booking locked.
 */
import type { Queryable } from '../db/client.ts';
import type { AfterCommit } from '../commit-effects.ts';
import { randomId } from '../http.ts';
import { CURRENT_POLICY } from '../../shared/rules/cancellation-policy.ts';
import { spendHeld } from '../gift-cards/ledger.ts';
import { announce } from './facts.ts';

export async function bookPaid(
  tx: Queryable,
  booking: { id: string; user_id: string; date_id: string },
  startsAt: Date | string,
): Promise<AfterCommit> {
  await tx.query(
    `with paid as (
       update bookings set status = 'paid', paid_at = app_now(), invite_code = $2, policy_version = $3, updated_at = app_now() where id = $1
       returning id, user_id
     )
     insert into booking_members (booking_id, user_id) select id, user_id from paid on conflict do nothing`,
    [booking.id, randomId('inv', 16), CURRENT_POLICY.version],
  );
  await spendHeld(tx, booking.id, `booking:${booking.id}`);
  return announce(tx, { kind: 'booked', bookingId: booking.id, payerUid: booking.user_id, dateId: booking.date_id, startsAt });
}
