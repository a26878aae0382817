/**
 * A change of date's fee paid all by gift cards: the move says so, and names the fee's hold (whose
 * gift cards a refund of the fee goes back onto), as it does for a fee paid by card.
 */
export const sql = `
alter table booking_moves drop constraint booking_moves_fee_paid_by_check;
alter table booking_moves add constraint booking_moves_fee_paid_by_check check (fee_paid_by in ('card', 'cash', 'check', 'gift card'));
`;
