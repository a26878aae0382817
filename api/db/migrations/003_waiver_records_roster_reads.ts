/**
 * A waiver record that holds up, and the guides' roster reads:
 * - every published waiver text, by version, with its SHA-256 (added by the API the first time a
 *   version is signed, never changed after);
 * - one row per signature, never updated or deleted: the version and fingerprint signed, the image,
 *   the signer's name, when (and the end of the season it covers), and the request's IP address and
 *   user agent;
 * - one row per read of a date's roster (it shows medical data), for an operator to list.
 */
export const sql = `
create table waiver_texts (
  version text primary key,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  text text not null,
  document jsonb not null,
  created_at timestamptz not null default now()
);

create table waiver_signatures (
  id text primary key,
  user_id text not null references users (uid),
  version text not null references waiver_texts (version),
  sha256 text not null,
  signature text not null,
  signer_name text,
  signed_at timestamptz not null,
  covers_until timestamptz not null,
  ip_address text not null,
  user_agent text not null
);
create index waiver_signatures_latest on waiver_signatures (user_id, signed_at desc, id desc);

create table roster_reads (
  id bigint generated always as identity primary key,
  guide_uid text not null,
  guide_email text,
  date_id text not null references calendar_dates (id),
  format text not null,
  read_at timestamptz not null default now()
);
create index roster_reads_recent on roster_reads (read_at desc);
`;
