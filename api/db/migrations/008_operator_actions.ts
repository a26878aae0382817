/**
 * The operators' console: every operator action is a row written in the same transaction as the
 * change it made (who, what, on which booking or date, why, and the state before and after), and the
 * table refuses to be edited or emptied. Notes for the guides belong to a booking.
 */
export const sql = `
create table operator_actions (
  id bigserial primary key,
  at timestamptz not null default now(),
  operator_uid text not null,
  operator_email text,
  action text not null,
  booking_id text references bookings (id),
  date_id text references calendar_dates (id),
  subject text not null,
  reason text not null check (length(btrim(reason)) > 0),
  before jsonb,
  after jsonb
);
create index operator_actions_booking on operator_actions (booking_id) where booking_id is not null;
create index operator_actions_date on operator_actions (date_id) where date_id is not null;

create function operator_actions_never_edited() returns trigger language plpgsql as $$ begin raise exception 'the record of operator actions is never edited'; end $$;
create trigger operator_actions_append_only before update or delete on operator_actions
  for each row execute function operator_actions_never_edited();
create trigger operator_actions_never_truncated before truncate on operator_actions
  for each statement execute function operator_actions_never_edited();

create table booking_notes (
  id bigserial primary key,
  booking_id text not null references bookings (id),
  note text not null check (length(btrim(note)) > 0),
  author_uid text not null,
  author_email text,
  created_at timestamptz not null default now()
);
create index booking_notes_booking on booking_notes (booking_id);
`;
