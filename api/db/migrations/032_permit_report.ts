/**
 * The Forest Service permit's actual use report: the settings the office keeps (the fee rate; each
 * season's first and last day when they differ from December 1 to March 31; for each activity and
 * each trailhead whether it is on National Forest land and the location the report names it by),
 * and the copies of a season's report as filed, frozen with who filed it and when.
 */
export const sql = `
create table permit_settings (
  only_row boolean primary key default true check (only_row),
  fee_rate_bp integer not null default 300 check (fee_rate_bp between 0 and 10000),
  updated_at timestamptz not null default now()
);
insert into permit_settings default values;

create table permit_seasons (
  season text primary key check (season ~ '^[0-9]{4}-[0-9]{2}$'),
  first_day date not null,
  last_day date not null check (last_day >= first_day)
);

create table permit_places (
  kind text not null check (kind in ('activity', 'trailhead')),
  key text not null,
  on_forest_land boolean not null,
  location text not null,
  primary key (kind, key)
);

create table filed_reports (
  id text primary key,
  season text not null,
  report jsonb not null,
  csv text not null,
  filed_by_uid text not null,
  filed_by_email text,
  filed_at timestamptz not null default now()
);
create index filed_reports_season on filed_reports (season, filed_at desc);
create index calendar_dates_starts on calendar_dates (starts_at);
`;
