/**
 * Dates the company calls off for conditions: the date keeps when and why; each paid booking on
 * it waits for its payer's choice (a full refund, or another date at no charge) until a deadline,
 * after which it is refunded in full. A booking remembers the dates it moved from. A customer's
 * change of date is a hold of its own on the new date for the fee (`moves_booking`), `applied` once
 * the fee is paid and the booking has moved.
 */
export const sql = `
alter table bookings drop constraint bookings_status_check;
alter table bookings add constraint bookings_status_check
  check (status in ('held', 'paid', 'released', 'refunded', 'cancelled', 'applied'));
alter table bookings add column moves_booking text references bookings (id);

alter table calendar_dates add column called_off_at timestamptz;
alter table calendar_dates add column call_off_reason text;

create table called_off_bookings (
  booking_id text primary key references bookings (id),
  date_id text not null references calendar_dates (id),
  reason text not null,
  choose_by timestamptz not null,
  choice text check (choice in ('refund', 'move')),
  chosen_by text check (chosen_by in ('customer', 'deadline')),
  chosen_at timestamptz,
  moved_to text references calendar_dates (id),
  created_at timestamptz not null default now()
);
create index called_off_unchosen on called_off_bookings (choose_by) where choice is null;

create table booking_moves (
  id text primary key,
  booking_id text not null references bookings (id),
  from_date text not null references calendar_dates (id),
  to_date text not null references calendar_dates (id),
  fee integer not null default 0 check (fee >= 0),
  reason text not null,
  moved_at timestamptz not null default now()
);
create index booking_moves_booking on booking_moves (booking_id);
`;
