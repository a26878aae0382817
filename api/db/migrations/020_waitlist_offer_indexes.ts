/**
 * The waitlist's offers found by the entry they were made to (a line lists each entry's offers) and
 * a customer's open offers (a hold, a payment or a wait of theirs looks for them), without reading
 * every offer.
 */
export const sql = `
create index waitlist_offers_entry on waitlist_offers (entry_id);
create index waitlist_offers_open_by_user on waitlist_offers (user_id) where status = 'open';
`;
