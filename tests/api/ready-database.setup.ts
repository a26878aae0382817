/**
 * Once before the API suite: a database migrated and seeded as every harness starts, which each
 * harness copies instead of creating, migrating and seeding its own. On PGlite it is kept as a
 * tarball the harness opens; on a Postgres server (TEST_DATABASE_URL) it is a database the harness's
 * own is created from, as a template.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Db } from '../../api/db/client.ts';
import { migrate } from '../../api/db/migrate.ts';
import { seedIfEmpty } from '../../api/seed/seed.ts';
import { throwAwayDatabase } from '../../scripts/throwaway-database.ts';
import { seasonDay } from './season-day.ts';

export type ReadyDatabase = { tarball: string } | { template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    readyDatabase: ReadyDatabase;
  }
}

async function prepare(db: Db): Promise<void> {
  await migrate(db);
  await seedIfEmpty(db, seasonDay());
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env['TEST_DATABASE_URL']?.trim();
  if (serverUrl) {
    const { url, drop } = await throwAwayDatabase(serverUrl, 'ready');
    const db = await openPostgres(url, 1);
    await prepare(db);
    // A template has no sessions open while a copy of it is made.
    await db.close();
    project.provide('readyDatabase', { template: new URL(url).pathname.slice(1) });
    return drop;
  }
  const db = await openPglite();
  await prepare(db);
  const folder = mkdtempSync(join(tmpdir(), 'kamas-ready-db-'));
  const tarball = join(folder, 'ready.tar');
  writeFileSync(tarball, new Uint8Array(await (await db.dump()).arrayBuffer()));
  await db.close();
  project.provide('readyDatabase', { tarball });
  return async () => rmSync(folder, { recursive: true, force: true });
}
