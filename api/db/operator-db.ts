/**
 * The database as an operator command opens it: the API's own settings, migrations first. On
 * Postgres (DATABASE_URL), the server. On PGlite, while the API runs on the folder, the API's
 * database as it serves it on loopback (embedded-server.ts), with the Postgres client; otherwise the
 * folder itself, claimed for the command until it ends (a folder is opened by one process at a time).
 */
import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPglite, openPostgres, type Db } from './client.ts';
import { claimDataDir, dataDirHolder, type ServedDatabase } from './data-dir-lock.ts';
import { servedDatabaseUrl } from './embedded-server.ts';
import { migrate } from './migrate.ts';
import { readEnv } from '../env.ts';

/** How long a command waits for a starting API to serve its database. */
const API_START_WAIT_MS = 30_000;

/** Where the API running on the folder serves it; null when no API has the folder. */
async function servedByApi(dataDir: string): Promise<ServedDatabase | null> {
  const since = Date.now();
  for (;;) {
    const holder = dataDirHolder(dataDir);
    if (holder?.by !== 'api') return null;
    if (holder.served) return holder.served;
    if (Date.now() - since > API_START_WAIT_MS) {
      throw new Error(
        `The API (pid ${holder.pid}) has ${dataDir} open but has not served it to the commands in ${API_START_WAIT_MS / 1000} s.`,
      );
    }
    await sleep(200);
  }
}

async function openOperatorDb(databaseUrl: string | undefined, dataDir: string): Promise<Db> {
  if (databaseUrl) return openPostgres(databaseUrl);
  const served = await servedByApi(dataDir);
  // One connection: the API serves one client session at a time.
  if (served) return openPostgres(servedDatabaseUrl(served), 1);
  mkdirSync(dataDir, { recursive: true });
  const claim = claimDataDir(dataDir, 'command');
  try {
    const db = await openPglite(dataDir);
    return {
      ...db,
      close: async () => {
        await db.close();
        claim.release();
      },
    };
  } catch (error) {
    claim.release();
    throw error;
  }
}

export async function withOperatorDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const env = readEnv();
  const db = await openOperatorDb(env.DATABASE_URL, env.DATA_DIR);
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
}
