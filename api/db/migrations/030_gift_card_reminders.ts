/**
 * The reminder before a season to holders of gift cards with something left on them: a card's
 * holder may stop it (by the link in the reminder, with the card's code), and it stays stopped.
 */
export const sql = `
alter table gift_cards add column reminders_stopped_at timestamptz;
`;
