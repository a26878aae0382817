/**
 * A season's use for the benchmarks that measure on a database with one in it (bench-reports.ts,
 * bench-gift-cards.ts): written straight into the tables, as a season's bookings, check-ins, refunds
 * and gift cards leave them, in a few statements.
 */
import { openPglite, openPostgres, type Db } from '../api/db/client.ts';
import { migrate } from '../api/db/migrate.ts';
import { seedIfEmpty } from '../api/seed/seed.ts';
import { denverDayPlus, denverInstant } from '../shared/rules/dates.ts';
import { seasonFor } from '../shared/rules/season.ts';

/**
 * A season's use, written into the tables as a season leaves them: `bookings` paid bookings of one to
 * three seats spread over every date from `first` to `last` (one in twenty cancelled with half
 * refunded through the payment outbox), each with its member, and the guides' check-ins on every date
 * but one in ten (a no-show in every tenth party).
 */
export async function writeSeason(db: Db, first: Date, last: Date, bookings: number): Promise<void> {
  await db.query(
    `insert into users (uid, email, display_name)
     select 'bench_u' || i, 'bench' || i || '@example.com', 'Rider ' || i from generate_series(1, $1::int) i`,
    [bookings],
  );
  await db.query(
    `with dates as (
       select d.id, row_number() over (order by d.starts_at, d.id) - 1 as n, d.starts_at,
              coalesce(d.price_id, (select p.id from prices p where p.product_id = d.product_id order by p.id limit 1)) as price_id
         from calendar_dates d where d.starts_at >= $2 and d.starts_at < $3)
     insert into bookings (id, date_id, user_id, price_id, party_size, quantity, amount, currency, status, provider,
                           hold_expires_at, paid_at, payment_intent_id)
     select 'bench_b' || i, d.id, 'bench_u' || i, d.price_id, 1 + i % 3, 1 + i % 3, (1 + i % 3) * 34500, 'usd',
            case when i % 20 = 0 then 'cancelled' else 'paid' end, 'local', d.starts_at, d.starts_at - interval '20 days', 'pi_bench_' || i
       from generate_series(1, $1::int) i join dates d on d.n = i % (select count(*) from dates)`,
    [bookings, first, last],
  );
  await db.query(`insert into booking_members (booking_id, user_id) select id, user_id from bookings where id like 'bench_b%'`);
  await db.query(
    `insert into payment_outbox (id, kind, booking_id, intent_id, idempotency_key, reason, purpose, amount, status, done_at)
     select 'bench_o' || id, 'refund', id, payment_intent_id, 'bench_k' || id, 'cancelled by the customer', 'cancellation', amount / 2, 'done', paid_at
       from bookings where id like 'bench_b%' and status = 'cancelled'`,
  );
  await db.query(
    `insert into trip_events (id, date_id, booking_id, user_id, kind, by_uid, by_name, device_at)
     select 'bench_e' || b.id, b.date_id, b.id, b.user_id, case when b.id like '%0' then 'no-show' else 'here' end, 'bench_guide', 'Guide',
            d.starts_at + interval '10 minutes'
       from bookings b join calendar_dates d on d.id = b.date_id
      where b.id like 'bench_b%' and b.status = 'paid' and abs(hashtext(b.date_id)) % 10 <> 0`,
  );
}

/**
 * Gift cards a season used: one for three in ten of the season's paid bookings, bought for what the booking
 * cost and spent on it whole, each with its purchase, the checkout's hold, its release and the spend
 * (the ledger a paid checkout leaves), and a card bought and not yet used beside each.
 */
export async function writeGiftCardUse(db: Db): Promise<void> {
  await db.query(
    `insert into gift_cards (id, code, kind, value, currency, origin, status, recipient_name, delivery, buyer_uid, buyer_email, issued_at, created_at)
     select 'bench_gc' || n || '_' || b.id, 'BENCH-' || n || '-' || b.id, 'amount', b.amount, 'usd', 'purchase', 'active', 'Rider', 'print',
            b.user_id, b.user_id || '@example.com', b.paid_at - interval '30 days', b.paid_at - interval '30 days'
       from bookings b cross join generate_series(1, 2) n
      where b.id like 'bench_b%' and b.status = 'paid' and right(b.id, 1) in ('0', '3', '6')`,
  );
  await db.query(`update bookings b set gift_amount = b.amount from gift_cards c where c.id = 'bench_gc1_' || b.id`);
  await db.query(
    `insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, key, created_at)
     select 'bench_lp_' || id, id, 'purchase', value, 'bench', 'bench', 'purchase:' || id, created_at from gift_cards where id like 'bench_gc%'`,
  );
  await db.query(
    `insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, booking_id, key, created_at)
     select 'bench_l' || r.kind || '_' || c.id, c.id, r.kind, r.sign * c.value, 'bench', 'bench', b.id, r.kind || ':' || c.id, b.paid_at
       from bookings b join gift_cards c on c.id = 'bench_gc1_' || b.id
       cross join (values ('hold', -1), ('release', 1), ('spend', -1)) as r (kind, sign)`,
  );
}

/**
 * A new database (`dataDir`'s PGlite, or the Postgres database `databaseUrl` names) with the demo's
 * catalog and this season's dates, then a season's use over them: 10,000 bookings with their check-ins
 * and refunds, and the gift cards they used. Run before the API opens it.
 */
export async function prefillSeason({ dataDir, databaseUrl }: { dataDir: string; databaseUrl: string | null }): Promise<void> {
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(dataDir);
  try {
    await migrate(db);
    await seedIfEmpty(db);
    const season = seasonFor(new Date());
    await writeSeason(db, denverInstant(season.start), denverInstant(denverDayPlus(season.end, 1)), SEASON_BOOKINGS);
    await writeGiftCardUse(db);
  } finally {
    await db.close();
  }
}

/** The bookings of a season's use. */
export const SEASON_BOOKINGS = 10_000;
