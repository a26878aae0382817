/**
 * An API of a benchmark's own (bench-waitlist.ts, bench-gift-cards.ts): on PGlite in a folder of its
 * own, or on a throw-away database of the Postgres server `databaseUrl` names; its messages go to a
 * mail server in this process, and customers call from addresses of their own through a trusted
 * proxy header. `close` stops it and throws its data away.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiProcess } from './processes.ts';
import { throwAwayDatabase } from './throwaway-database.ts';
import { smtpCatcher } from '../tests/support/smtp-catcher.ts';

export interface BenchOptions {
  emulator: string;
  projectId: string;
  databaseUrl?: string | undefined;
  /** Fills the new database before the API opens it (a season's use), else the API seeds it fresh. */
  prefill?: (where: { dataDir: string; databaseUrl: string | null }) => Promise<void>;
}

export async function benchStack(options: BenchOptions, name: string) {
  const database = options.databaseUrl ? await throwAwayDatabase(options.databaseUrl, `bench_${name.replaceAll('-', '_')}`) : null;
  const dataDir = mkdtempSync(join(tmpdir(), `kamas-bench-${name}-`));
  await options.prefill?.({ dataDir, databaseUrl: database?.url ?? null });
  const mailServer = await smtpCatcher();
  const { base, child: api } = await startApiProcess({
    SMTP_URL: mailServer.url,
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    NODE_ENV: 'test',
    FIREBASE_PROJECT_ID: options.projectId,
    FIREBASE_AUTH_EMULATOR_HOST: options.emulator,
    CLIENT_IP_HEADER: 'x-forwarded-for',
    TRUSTED_PROXIES: '127.0.0.1, ::1',
  });
  return {
    base,
    mailServer,
    database: database ? ('Postgres' as const) : ('PGlite' as const),
    async close() {
      api.kill('SIGTERM');
      await new Promise((resolve) => api.once('exit', resolve));
      await mailServer.close();
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}
