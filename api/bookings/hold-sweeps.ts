/**
 * Holds that can no longer stand are released, and their payment intents cancelled through the
 * payment outbox, so an intent left open in a browser cannot be paid later at old terms:
 * - a hold that lapsed (after a short grace, for a payment already on its way); a waitlist offer's
 *   hold at the offer's end, when the offer lapses with it in the same step (the fact `holdsLapsed`,
 *   which the waitlist hears), so that its seats go to the next in line at once;
 * - the holds of an account that was deleted, disabled or signed out everywhere after it held them.
 * Every API instance may sweep at once: rows are claimed with `skip locked`, and the outbox takes
 * one cancellation per booking. The sweep that runs these is in ../sweeps.ts.
 */
import type { Db, Queryable } from '../db/client.ts';
import { mergeAfter, type AfterCommit } from '../commit-effects.ts';
import { named, queryNamed, type NamedSql, type NamedValues } from '../db/named-sql.ts';
import type { AccountState, Identity } from '../identity.ts';
import { enqueueCancelsSql, LEASE_SECONDS, type ActionReason, type ClaimedAction } from '../payment-outbox/actions.ts';
import { announce } from './facts.ts';
import { releaseHoldsSql } from './seat-holds.ts';

/** A payment confirmed just before its hold ran out may still be on its way: its hold is left alone this long. */
export const LAPSE_GRACE_SECONDS = 120;

/** Holds released per statement; a sweep repeats until none is left. */
const BATCH = 200;

const releaseSql = (which: string) =>
  named(`with chosen as (
    select id from bookings where status = 'held' and ${which}
     order by hold_expires_at limit ${BATCH} for update skip locked
  ), released as (
    ${releaseHoldsSql('id in (select id from chosen)')}
  ), cancels as (
    ${enqueueCancelsSql('released', '{reason}', '{lease}::int')}
  )
  select (select count(*)::int from released) as released, coalesce((select json_agg(cancels) from cancels), '[]'::json) as cancels`);

/** Past the grace; a waitlist offer's hold, at its end (the offer's). */
const LAPSED = releaseSql(`(hold_expires_at <= app_now() - make_interval(secs => {grace})
       or (waitlist_offer is not null and hold_expires_at <= app_now()))`);
const OF_ACCOUNTS = releaseSql(`user_id = any({uids}::text[]) and hold_expires_at > app_now() - make_interval(secs => {grace})
       and (created_at < to_timestamp({before}::float8 / 1000) or {before}::float8 is null)`);

interface Released {
  released: number;
  cancels: ClaimedAction[];
  /** What the features that heard of it ask for after the commit. */
  after: AfterCommit;
}

/** Runs a release in batches, each in a transaction of its own, `alsoEnd` in each; adds up what they did. */
async function releaseAll(
  db: Db,
  statement: NamedSql,
  values: NamedValues,
  alsoEnd?: (tx: Queryable) => Promise<AfterCommit>,
): Promise<Released> {
  const total: Released = { released: 0, cancels: [], after: {} };
  for (;;) {
    const run = await db.transaction(async (tx) => {
      const [row] = await queryNamed<Omit<Released, 'after'> & Record<string, unknown>>(tx, statement, values);
      return { released: row?.released ?? 0, cancels: row?.cancels ?? [], after: alsoEnd ? await alsoEnd(tx) : {} };
    });
    total.released += run.released;
    total.cancels.push(...run.cancels);
    total.after = mergeAfter(total.after, run.after);
    if (run.released < BATCH) return total;
  }
}

/**
 * Ends what lapsed, in one step: releases holds that lapsed more than the grace ago and the holds of
 * waitlist offers that ended, and in the same transaction tells the features (the waitlist lapses the
 * offers). Returns how many holds were released, their intents' cancellations and what the features ask
 * for after the commit.
 */
export function releaseLapsedHolds(db: Db): Promise<Released> {
  return releaseAll(db, LAPSED, { reason: 'hold lapsed' satisfies ActionReason, lease: LEASE_SECONDS, grace: LAPSE_GRACE_SECONDS }, (tx) =>
    announce(tx, { kind: 'holdsLapsed' }),
  );
}

/** Whether an account may keep holds made at `heldAt` (ms): it exists, is enabled, and was not signed out everywhere since. */
export function accountMayHold(state: AccountState | null, heldAt: number): boolean {
  if (!state || state.disabled) return false;
  return state.validSince === null || state.validSince <= heldAt;
}

/**
 * Asks the identity service about every account holding seats now and releases the holds of those
 * that were deleted or disabled, or signed out everywhere after holding them.
 */
export async function releaseHoldsOfClosedAccounts(db: Db, identity: Identity): Promise<Released> {
  const holders = await db.query<{ user_id: string; first_held: string }>(
    `select user_id, min(created_at) as first_held from bookings
      where status = 'held' and hold_expires_at > app_now() - make_interval(secs => $1) group by user_id`,
    [LAPSE_GRACE_SECONDS],
  );
  if (holders.length === 0) return { released: 0, cancels: [], after: {} };
  const states = await identity.accountStates(holders.map((holder) => holder.user_id));
  const total: Released = { released: 0, cancels: [], after: {} };
  for (const holder of holders) {
    const state = states.get(holder.user_id) ?? null;
    if (accountMayHold(state, new Date(holder.first_held).getTime())) continue;
    // A deleted or disabled account loses every hold; one signed out everywhere, the holds made before.
    const before = state && !state.disabled ? state.validSince : null;
    const run = await releaseAll(db, OF_ACCOUNTS, {
      reason: 'account closed while holding seats' satisfies ActionReason,
      lease: LEASE_SECONDS,
      uids: [holder.user_id],
      grace: LAPSE_GRACE_SECONDS,
      before,
    });
    total.released += run.released;
    total.cancels.push(...run.cancels);
  }
  return total;
}
