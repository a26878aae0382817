/**
 * Gift cards and trip vouchers. A card's balance is its ledger: every change (issued, bought, held
 * for a checkout, released, spent, given back, credited, adjusted, voided) is a row of signed cents
 * with its reason and what caused it, and the balance is their sum. Each row has a key naming the one
 * event it records (`hold:<booking>`, `purchase:<intent>`), so a retry never writes it twice.
 */
export const sql = `
create table gift_cards (
  id text primary key,
  code text not null unique,
  kind text not null check (kind in ('amount', 'voucher')),
  price_id text references prices (id),
  check ((kind = 'voucher') = (price_id is not null)),
  value integer not null check (value >= 0),
  currency text not null default 'usd',
  origin text not null check (origin in ('purchase', 'issue', 'credit')),
  status text not null default 'pending' check (status in ('pending', 'active', 'void')),
  bonus integer not null default 0 check (bonus >= 0),
  bonus_ends_on date,
  buyer_uid text,
  buyer_email text,
  recipient_name text not null,
  recipient_email text,
  message text not null default '',
  delivery text not null check (delivery in ('email', 'print')),
  deliver_at timestamptz,
  delivered_at timestamptz,
  holder_uid text,
  payment_intent_id text unique,
  client_secret text unique,
  created_at timestamptz not null default now(),
  issued_at timestamptz
);
create index gift_cards_buyer on gift_cards (buyer_uid) where buyer_uid is not null;
create index gift_cards_holder on gift_cards (holder_uid) where holder_uid is not null;
create index gift_cards_recipient on gift_cards (lower(recipient_email)) where recipient_email is not null;

create table gift_card_ledger (
  id text primary key,
  card_id text not null references gift_cards (id),
  kind text not null check (kind in ('issue', 'purchase', 'hold', 'release', 'spend', 'refund-back', 'credit', 'adjustment', 'void')),
  amount integer not null,
  reason text not null,
  caused_by text not null,
  booking_id text references bookings (id),
  key text not null unique,
  created_at timestamptz not null default now()
);
create index gift_card_ledger_card on gift_card_ledger (card_id, created_at);
create index gift_card_ledger_booking on gift_card_ledger (booking_id) where booking_id is not null;
`;
