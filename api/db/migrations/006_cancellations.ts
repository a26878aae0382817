/**
 * Cancellations by the policy: a paid booking stores the policy version it was paid under; a
 * booking the customer cancels keeps who cancelled it, when, why, the quote confirmed and the
 * amount given back. A booking may now owe more than one refund (its payment, then a cancellation),
 * each once: the outbox tells them apart by purpose, and a refund may be for part of the payment.
 * A member who leaves a party is remembered as having left.
 */
export const sql = `
alter table bookings drop constraint bookings_status_check;
alter table bookings add constraint bookings_status_check
  check (status in ('held', 'paid', 'released', 'refunded', 'cancelled'));
alter table bookings add column policy_version text;
update bookings set policy_version = '2026-1' where paid_at is not null;
alter table bookings add column cancelled_at timestamptz;
alter table bookings add column cancelled_by text check (cancelled_by in ('customer', 'company'));
alter table bookings add column cancel_reason text;
alter table bookings add column cancel_quote text;
alter table bookings add column refund_amount integer check (refund_amount >= 0);

alter table payment_outbox add column purpose text not null default 'payment';
alter table payment_outbox add column amount integer check (amount > 0);
alter table payment_outbox drop constraint payment_outbox_booking_id_kind_key;
alter table payment_outbox add constraint payment_outbox_once unique (booking_id, kind, purpose);

create table booking_departures (
  booking_id text not null references bookings (id),
  user_id text not null references users (uid),
  left_at timestamptz not null default now(),
  primary key (booking_id, user_id)
);
`;
