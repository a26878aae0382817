/**
 * Once before the API suite on PGlite: a database migrated and seeded as every harness starts,
 * kept as a tarball that each harness opens as its own copy (a second and more, instead of
 * creating, migrating and seeding each one anew). On Postgres each harness prepares its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../api/db/client.ts';
import { migrate } from '../../api/db/migrate.ts';
import { seedIfEmpty } from '../../api/seed/seed.ts';
import { seasonDay } from './season-day.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The ready database's tarball, or '' when the suite runs on a Postgres server. */
    readyDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env['TEST_DATABASE_URL']?.trim()) {
    project.provide('readyDatabase', '');
    return () => undefined;
  }
  const db = await openPglite();
  await migrate(db);
  await seedIfEmpty(db, seasonDay());
  const folder = mkdtempSync(join(tmpdir(), 'kamas-ready-db-'));
  const tarball = join(folder, 'ready.tar');
  writeFileSync(tarball, new Uint8Array(await (await db.dump()).arrayBuffer()));
  await db.close();
  project.provide('readyDatabase', tarball);
  return () => rmSync(folder, { recursive: true, force: true });
}
