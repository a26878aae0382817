/**
 * The database's clock (`app_now()`): the time now, unless a transaction sets the instant it acts at;
 * every column default reads it, and the setting ends with the transaction. The JavaScript clock
 * (`clockNow()`) likewise, within `atTime`, and `clockedDb` sets the database's to agree with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../api/db/client.ts';
import { migrate } from '../../api/db/migrate.ts';
import { openTestDb } from './harness.ts';
import { atTime, clockedDb, clockNow } from '../../api/clock.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
});
afterAll(() => db.close());

const LAST_WINTER = '2025-12-06T15:00:00.000Z';
const clock = async (q: Pick<Db, 'query'>) =>
  new Date(String((await q.query<{ at: Date | string }>('select app_now() as at, $1::int as n', [1]))[0]?.at)).getTime();

describe('app_now()', () => {
  it('is the time now when nothing sets it', async () => {
    const before = Date.now();
    const at = await clock(db);
    expect(at).toBeGreaterThanOrEqual(before - 5_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('is the instant a transaction sets, for its statements and its column defaults, and only for that transaction', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('kamas.now', $1, true)`, [LAST_WINTER]);
      expect(await clock(tx)).toBe(Date.parse(LAST_WINTER));
      await tx.query(`insert into users (uid, email) values ($1, $2)`, ['clock-user', 'clock@example.com']);
    });
    const [user] = await db.query<{ created_at: Date | string; updated_at: Date | string }>(
      `select created_at, updated_at from users where uid = $1`,
      ['clock-user'],
    );
    expect(new Date(String(user?.created_at)).toISOString()).toBe(LAST_WINTER);
    expect(new Date(String(user?.updated_at)).toISOString()).toBe(LAST_WINTER);
    expect(Math.abs((await clock(db)) - Date.now())).toBeLessThan(5_000);
  });

  it('is the default of every column that was the time now', async () => {
    const columns = await db.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_default like '%now()%' and column_default <> 'app_now()'
          and table_name <> 'schema_migrations'`,
    );
    expect(columns).toEqual([]);
  });
});

describe('atTime and clockedDb', () => {
  it('put the JavaScript clock and, through clockedDb, the database clock at the instant given, for the work in hand only', async () => {
    let instant = Date.parse(LAST_WINTER);
    const clocked = clockedDb(db);
    const seen = await atTime(
      () => new Date(instant),
      async () => {
        const first = [clockNow().getTime(), await clock(clocked), await clocked.transaction((tx) => clock(tx))];
        // The walk moves on: both clocks follow.
        instant += 3_600_000;
        return [...first, clockNow().getTime(), await clock(clocked)];
      },
    );
    const at = Date.parse(LAST_WINTER);
    expect(seen).toEqual([at, at, at, at + 3_600_000, at + 3_600_000]);
    expect(Math.abs(clockNow().getTime() - Date.now())).toBeLessThan(5_000);
    expect(Math.abs((await clock(db)) - Date.now())).toBeLessThan(5_000);
  });
});
