/**
 * A friend who followed a party's invite link and signed in, but has not finished the steps that join
 * them: the payer sees them as `Joining`, not as an open spot. The row goes when they join.
 */
export const sql = `
create table party_joining (
  booking_id text not null references bookings (id),
  user_id text not null references users (uid),
  started_at timestamptz not null default now(),
  primary key (booking_id, user_id)
);
`;
