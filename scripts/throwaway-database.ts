/** A database of its own on a Postgres server, for one test run or one benchmark, dropped after. */
import pg from 'pg';

/**
 * A new database on the Postgres server at `serverUrl`, named after `what`, empty or a copy of the
 * database `template` (which no session may have open meanwhile): its URL, and how to drop it.
 */
export async function throwAwayDatabase(
  serverUrl: string,
  what: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kamas_${what}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}
