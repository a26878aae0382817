/**
 * The seat rules the database decides, as fragments of SQL the API's statements are built from. Each
 * is the twin of a TypeScript rule in shared/rules/seat-rules.ts and must agree with it;
 * tests/api/seat-rules.test.ts checks every pair against each other on real rows.
 *
 * The fragments about one booking read its columns unqualified (`status`, `hold_expires_at`): use
 * them where `bookings` is the innermost table. The others are whole subqueries; their inputs are SQL
 * expressions: a column, a parameter (`$1` or `{name}`) or a literal.
 */

/** Must agree with holdLapsed. */
export const HOLD_LAPSED_SQL = `hold_expires_at <= app_now()`;

/** Must agree with isLiveHold. */
export const LIVE_HOLD_SQL = `(status = 'held' and hold_expires_at > app_now())`;

/** Must agree with takesSeats. */
export const TAKES_SEATS_SQL = `(status = 'paid' or ${LIVE_HOLD_SQL})`;

/** The party sizes, added up, of the bookings on date `dateId` that match `which`. */
export const seatSumSql = (dateId: string, which: string) =>
  `(select coalesce(sum(party_size), 0)::int from bookings where date_id = ${dateId} and ${which})`;

/**
 * Must agree with seatsTaken: the seats taken on date `dateId`, counting only the bookings that also
 * match `also` when given (a hold being replaced or paid leaves itself out this way).
 */
export const seatsTakenSql = (dateId: string, also?: string) =>
  seatSumSql(dateId, also ? `${TAKES_SEATS_SQL} and ${also}` : TAKES_SEATS_SQL);

/** Must agree with bookingsOpen(closingTime(startsAt, hours), now), given cutoffSeconds(hours) as `cutoff`. */
export const bookingsOpenSql = (startsAt: string, cutoff: string) => `${startsAt} > app_now() + make_interval(secs => ${cutoff})`;

/** Must agree with promoUses: the uses of code `code`, counting only the bookings that also match `also` when given. */
export const promoUsesSql = (code: string, also?: string) =>
  `(select count(*)::int from bookings where promo_code = ${code} and ${TAKES_SEATS_SQL}${also ? ` and ${also}` : ''})`;

/** Must agree with partySpotsLeft, for the booking `booking` (an alias of `bookings`) and its rows in `booking_members`. */
export const partySpotsLeftSql = (booking: string) =>
  `greatest(0, ${booking}.party_size - (select count(*) from booking_members x where x.booking_id = ${booking}.id))::int`;
