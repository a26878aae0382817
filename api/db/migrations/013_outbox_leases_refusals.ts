/**
 * Outboxes that know who holds each row, and money the provider will not move: every claim of an
 * outbox row writes a claim token, which the worker's later steps must still find (a row another
 * instance claimed after the lease ran out is theirs now). A refund or cancellation the provider
 * refused for good, or that kept failing, ends as `failed` with a flag for a person, one flag per
 * row. A flag says who resolved it, how, and what was given back.
 */
export const sql = `
alter table payment_outbox add column claim_token text;
alter table mail_outbox add column claim_token text;

alter table payment_outbox drop constraint payment_outbox_status_check;
alter table payment_outbox add constraint payment_outbox_status_check check (status in ('pending', 'done', 'failed'));

alter table booking_flags drop constraint booking_flags_reason_check;
alter table booking_flags add constraint booking_flags_reason_check
  check (reason in ('dispute', 'partial_refund', 'payment_mismatch', 'refund_by_hand', 'refund_failed', 'cancel_failed'));
alter table booking_flags add column action_id text unique references payment_outbox (id);
alter table booking_flags add column resolved_by text;
alter table booking_flags add column resolution text;
alter table booking_flags add column given_back integer check (given_back >= 0);
`;
