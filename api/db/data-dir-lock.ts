/**
 * A PGlite folder is opened by one process at a time: the API while it runs, or an operator command
 * that opens the folder itself while no API has it. The process that has it writes `holder.json` in
 * the folder (readable by its user alone): its pid, whether it is the API or a command, and, once the
 * API serves the database to the commands (embedded-server.ts), the port and password to reach it.
 * A holder whose process has ended holds nothing.
 */
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const HOLDER_FILE = 'holder.json';

/** Where the API serves its database on loopback, and the password a client gives. */
export interface ServedDatabase {
  port: number;
  password: string;
}

export interface DataDirHolder {
  pid: number;
  by: 'api' | 'command';
  served?: ServedDatabase;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The other process that has the folder open now, if any. */
export function dataDirHolder(dataDir: string): DataDirHolder | null {
  let holder: DataDirHolder;
  try {
    holder = JSON.parse(readFileSync(join(dataDir, HOLDER_FILE), 'utf8')) as DataDirHolder;
  } catch {
    return null;
  }
  return Number.isInteger(holder.pid) && holder.pid !== process.pid && alive(holder.pid) ? holder : null;
}

/** Another process has the folder open. */
export class DataDirTaken extends Error {
  constructor(dataDir: string, holder: DataDirHolder) {
    super(
      holder.by === 'api'
        ? `The API (pid ${holder.pid}) has ${dataDir} open: one API at a time runs on a PGlite folder (several share a Postgres database, DATABASE_URL).`
        : `An operator command (pid ${holder.pid}) has ${dataDir} open; try again when it ends.`,
    );
  }
}

export interface DataDirClaim {
  /** Records where the API serves the database, for the commands to find. */
  serving(served: ServedDatabase): void;
  /** Lets the folder go. */
  release(): void;
}

/** Marks the folder as this process's; DataDirTaken when another process has it. */
export function claimDataDir(dataDir: string, by: DataDirHolder['by']): DataDirClaim {
  const file = join(dataDir, HOLDER_FILE);
  // Written whole beside the file, then put in place at once: a reader never sees half of it.
  const written = (holder: DataDirHolder) => {
    const draft = `${file}.${process.pid}`;
    writeFileSync(draft, JSON.stringify(holder), { mode: 0o600 });
    return draft;
  };
  for (;;) {
    const draft = written({ pid: process.pid, by });
    try {
      linkSync(draft, file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = dataDirHolder(dataDir);
      if (holder) throw new DataDirTaken(dataDir, holder);
      // Its holder ended without letting go.
      rmSync(file, { force: true });
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return {
    serving: (served) => renameSync(written({ pid: process.pid, by, served }), file),
    release: () => rmSync(file, { force: true }),
  };
}
