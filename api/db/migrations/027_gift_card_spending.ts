/**
 * Gift cards paying for seats. A booking's `amount` stays what it costs; `gift_amount` is the part of
 * it gift cards paid, and its payment intent is for the rest. A checkout's hold names the gift card
 * codes it was asked with (`gift_codes`, so the same request again finds the same hold). Whatever ends
 * a hold without its payment (released, lapsed, refunded) gives back what it held on gift cards in the
 * same statement: one trigger, whichever code ends the hold. A row already given back or spent is not
 * written again (the ledger's keys). (Statements split at a semicolon ending a line: the function's
 * body has none.)
 */
export const sql = `
alter table bookings add column gift_amount integer not null default 0 check (gift_amount >= 0 and gift_amount <= amount);
alter table bookings add column gift_codes text;

create function gift_card_holds_given_back() returns trigger language plpgsql as $$
begin
  insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, booking_id, key)
  select 'gcl_' || rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '='),
         h.card_id, 'release', -h.amount, 'given back: the checkout ended unpaid', 'booking:' || new.id, new.id,
         'release:' || new.id || ':' || h.card_id
    from gift_card_ledger h
   where h.booking_id = new.id and h.kind = 'hold'
  on conflict (key) do nothing; return null; end $$;

create trigger bookings_gift_card_holds_given_back after update of status on bookings
  for each row when (old.status = 'held' and new.status not in ('held', 'paid'))
  execute function gift_card_holds_given_back();
`;
