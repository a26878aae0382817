/**
 * The one owner of seat holds and of the booking rows they become. Every booking row is written here
 * (checkout's hold, a change of date's fee hold, the office's card hold, a waitlist offer's hold, and
 * the office's booking paid on the spot), and every hold is released here, whoever ends it: a newer
 * hold of the same customer, a payment that failed, a called-off date, an offer declined or taken
 * back, an account closed, the sweep of what lapsed (./hold-sweeps.ts).
 *
 * The statements that hold seats under a date's lock are built from these fragments, so that a hold's
 * columns and its states are written once; `releaseHolds` is the release for a caller's transaction.
 */
import type { Queryable } from '../db/client.ts';
import { enqueueCancels, type ActionReason, type ClaimedAction } from '../payment-outbox/actions.ts';

/** A hold's end as an ISO 8601 instant in UTC, read from `column` (a booking's `hold_expires_at` unless named). */
export const isoInstantSql = (column = 'hold_expires_at') => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns every booking row is written with. */
type CommonColumn = 'id' | 'date_id' | 'user_id' | 'price_id' | 'party_size' | 'quantity' | 'amount' | 'currency' | 'provider';

/** What a booking row may say beyond them: what kind of hold it is, and for the office's paid booking, how it was paid. */
type KindColumn =
  | 'promo_code'
  | 'waitlist_offer'
  | 'moves_booking'
  | 'office_request'
  | 'office_request_terms'
  | 'awaits_owner'
  | 'paid_by'
  | 'invite_code'
  | 'policy_version'
  | 'paid_at';

/** A new booking's values as SQL expressions (parameters, columns of the rows it is made from, literals), by column. */
export type NewBookingSql = Record<CommonColumn, string> & Partial<Record<KindColumn, string>>;

/** How a new booking is written: `values` selected from `from` (tables or CTEs, with a `where`) when given, then `tail` (`on conflict`, `returning`). */
interface Insert {
  values: Record<string, string>;
  from?: string;
  tail?: string;
}

const insertSql = ({ values, from, tail = '' }: Insert) => {
  const columns = Object.keys(values);
  const select = `select ${columns.map((column) => values[column]).join(', ')}${from ? ` from ${from}` : ''}`;
  return `insert into bookings (${columns.join(', ')}) ${select} ${tail}`;
};

/** A hold: seats taken until `until` (an instant), paid later by its payment intent or released. */
export const insertHoldSql = (values: NewBookingSql & { until: string }, from?: string, tail?: string) => {
  const { until, ...rest } = values;
  return insertSql({ values: { ...rest, status: `'held'`, hold_expires_at: until }, ...(from ? { from } : {}), ...(tail ? { tail } : {}) });
};

/** A hold's end `seconds` (an SQL expression) from now. */
export const holdFor = (seconds: string) => `app_now() + make_interval(secs => ${seconds})`;

/** The office's booking paid on the spot (cash, check, complimentary): it never holds, so it is paid at once. */
export const insertPaidSql = (values: NewBookingSql, tail?: string) =>
  insertSql({
    values: { ...values, status: `'paid'`, hold_expires_at: 'app_now()', paid_at: values.paid_at ?? 'app_now()' },
    ...(tail ? { tail } : {}),
  });

/** What a release gives back of each hold it ended. */
export interface ReleasedHold {
  id: string;
  payment_intent_id: string | null;
  date_id: string;
  waitlist_offer: string | null;
}

/**
 * The statement that releases the holds `which` selects (a condition on `bookings`' columns), each
 * returned with its intent, date and offer. A hold already released or paid is left as it is.
 */
export const releaseHoldsSql = (which: string) =>
  `update bookings set status = 'released', updated_at = app_now() where status = 'held' and ${which}
   returning id, payment_intent_id, date_id, waitlist_offer`;

/** The holds a release ends, as a condition on `bookings` with its values (`$1`, `$2`). */
export type HoldsToRelease =
  /** One hold. */
  | { hold: string }
  /** Every hold on a date. */
  | { onDate: string }
  /** Every hold of a customer. */
  | { ofCustomer: string }
  /** The holds of waitlist offers. */
  | { ofOffers: readonly string[] }
  /** The fee holds of a change of `booking`'s date, made by its payer. */
  | { movingBooking: string; payer: string };

function condition(which: HoldsToRelease): [string, unknown[]] {
  if ('hold' in which) return ['id = $1', [which.hold]];
  if ('onDate' in which) return ['date_id = $1', [which.onDate]];
  if ('ofCustomer' in which) return ['user_id = $1', [which.ofCustomer]];
  if ('ofOffers' in which) return ['waitlist_offer = any($1::text[])', [which.ofOffers]];
  return ['moves_booking = $1 and user_id = $2', [which.movingBooking, which.payer]];
}

/**
 * Releases the holds `which` selects in the caller's transaction, their seats free at once, and
 * enqueues the cancellation of each one's payment intent for `reason` (carried out after the commit,
 * so that none is paid later). Returns the holds and the claimed cancellations.
 */
export async function releaseHolds(
  tx: Queryable,
  which: HoldsToRelease,
  reason: ActionReason,
): Promise<{ released: ReleasedHold[]; cancels: ClaimedAction[] }> {
  const [where, values] = condition(which);
  const released = await tx.query<ReleasedHold & Record<string, unknown>>(releaseHoldsSql(where), values);
  return { released, cancels: await enqueueCancels(tx, released, reason) };
}
