/**
 * The waitlist of a full date: a party waits as a party (1 to 4 seats), and may also take a nearby
 * date. Seats that come free are offered to an entry as a seat hold (a `bookings` row held for the
 * offer's window, with no payment yet), so an offer and a checkout race for seats like two checkouts.
 * Offers keep the price when they were made.
 */
export const sql = `
create table waitlist_entries (
  id text primary key,
  date_id text not null references calendar_dates (id),
  user_id text not null references users (uid),
  price_id text not null references prices (id),
  party_size integer not null check (party_size between 1 and 4),
  nearby boolean not null default false,
  status text not null default 'waiting' check (status in ('waiting', 'offered', 'booked', 'left', 'lapsed', 'closed')),
  joined_at timestamptz not null default now(),
  ended_at timestamptz
);
create unique index waitlist_entries_open on waitlist_entries (date_id, user_id) where status in ('waiting', 'offered');
create index waitlist_entries_waiting on waitlist_entries (date_id) where status = 'waiting';
create index waitlist_entries_user on waitlist_entries (user_id);

create table waitlist_offers (
  id text primary key,
  entry_id text not null references waitlist_entries (id),
  date_id text not null references calendar_dates (id),
  user_id text not null references users (uid),
  seats integer not null check (seats between 1 and 4),
  price_id text not null references prices (id),
  unit_amount integer not null check (unit_amount >= 0),
  currency text not null,
  expires_at timestamptz not null,
  status text not null default 'open' check (status in ('open', 'accepted', 'lapsed', 'declined', 'withdrawn')),
  out_of_order_reason text,
  created_at timestamptz not null default now(),
  ended_at timestamptz
);
create unique index waitlist_offers_open on waitlist_offers (entry_id) where status = 'open';
create index waitlist_offers_date on waitlist_offers (date_id);

alter table bookings add column waitlist_offer text references waitlist_offers (id);
create index bookings_waitlist_offer on bookings (waitlist_offer) where waitlist_offer is not null;
`;
