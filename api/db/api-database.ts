/**
 * The database as the API opens it: Postgres at DATABASE_URL, or the PGlite folder, claimed for the
 * API and served on loopback to the operator commands while it is open (embedded-server.ts), so they
 * run beside it (operator-db.ts).
 */
import { mkdirSync } from 'node:fs';
import { openPglite, openPostgres, type Db } from './client.ts';
import { claimDataDir } from './data-dir-lock.ts';

export async function openApiDatabase({ databaseUrl, dataDir }: { databaseUrl?: string | undefined; dataDir: string }): Promise<Db> {
  if (databaseUrl) return openPostgres(databaseUrl);
  mkdirSync(dataDir, { recursive: true });
  const claim = claimDataDir(dataDir, 'api');
  let db: Db | null = null;
  try {
    const embedded = await openPglite(dataDir);
    db = embedded;
    claim.serving(await embedded.serve());
    return {
      ...embedded,
      close: async () => {
        await embedded.close();
        claim.release();
      },
    };
  } catch (error) {
    await db?.close();
    claim.release();
    throw error;
  }
}
