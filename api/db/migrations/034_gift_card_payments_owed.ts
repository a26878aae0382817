/**
 * A gift card's payment owes refunds and cancellations too (a bought card cancelled by the office, a
 * payment that came for a card no longer waiting for it, a card never paid for), and one the provider
 * will not carry out is a person's to settle: rows of the payment outbox and flags name a booking or
 * a gift card, never both. Cards left unpaid are found by when they were made.
 */
export const sql = `
alter table payment_outbox alter column booking_id drop not null;
alter table payment_outbox add column gift_card_id text references gift_cards (id);
alter table payment_outbox add constraint payment_outbox_pays_for check (num_nonnulls(booking_id, gift_card_id) = 1);
create unique index payment_outbox_gift_card on payment_outbox (gift_card_id, kind, purpose) where gift_card_id is not null;

alter table booking_flags alter column booking_id drop not null;
alter table booking_flags add column gift_card_id text references gift_cards (id);
alter table booking_flags add constraint booking_flags_about check (num_nonnulls(booking_id, gift_card_id) = 1);

create index gift_cards_unpaid on gift_cards (created_at) where status = 'pending';
`;
