/**
 * Blackout days: Kamas days the company runs nothing (a holiday, a guides' training day). Marking
 * one takes that day's dates off the calendars and keeps their ids, so lifting it gives them back.
 */
export const sql = `
create table blackout_days (
  day date primary key,
  reason text not null check (length(btrim(reason)) > 0),
  withdrawn jsonb not null default '[]',
  marked_by text not null,
  marked_at timestamptz not null default now()
);
`;
