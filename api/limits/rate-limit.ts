/**
 * Rate limits with fixed-window counters in Postgres, so they hold across every API instance.
 * Each hit adds one to the counter of its key's current window and reads the new count back.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Db, Queryable } from '../db/client.ts';
import { named, queryNamed } from '../db/named-sql.ts';
import { errorBody, HttpError } from '../http.ts';

export interface Limit {
  /** Hits allowed per window. */
  max: number;
  /** Window length in seconds, at most a day. */
  windowSeconds: number;
}

export interface RateLimits {
  /** New holds (payment intents) per customer. */
  paymentIntents: Limit;
  /** New holds per client address, however many accounts it uses. */
  holdsPerAddress: Limit;
  /** Promo code tries per client IP and per customer, at /promo/apply and with a payment intent alike. */
  promoTries: Limit;
  /** Invite code tries per client IP and per customer. */
  inviteTries: Limit;
  /** Gift card code tries per client IP and per customer (a balance looked up). */
  giftCodeTries: Limit;
  /** Waiver signings per customer: each one is a kept record with an image. */
  waiverSignings: Limit;
  /** Joins of a waitlist per customer (per address, the holds' limit counts them too). */
  waitlistJoins: Limit;
}

/** The counter of a customer's new holds: their checkouts' and the waitlist offers made to them. */
export const newHoldsKey = (uid: string) => `intents:${uid}`;

/** Windows end within a day, so a counter older than that is of no further use. */
const LONGEST_WINDOW_SECONDS = 86_400;

/** Too many calls in this window: answered 429 with a Retry-After of the seconds left in it. */
export class TooManyRequests extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** "in 40 seconds", "in 12 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

/** A limit's window in whole seconds, from one second to a day. */
export function windowOf(limit: Limit): number {
  return Math.min(Math.max(1, Math.round(limit.windowSeconds)), LONGEST_WINDOW_SECONDS);
}

/**
 * The statement that counts one hit, for `key` and `window` given as SQL (named parameters such as
 * `{key}` and `{window}::int`): it adds one to the counter of the key's current window and returns
 * the new `count`, the `retry_after` seconds left in the window, and its `window_start`.
 */
export function countHitSql(key: string, window: string): string {
  return countHitsSql(`values (${key})`, window);
}

/** The same as countHitSql for every key `keys` yields (a `values` list or a select of one column), also returning each `key`. */
function countHitsSql(keys: string, window: string): string {
  return `insert into rate_limits (key, window_start, count)
     select key, to_timestamp(floor(extract(epoch from app_now()) / ${window}) * ${window}), 1 from (${keys}) as hits (key)
     on conflict (key, window_start) do update set count = rate_limits.count + 1
     returning key, count, window_start,
               greatest(1, ceil(extract(epoch from window_start + make_interval(secs => ${window}) - app_now())))::int as retry_after`;
}

/** Counts one hit on each of `keys` (distinct) in windows of `window` seconds, dropping the ended windows of keys whose new window began. */
const HIT_ALL = named(`with counted as (
    ${countHitsSql('select unnest({keys}::text[])', '{window}::int')}
  ), swept as (
    delete from rate_limits r using counted c where c.count = 1 and r.key = c.key and r.window_start < c.window_start
  )
  select count, retry_after from counted`);

const HIT = named(countHitSql('{key}', '{window}'));

/** Counts one hit on `key`; returns the count in the current window and the seconds until it ends. */
export async function hit(db: Queryable, key: string, limit: Limit): Promise<{ count: number; retryAfterSeconds: number }> {
  const window = windowOf(limit);
  const [row] = await queryNamed<{ count: number; retry_after: number; window_start: Date | string }>(db, HIT, { key, window });
  const count = row?.count ?? 1;
  if (row && count === 1) {
    // A new window began for this key: the windows before it are over (counted from the window's own start,
    // not the clock, which may have moved on into the next window by the time this runs).
    await db.query(`delete from rate_limits where key = $1 and window_start < $2`, [key, row.window_start]);
  }
  return { count, retryAfterSeconds: row?.retry_after ?? window };
}

/** The refusal for counts that went past the limit (waiting for the last of their windows), or null. */
export function overLimit(
  hits: readonly { count: number; retryAfterSeconds: number }[],
  limit: Limit,
  message: string,
): TooManyRequests | null {
  const wait = Math.max(0, ...hits.filter((counted) => counted.count > limit.max).map((counted) => counted.retryAfterSeconds));
  return wait > 0 ? new TooManyRequests(`${message} Please try again ${waitText(wait)}.`, wait) : null;
}

/** Counts a hit on every key, in one statement, and throws TooManyRequests when any of them is over its limit. */
export async function enforce(db: Queryable, keys: readonly string[], limit: Limit, message: string): Promise<void> {
  const rows = await queryNamed<{ count: number; retry_after: number }>(db, HIT_ALL, { keys: [...new Set(keys)], window: windowOf(limit) });
  const refused = overLimit(
    rows.map((row) => ({ count: row.count, retryAfterSeconds: row.retry_after })),
    limit,
    message,
  );
  if (refused) throw refused;
}

/** The 429 answer: the usual `{ error, message }` body and a Retry-After header in seconds. */
export function tooManyRequests(c: Context, error: TooManyRequests) {
  return c.json(errorBody(error.message), 429, { 'Retry-After': String(error.retryAfterSeconds) });
}

/** Middleware: counts every call under the keys `keysOf` names, before the route reads its body. */
export function rateLimit<E extends { Variables: object }>(
  db: Db,
  limit: Limit,
  message: string,
  keysOf: (c: Context<E>) => string[],
): MiddlewareHandler<E> {
  return async (c, next) => {
    try {
      await enforce(db, keysOf(c), limit, message);
    } catch (error) {
      if (error instanceof TooManyRequests) return tooManyRequests(c, error);
      throw error;
    }
    await next();
    return undefined;
  };
}

/** Deletes counters whose windows ended long ago (keys that were never hit again). */
export async function sweepRateLimits(db: Queryable): Promise<number> {
  const gone = await db.query(`delete from rate_limits where window_start < app_now() - make_interval(secs => $1) returning key`, [
    2 * LONGEST_WINDOW_SECONDS,
  ]);
  return gone.length;
}
