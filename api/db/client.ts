/**
 * One small SQL interface over both databases the API runs on:
 * PGlite (embedded Postgres in a folder) and a Postgres server (DATABASE_URL).
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveEmbedded, type EmbeddedServer, type ServeOptions } from './embedded-server.ts';
import { liteStatements } from './lite-statements.ts';
import { turns, type TurnOptions } from './turns.ts';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /**
   * The same database for work no request waits on (sending the mail outbox). On the embedded
   * database, which runs one statement at a time on the API's own thread, its statements let the
   * requests' statements waiting go first; a Postgres server runs both side by side.
   */
  background(): Queryable & Pick<Db, 'transaction'>;
}

/** PGlite, which can also serve itself to local Postgres clients while it is open. */
export interface EmbeddedDb extends Db {
  /**
   * Serves the database on a loopback port to Postgres clients that give the password (the operator
   * commands, while the API has the folder: embedded-server.ts); the same server when called again.
   * Closing the database stops it first.
   */
  serve(options?: ServeOptions): Promise<Pick<EmbeddedServer, 'port' | 'password'>>;
  /** The whole database as one uncompressed tarball, which `openPglite` opens again as a copy (`from`). */
  dump(): Promise<Blob>;
}

export interface OpenPgliteOptions {
  /** A tarball from `dump()`: the database starts as a copy of it instead of empty. */
  from?: Blob;
}

/**
 * A transaction's statements, run one after another whatever the caller awaits side by side: a
 * statement is several exchanges with the one backend, which must not interleave with another's.
 */
function oneAtATime(query: Queryable['query']): Queryable {
  let last: Promise<unknown> = Promise.resolve();
  return {
    query: <T extends Row = Row>(sql: string, params?: readonly unknown[]) => {
      const next = last.then(() => query<T>(sql, params));
      last = next.catch(() => undefined);
      return next;
    },
  };
}

export async function openPglite(dataDir?: string, { from }: OpenPgliteOptions = {}): Promise<EmbeddedDb> {
  const lite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}) });
  const statements = liteStatements(lite);
  // A statement with parameters is prepared once (./lite-statements.ts); one without, which may change the tables, is run as it is.
  const run = async <T extends Row>(q: { query: PGlite['query'] }, sql: string, params?: readonly unknown[], inTransaction = false) =>
    params ? statements.run<T>(q, sql, params, { inTransaction }) : (await q.query<T>(sql)).rows;
  // The one backend is used by a query or a transaction at a time, or by a served client's statements.
  const database = turns();
  let server: Promise<EmbeddedServer> | null = null;
  const inTurns = (options: TurnOptions): Queryable & Pick<Db, 'transaction'> => ({
    query: (sql, params) => database.run(() => run(lite, sql, params), options),
    transaction: (work) =>
      database.run(() => lite.transaction((tx) => work(oneAtATime((sql, params) => run(tx, sql, params, true)))), options),
  });
  const background = inTurns({ background: true });
  return {
    kind: 'pglite',
    ...inTurns({}),
    background: () => background,
    exec: async (sql) => {
      await database.run(async () => {
        await lite.exec(sql);
        // It may have changed what the prepared statements read.
        await lite.exec('DEALLOCATE ALL');
        statements.forget();
      });
    },
    serve: (options) => (server ??= serveEmbedded(lite, database, { ...options, onStatementsDropped: statements.forget })),
    dump: () => database.run(() => lite.dumpDataDir('none')),
    close: async () => {
      const served = await server?.catch(() => null);
      await served?.close();
      await lite.close();
    },
  };
}

/** Distinct parameterized statements kept prepared on each Postgres connection; the API has a few dozen. */
const MAX_PREPARED = 500;

/**
 * Postgres aborted the transaction to break a deadlock (40P01) or for a serialization failure
 * (40001): nothing of it was kept, and running it again is safe. Transactions hold only database
 * work (a payment provider is called after the commit), so every transaction may be run again, here,
 * once or twice.
 */
const RETRIED_CODES = new Set(['40P01', '40001']);
const RETRIES = 2;
/** A retry waits a moment first, up to this long and chosen at random, so that it does not cross the same transaction again. */
const RETRY_PAUSE_MS = 50;
const abortedToRetry = (error: unknown) =>
  typeof error === 'object' && error !== null && RETRIED_CODES.has(String((error as { code?: unknown }).code));

export async function openPostgres(connectionString: string, maxConnections = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // A connection the server ends while it waits in the pool (a restart, a failover, an administrator)
  // is dropped from it, and the next query opens another; unheard, the error would stop the process.
  pool.on('error', (error) => console.warn(`a database connection waiting in the pool was ended: ${error.message}`));
  // Parameterized statements are prepared once per connection under a name and then only bound and
  // run: the server plans them once instead of on every call (planning cost more than running them).
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `kamas_${names.size + 1}`;
      names.set(sql, name);
    }
    return name;
  };
  const query = async <T extends Row>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) =>
    (await (params ? client.query<T>({ name: nameOf(sql), text: sql, values: [...params] }) : client.query<T>(sql))).rows;
  const db: Db = {
    kind: 'postgres',
    query: (sql, params) => query(pool, sql, params),
    transaction: async (work) => {
      for (let attempt = 0; ; attempt += 1) {
        if (attempt > 0) await sleep(Math.random() * RETRY_PAUSE_MS);
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work({ query: (sql, params) => query(client, sql, params) });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          if (attempt < RETRIES && abortedToRetry(error)) continue;
          throw error;
        } finally {
          client.release();
        }
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
    background: () => db,
  };
  return db;
}
