/**
 * What a guide's phone recorded at the trailhead that the API could not take as it came (a seat never
 * on the date, a stranger to the party, a waiver text no longer in force, a time outside the trip
 * day): kept whole, with the reason, for the office to look at; the rest of its batch is recorded.
 * A refusal is kept once by the phone's event id, however often the phone sends it.
 */
export const sql = `
create table trip_event_refusals (
  id text primary key,
  date_id text not null references calendar_dates (id),
  event jsonb not null,
  reason text not null,
  by_uid text not null,
  by_name text not null,
  received_at timestamptz not null default now()
);
create index trip_event_refusals_date on trip_event_refusals (date_id, received_at);
`;
