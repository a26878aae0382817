/**
 * Money and abuse: the outbox of refunds and intent cancellations still owed at the payment
 * provider, booking flags an operator must look at, and rate-limit counters shared by every API
 * instance.
 */
export const sql = `
create table payment_outbox (
  id text primary key,
  kind text not null check (kind in ('refund', 'cancel')),
  booking_id text not null references bookings (id),
  intent_id text not null,
  idempotency_key text not null unique,
  reason text not null,
  status text not null default 'pending' check (status in ('pending', 'done')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  result text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  done_at timestamptz,
  unique (booking_id, kind)
);
create index payment_outbox_due on payment_outbox (next_attempt_at) where status = 'pending';

create table booking_flags (
  id text primary key,
  booking_id text not null references bookings (id),
  reason text not null check (reason in ('dispute', 'partial_refund', 'payment_mismatch')),
  detail text not null,
  event_id text,
  created_at timestamptz not null default now(),
  resolved_at timestamptz
);
create index booking_flags_open on booking_flags (created_at) where resolved_at is null;

create table rate_limits (
  key text not null,
  window_start timestamptz not null,
  count integer not null,
  primary key (key, window_start)
);
create index rate_limits_window on rate_limits (window_start);
`;
