/**
 * The database as an operator command opens it: the API's own settings, migrations first, and a
 * PGlite folder only when the API does not have it open (a folder has one owner at a time).
 */
import { openDatabase, type Db } from './client.ts';
import { assertDataDirFree } from './data-dir-lock.ts';
import { migrate } from './migrate.ts';
import { readEnv } from '../env.ts';

export async function withOperatorDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const env = readEnv();
  if (!env.DATABASE_URL) assertDataDirFree(env.DATA_DIR);
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
}
