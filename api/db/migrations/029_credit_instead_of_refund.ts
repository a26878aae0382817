/**
 * Credit instead of a refund: the payer of a called-off booking may keep what they paid as a gift
 * card worth more (`choice = 'credit'`); the booking names the card it became.
 */
export const sql = `
alter table called_off_bookings drop constraint called_off_bookings_choice_check;
alter table called_off_bookings add constraint called_off_bookings_choice_check check (choice in ('refund', 'move', 'credit', 'ended'));
alter table bookings add column credit_card_id text references gift_cards (id);
`;
