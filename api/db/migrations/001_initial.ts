/** The catalog, the winter calendars, users, promo codes, bookings with their seat holds, and payment events. */
export const sql = `
create table products (
  id text primary key,
  name text not null,
  description text not null default '',
  images jsonb not null default '[]',
  sort integer not null default 0,
  active boolean not null default true
);

create table prices (
  id text primary key,
  product_id text not null references products (id),
  nickname text not null,
  unit_amount integer not null check (unit_amount > 0),
  currency text not null default 'usd',
  metadata jsonb not null default '{}',
  sort integer not null default 0,
  active boolean not null default true
);
create index prices_product on prices (product_id);

create table calendar_dates (
  id text primary key,
  product_id text not null references products (id),
  calendar text not null check (calendar in ('winter-classes', 'winter-day-tours', 'winter-mentorship')),
  starts_at timestamptz not null,
  capacity integer not null check (capacity > 0),
  price_id text references prices (id),
  class_type text,
  title text,
  description text,
  active boolean not null default true
);
create index calendar_dates_calendar on calendar_dates (calendar, starts_at);

create table users (
  uid text primary key,
  email text,
  display_name text,
  phone_number text,
  photo_url text,
  survey jsonb,
  signature text,
  agreed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table promo_codes (
  code text primary key,
  percent_off integer check (percent_off between 1 and 100),
  amount_off integer check (amount_off > 0),
  expires_at timestamptz,
  max_redemptions integer check (max_redemptions > 0),
  price_ids jsonb,
  active boolean not null default true,
  check ((percent_off is null) <> (amount_off is null))
);

create table bookings (
  id text primary key,
  date_id text not null references calendar_dates (id),
  user_id text not null references users (uid),
  price_id text not null references prices (id),
  party_size integer not null check (party_size > 0),
  quantity integer not null check (quantity > 0),
  amount integer not null check (amount >= 0),
  currency text not null,
  promo_code text references promo_codes (code),
  status text not null check (status in ('held', 'paid', 'released', 'refunded')),
  provider text not null,
  payment_intent_id text unique,
  client_secret text,
  invite_code text unique,
  hold_expires_at timestamptz not null,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bookings_date on bookings (date_id, status);
create index bookings_user on bookings (user_id, status);
create index bookings_promo on bookings (promo_code) where promo_code is not null;

create table booking_members (
  booking_id text not null references bookings (id),
  user_id text not null references users (uid),
  joined_at timestamptz not null default now(),
  primary key (booking_id, user_id)
);
create index booking_members_user on booking_members (user_id);

create table payment_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);
`;
