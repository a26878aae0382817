/**
 * The trip day:
 * - each member's seat gets a pass code, unguessable (122 random bits), which their trailhead pass
 *   shows as a QR code; existing seats get theirs now;
 * - every event a guide's phone records at the trailhead, by the id the phone made (sending it twice
 *   records it once), with the phone's time and ours, and a flag when the seat changed meanwhile;
 * - a waiver signed in person on a guide's phone says so, with the time it reached us beside the
 *   time of signing (for online signings the two are the same).
 */
export const sql = `
alter table booking_members add column pass_code text not null default replace(gen_random_uuid()::text, '-', '');
create unique index booking_members_pass_code on booking_members (pass_code);

alter table waiver_signatures add column received_at timestamptz;
update waiver_signatures set received_at = signed_at;
alter table waiver_signatures alter column received_at set not null, alter column received_at set default now();
alter table waiver_signatures add column in_person_by text;

create table trip_events (
  id text primary key,
  date_id text not null references calendar_dates (id),
  booking_id text not null references bookings (id),
  user_id text not null references users (uid),
  kind text not null check (kind in ('here', 'no-show', 'gear', 'signed')),
  gear jsonb,
  waiver_signature_id text references waiver_signatures (id),
  by_uid text not null,
  by_name text not null,
  device_at timestamptz not null,
  received_at timestamptz not null default now(),
  flag text
);
create index trip_events_date on trip_events (date_id, device_at);
`;
