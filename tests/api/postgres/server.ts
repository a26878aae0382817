/**
 * The API under test on the Postgres server of TEST_DATABASE_URL, with the address of its own
 * database, for a session of the test's own beside the API's (the Postgres step of `npm test`).
 */
import { harness, type Harness, type HarnessOptions } from '../harness.ts';

export async function postgresHarness(options: HarnessOptions = {}): Promise<{ h: Harness; url: string }> {
  if (!process.env['TEST_DATABASE_URL']) throw new Error('These tests need a Postgres server: set TEST_DATABASE_URL.');
  const h = await harness(options);
  const [{ name } = { name: '' }] = await h.db.query<{ name: string }>('select current_database() as name');
  const server = new URL(process.env['TEST_DATABASE_URL']);
  server.pathname = `/${name}`;
  return { h, url: server.href };
}
