/**
 * A connection the server ends while it waits in the API's pool (a restart, a failover, an
 * administrator): the API goes on with a new one instead of stopping. Run by the Postgres step of `npm test`.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../../api/db/client.ts';
import { postgresHarness } from './server.ts';

let url: string;
let db: Db;
beforeAll(async () => {
  ({ url } = await postgresHarness());
  db = await openPostgres(url, 1);
});
afterAll(() => db.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a pooled connection ended by the server', () => {
  it('is replaced, and the next query is answered', async () => {
    const [{ pid } = { pid: 0 }] = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
    const administrator = new pg.Client({ connectionString: url });
    await administrator.connect();
    try {
      const [ended] = (await administrator.query<{ ended: boolean }>('select pg_terminate_backend($1) as ended', [pid])).rows;
      expect(ended?.ended).toBe(true);
    } finally {
      await administrator.end();
    }
    // The pool hears of the lost connection while it waits idle.
    await sleep(300);
    const [after] = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(after?.pid).not.toBe(pid);
  });
});
