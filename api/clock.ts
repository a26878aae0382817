/**
 * The time the API acts at, in JavaScript as `app_now()` is in the database (migration 033): the
 * machine's clock, unless the work runs inside `atTime`, which names the instant it happens at. The
 * demo's history of a past season is walked through the real domain that way (./seed/history.ts),
 * and a test can put a change at a moment of its choosing. Durations (timeouts, waits) keep reading
 * the machine's clock.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable } from './db/client.ts';

const pinned = new AsyncLocalStorage<() => Date>();

/** Now, as the work in hand counts it. */
export function clockNow(): Date {
  const instant = pinned.getStore();
  return instant ? instant() : new Date();
}

/** Runs `work` with `clockNow()` reading `instant()` (asked again each time, so a walk through time can move it). */
export function atTime<T>(instant: () => Date, work: () => Promise<T>): Promise<T> {
  return pinned.run(instant, work);
}

/** Sets the database's clock for the transaction in hand to `at`. */
const setDbClock = (tx: Queryable, at: Date) => tx.query(`select set_config('kamas.now', $1, true)`, [at.toISOString()]);

/**
 * `db` with its clock read from `clockNow()`: every statement runs in a transaction of its own, and
 * every transaction, that first sets `kamas.now`, so that `app_now()` agrees with the JavaScript clock.
 * For walking through a past season; a request never needs it.
 */
export function clockedDb(db: Db): Db {
  return {
    ...db,
    kind: db.kind,
    query: (sql, params) =>
      db.transaction(async (tx) => {
        await setDbClock(tx, clockNow());
        return tx.query(sql, params);
      }),
    transaction: (work) =>
      db.transaction(async (tx) => {
        await setDbClock(tx, clockNow());
        return work(tx);
      }),
    background: () => clockedDb(db),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
}
