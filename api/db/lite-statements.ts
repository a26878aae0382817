/**
 * Parameterized statements on the embedded database, prepared once per text under a name and from
 * then on only bound and run, as the Postgres client does (client.ts). PGlite's own `query` parses,
 * plans and describes the statement again on every call, in six trips into the database, which
 * cost several times more than running it. Values are sent and rows read as PGlite's `query` does:
 * by the parameter and column types the database described when the statement was prepared.
 */
import { parse, protocol, type PGlite } from '@electric-sql/pglite';

type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

/** Distinct statements kept prepared; the API has a few dozen. Past this many, a new text is run unnamed each time. */
const MAX_PREPARED = 500;

/**
 * The backend no longer has the statement (another session dropped every prepared statement), or its
 * rows changed shape (a table it reads was altered): prepared again, and run again outside a transaction.
 */
const STALE_CODES = new Set(['26000', '0A000']);

interface Prepared {
  name: string;
  /** The type of each parameter, which says how its value is written. */
  paramTypes: number[];
  /** The columns of its rows; none for a statement that returns no rows. */
  columns: Message | null;
}

/** Where a statement runs: PGlite itself, or the transaction under way (which a statement run unnamed must go through). */
type Runner = Pick<PGlite, 'query'>;

export interface LiteStatements {
  run<T>(on: Runner, sql: string, params: readonly unknown[], options: { inTransaction: boolean }): Promise<T[]>;
  /** The backend's prepared statements were dropped (DEALLOCATE ALL): each is prepared again on its next use. */
  forget(): void;
}

const joined = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const isStale = (error: unknown) =>
  typeof error === 'object' && error !== null && STALE_CODES.has(String((error as { code?: unknown }).code));

export function liteStatements(lite: PGlite): LiteStatements {
  const { serialize } = protocol;
  const prepared = new Map<string, Prepared>();
  // Names are never reused, so a name dropped on the backend and one prepared since never meet.
  let named = 0;

  const prepare = async (sql: string): Promise<Prepared | null> => {
    const known = prepared.get(sql);
    if (known) return known;
    if (prepared.size >= MAX_PREPARED) return null;
    named += 1;
    const name = `lite_${named}`;
    const { messages } = await lite.execProtocol(
      joined([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      columns: messages.find((message) => message.name === 'rowDescription') ?? null,
    };
    prepared.set(sql, statement);
    return statement;
  };

  const runOnce = async <T>(on: Runner, sql: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> => {
    const statement = await prepare(sql);
    if (!statement) return (await on.query<T>(sql, [...params])).rows;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const write = lite.serializers[statement.paramTypes[index] ?? 0];
      return write ? write(value) : String(value);
    });
    const { messages } = await lite.execProtocol(
      joined([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: !inTransaction },
    );
    const answer = statement.columns ? [statement.columns, ...messages] : messages;
    return (parse.parseResults(answer, lite.parsers)[0]?.rows ?? []) as T[];
  };

  return {
    async run(on, sql, params, { inTransaction }) {
      try {
        return await runOnce(on, sql, params, inTransaction);
      } catch (error) {
        if (!isStale(error)) throw error;
        prepared.delete(sql);
        if (inTransaction) throw error;
        return runOnce(on, sql, params, inTransaction);
      }
    },
    forget: () => prepared.clear(),
  };
}
