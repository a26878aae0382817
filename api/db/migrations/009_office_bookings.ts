/**
 * Bookings an operator takes for a customer (by phone, at the shop): how they were paid when not by
 * card through the provider (`paid_by`: cash, check or complimentary), and the console's request id,
 * so the same request sent twice books once. Money to give back by hand (a booking paid in cash
 * that is cancelled with a refund) is flagged for an operator like the other money questions.
 */
export const sql = `
alter table bookings add column paid_by text check (paid_by in ('cash', 'check', 'complimentary'));
alter table bookings add column office_request text unique;
alter table bookings add constraint bookings_paid_by_office check (paid_by is null or payment_intent_id is null);

alter table booking_flags drop constraint booking_flags_reason_check;
alter table booking_flags add constraint booking_flags_reason_check
  check (reason in ('dispute', 'partial_refund', 'payment_mismatch', 'refund_by_hand'));
`;
