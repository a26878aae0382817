/**
 * Bookings the office takes for a customer:
 * - what their request asked for (`office_request_terms`: the customer's e-mail, the date, the party
 *   size, the activity and how it is paid), so the same request id asking for something else is
 *   refused instead of answered with another customer's booking;
 * - the address a booking waits to be proved for (`awaits_owner`) when the account with that e-mail
 *   never proved it (anyone can sign up with someone else's address): the booking stays out of the
 *   account until whoever controls the address proves it. From then on (`owner_since`, when the
 *   account's sessions were last ended as it was proved), only sessions begun since then act for the
 *   account's customer.
 */
export const sql = `
alter table bookings add column office_request_terms jsonb;
alter table bookings add column awaits_owner text;
alter table bookings add column owner_since timestamptz;
create index bookings_address_owner on bookings (user_id) where awaits_owner is not null or owner_since is not null;
`;
