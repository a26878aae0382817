/**
 * The embedded database as the API serves it to the operator commands (api/db/embedded-server.ts):
 * a command's session, through the Postgres client the commands use, beside the API's own queries
 * and transactions on the same PGlite.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type EmbeddedDb } from '../../api/db/client.ts';
import { servedDatabaseUrl } from '../../api/db/embedded-server.ts';

/** How long a session may sit in a transaction here before it is ended (30 s when the API serves). */
const IDLE_IN_TRANSACTION_MS = 1000;

let db: EmbeddedDb;
/** Where the database is served, with the password of its sessions. */
let served: { port: number; password: string };
let url: string;

beforeEach(async () => {
  db = await openPglite();
  await db.exec('create table seats (id int primary key, taken int not null); insert into seats values (1, 0);');
  served = await db.serve({ idleInTransactionMs: IDLE_IN_TRANSACTION_MS });
  url = servedDatabaseUrl(served);
});
afterEach(async () => {
  await db.close();
});

const taken = async () => (await db.query<{ taken: number }>('select taken from seats where id = 1'))[0]?.taken;

/** Whether a promise has settled within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const settled = await Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    sleep(ms).then(() => false),
  ]);
  return settled;
}

/** A command's own connection, as the commands open the served database (one connection). */
async function command(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

describe('the embedded database served to the commands', () => {
  it("runs a command's transaction after one of the API's that is under way: it neither sees it half done nor undoes any of it", async () => {
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => (inside = resolve));
    const api = db.transaction(async (tx) => {
      await tx.query('update seats set taken = taken + 1 where id = 1');
      inside();
      await paused;
      await tx.query('update seats set taken = taken + 1 where id = 1');
    });
    await begun;

    const operator = await openPostgres(url, 1);
    let seen: number | undefined;
    const attempt = operator
      .transaction(async (tx) => {
        seen = (await tx.query<{ taken: number }>('select taken from seats where id = 1'))[0]?.taken;
        await tx.query('update seats set taken = taken + 10 where id = 1');
        throw new Error('the operator thought better of it');
      })
      .catch((error: Error) => error.message);
    expect(await settlesWithin(attempt, 300)).toBe(false);

    resume();
    await api;
    expect(await attempt).toBe('the operator thought better of it');
    expect(seen).toBe(2);
    expect(await taken()).toBe(2);
    await operator.close();
  });

  it("has the API wait for a command's transaction, then see what it committed", async () => {
    const operator = await openPostgres(url, 1);
    let read: Promise<number | undefined> | undefined;
    await operator.transaction(async (tx) => {
      await tx.query('update seats set taken = 5 where id = 1');
      read = taken();
      expect(await settlesWithin(read, 300)).toBe(false);
    });
    expect(await read).toBe(5);
    await operator.close();
  });

  it('rolls back the transaction of a session that ends inside it, and starts the next session clean', async () => {
    const first = await command();
    await first.query('begin');
    await first.query('update seats set taken = 7 where id = 1');
    await first.query({ name: 'seat', text: 'select taken from seats where id = $1', values: [1] });
    await first.end();
    expect(await taken()).toBe(0);

    // The next session prepares its own statement under the same name: the first one's is gone.
    const second = await command();
    const { rows } = await second.query({ name: 'seat', text: 'select id from seats where taken = $1', values: [0] });
    expect(rows).toEqual([{ id: 1 }]);
    await second.end();
  });

  it('ends a session left idle inside its transaction, so the API waits no longer than that', async () => {
    const stalled = await command();
    await stalled.query('begin');
    await stalled.query('update seats set taken = 9 where id = 1');
    const asked = Date.now();
    expect(await taken()).toBe(0);
    const waited = Date.now() - asked;
    expect(waited).toBeGreaterThanOrEqual(IDLE_IN_TRANSACTION_MS - 100);
    expect(waited).toBeLessThan(IDLE_IN_TRANSACTION_MS + 3000);
    await expect(stalled.query('commit')).rejects.toThrow();
  });

  it('serves one session at a time, the next waiting its turn, while the API goes on', async () => {
    const first = await command();
    const second = new pg.Client({ connectionString: url });
    const connected = second.connect();
    expect(await settlesWithin(connected, 300)).toBe(false);
    // A session that is not inside a transaction does not hold the API up.
    await db.query('update seats set taken = 3 where id = 1');
    expect((await first.query('select taken from seats where id = 1')).rows).toEqual([{ taken: 3 }]);

    await first.end();
    await connected;
    expect((await second.query('select taken from seats where id = 1')).rows).toEqual([{ taken: 3 }]);
    await second.end();
  });

  it('refuses a client without the password', async () => {
    const stranger = new pg.Client({ connectionString: servedDatabaseUrl({ ...served, password: 'not-the-password' }) });
    await expect(stranger.connect()).rejects.toThrow('password authentication failed for the embedded database');
    expect(await taken()).toBe(0);
  });

  it('lets the port go when the database closes, ending its sessions', async () => {
    const open = await command();
    await open.query('begin');
    await open.query('update seats set taken = 4 where id = 1');
    await db.close();
    db = await openPglite();
    await expect(new pg.Client({ connectionString: url }).connect()).rejects.toThrow(/ECONNREFUSED/);
    await expect(open.query('commit')).rejects.toThrow();
  });
});

describe("the API's prepared statements on the embedded database", () => {
  const SEAT = 'select * from seats where id = $1';

  it("are prepared again after a command's session ends, which drops every prepared statement of the backend", async () => {
    expect(await db.query(SEAT, [1])).toEqual([{ id: 1, taken: 0 }]);
    const session = await command();
    await session.query('select 1');
    await session.end();
    await sleep(100);
    // Inside a transaction, where a statement the backend no longer has could not be run again.
    await db.transaction(async (tx) => expect(await tx.query(SEAT, [1])).toEqual([{ id: 1, taken: 0 }]));
  });

  it('answer with the columns a table has now, after it was changed by exec or by a statement without parameters', async () => {
    expect(await db.query(SEAT, [1])).toEqual([{ id: 1, taken: 0 }]);
    await db.exec(`alter table seats add column label text not null default 'front'`);
    await db.transaction(async (tx) => expect(await tx.query(SEAT, [1])).toEqual([{ id: 1, taken: 0, label: 'front' }]));
    await db.query('alter table seats drop column taken');
    expect(await db.query(SEAT, [1])).toEqual([{ id: 1, label: 'front' }]);
  });

  it('past the number kept prepared, run a new statement as it is, inside a transaction too', async () => {
    for (let index = 0; index < 500; index += 1) await db.query(`select $1::int + ${index} as n`, [1]);
    expect(await db.query('select $1::int + 1000 as n', [1])).toEqual([{ n: 1001 }]);
    await db.transaction(async (tx) => expect(await tx.query('select $1::int + 2000 as n', [1])).toEqual([{ n: 2001 }]));
  });

  it('send values and read rows as the database described them: dates, JSON, arrays, numbers, nulls', async () => {
    const at = new Date(Date.UTC(2027, 0, 9, 15, 0));
    const [row] = await db.query(
      `select $1::timestamptz as at, $2::jsonb as doc, $3::text[] as tags, $4::int as n, $5::numeric as amount, $6::boolean as flag, $7::text as none`,
      [at, { list: [1, 'a'] }, ['x', null, 'y,z'], 12, '10.50', true, null],
    );
    expect(row).toEqual({ at, doc: { list: [1, 'a'] }, tags: ['x', null, 'y,z'], n: 12, amount: '10.50', flag: true, none: null });
  });
});

describe('a dump of the embedded database', () => {
  it('opens again as a copy with every row, which changes apart from the original', async () => {
    await db.query('update seats set taken = 3 where id = 1');
    const copy = await openPglite(undefined, { from: await db.dump() });
    try {
      expect(await copy.query('select id, taken from seats')).toEqual([{ id: 1, taken: 3 }]);
      await copy.query('update seats set taken = 5 where id = 1');
      expect(await taken()).toBe(3);
    } finally {
      await copy.close();
    }
  });
});
