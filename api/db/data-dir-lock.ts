/**
 * PGlite keeps its database in a folder that only one process may open. The API marks the folder
 * while it runs; other commands check the mark before opening it.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'api.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function assertDataDirFree(dataDir: string): void {
  const file = join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8'));
  if (pid && pid !== process.pid && alive(pid)) {
    throw new Error(`The API (pid ${pid}) has ${dataDir} open. Stop it first, or run both against Postgres with DATABASE_URL.`);
  }
}

export function claimDataDir(dataDir: string): () => void {
  assertDataDirFree(dataDir);
  const file = join(dataDir, LOCK_FILE);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
