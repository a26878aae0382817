/**
 * Holds that lapsed are found by their end, among the few still held; a customer's new sign-in
 * e-mail waits, unconfirmed, beside the one in use.
 */
export const sql = `
create index bookings_held on bookings (hold_expires_at) where status = 'held';

alter table users add column pending_email text;
`;
