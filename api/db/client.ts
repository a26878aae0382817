/**
 * One small SQL interface over both databases the API runs on:
 * PGlite (embedded Postgres in a folder) and a Postgres server (DATABASE_URL).
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

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
}

/** Distinct parameterized statements kept prepared on each connection; the API has a few dozen. */
const MAX_PREPARED = 500;

export async function openPglite(dataDir?: string): Promise<Db> {
  const lite = await PGlite.create(dataDir);
  // PGlite plans every statement it is sent, and its protocol has no named statements. So a
  // parameterized statement is prepared once with PREPARE (a plan the session keeps) and then run
  // with EXECUTE, each value serialized as PGlite would send it and passed as a quoted literal.
  const prepared = new Map<string, { name: string; types: number[] } | 'preparing'>();
  let count = 0;
  const literal = (value: unknown, type: number | undefined) => {
    if (value === null || value === undefined) return 'null';
    const serialize = type === undefined ? undefined : lite.serializers[type];
    return pg.escapeLiteral(serialize ? serialize(value) : String(value));
  };
  type Session = Pick<PGlite, 'query' | 'exec'>;
  /** The prepared statement for `sql`, prepared now if need be; undefined while another call prepares it. */
  const statementFor = async (q: Session, sql: string) => {
    const known = prepared.get(sql);
    if (known !== undefined) return known === 'preparing' ? undefined : known;
    if (prepared.size >= MAX_PREPARED) return undefined;
    prepared.set(sql, 'preparing');
    try {
      count += 1;
      const name = `kamas_${count}`;
      await q.exec(`prepare ${name} as ${sql}`);
      const { rows } = await q.query<{ types: number[] }>(
        'select parameter_types::oid[] as types from pg_prepared_statements where name = $1',
        [name],
      );
      const statement = { name, types: rows[0]?.types ?? [] };
      prepared.set(sql, statement);
      return statement;
    } catch (error) {
      prepared.delete(sql);
      throw error;
    }
  };
  const run = async <T extends Row>(q: Session, sql: string, params?: readonly unknown[]) => {
    // A NUL cannot be passed in SQL text; such a value takes the ordinary path, which refuses it.
    const plain = !params || params.length === 0 || params.some((value) => typeof value === 'string' && value.includes('\0'));
    const statement = plain ? undefined : await statementFor(q, sql);
    if (!statement || !params) return (await q.query<T>(sql, params ? [...params] : undefined)).rows;
    const values = params.map((value, index) => literal(value, statement.types[index]));
    return (await q.query<T>(`execute ${statement.name}(${values.join(', ')})`)).rows;
  };
  return {
    kind: 'pglite',
    query: (sql, params) => run(lite, sql, params),
    transaction: (work) => lite.transaction((tx) => work({ query: (sql, params) => run(tx, sql, params) })),
    exec: async (sql) => {
      await lite.exec(sql);
    },
    close: () => lite.close(),
  };
}

export async function openPostgres(connectionString: string, maxConnections = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
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
  return {
    kind: 'postgres',
    query: (sql, params) => query(pool, sql, params),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: (sql, params) => query(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string | undefined }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
