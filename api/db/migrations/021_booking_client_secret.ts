/**
 * A payment confirmed on the site names its hold by the client secret: found by an index, not by
 * reading every booking of the seasons so far.
 */
export const sql = `
create index bookings_client_secret on bookings (client_secret) where client_secret is not null;
`;
