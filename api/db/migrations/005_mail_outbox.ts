/**
 * The mail outbox: each message to a customer is a row written with the event that causes it, one
 * per kind, event and recipient, sent when due (at once, or at a time: reminders and briefings)
 * and retried until the mail server takes it.
 */
export const sql = `
create table mail_outbox (
  id text primary key,
  kind text not null,
  event_key text not null,
  recipient_uid text not null references users (uid),
  booking_id text references bookings (id),
  facts jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'sent', 'skipped')),
  attempts integer not null default 0,
  due_at timestamptz not null,
  next_attempt_at timestamptz not null,
  last_error text,
  sent_to text,
  message_id text,
  skipped_reason text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (kind, event_key, recipient_uid)
);
create index mail_outbox_due on mail_outbox (next_attempt_at) where status = 'pending';
create index mail_outbox_booking on mail_outbox (booking_id);
`;
