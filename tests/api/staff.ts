/**
 * Staff for the API tests: operator commands run as an operator runs them, the operator who runs them
 * (`--by`), the database they write their record to, and a verified account holding a role.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, expect } from 'vitest';
import { openPglite, openPostgres, type Db } from '../../api/db/client.ts';
import { verifyEmail as verifyByLink } from '../support/emulator-links.ts';
import { harness, newUser, PROJECT_ID, signInAgain, type Harness, type HarnessOptions, type TestUser } from './harness.ts';
import { throwAwayDatabase } from '../../scripts/throwaway-database.ts';

const run = promisify(execFile);
export const EMULATOR = process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '';

/**
 * A database for operator commands, of a test's own: a PGlite folder, or with TEST_DATABASE_URL a
 * Postgres database. `env` points a command at it; `open` opens it in the test (close it again before
 * a command runs: a PGlite folder has one owner at a time).
 */
export interface CommandDatabase {
  env: Record<string, string>;
  open(): Promise<Db>;
  drop(): Promise<void>;
}

/** Runs `test` with a command database of its own, dropped after. */
export async function withCommandDatabase(test: (database: CommandDatabase) => Promise<void>): Promise<void> {
  const database = await commandDatabase();
  try {
    await test(database);
  } finally {
    await database.drop();
  }
}

/** Opens the command database, runs `look` on it and closes it again, so the next command may open it. */
export async function inDatabase<T>(database: CommandDatabase, look: (db: Db) => Promise<T>): Promise<T> {
  const db = await database.open();
  try {
    return await look(db);
  } finally {
    await db.close();
  }
}

export async function commandDatabase(): Promise<CommandDatabase> {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (!serverUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'kamas-command-'));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openPglite(dataDir),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const { url, drop } = await throwAwayDatabase(serverUrl, 'command');
  return { env: { DATABASE_URL: url }, open: () => openPostgres(url, 5), drop };
}

/** Where the commands of this test file write when a test does not give them a database of its own. */
let shared: Promise<CommandDatabase> | null = null;
afterAll(async () => {
  await (await shared)?.drop();
});

/** Commands run one at a time, as one operator runs them: a PGlite folder is never opened twice at once. */
let queue: Promise<unknown> = Promise.resolve();

/** Where a command runs: a database of the test's own, other settings (another Firebase project). */
export interface CommandOptions {
  database?: CommandDatabase;
  env?: Record<string, string>;
}

/**
 * An operator's command (`node api/cli/<script> ...`), run as an operator runs it, against the test's
 * Auth emulator and the file's command database unless told otherwise.
 */
export function operatorCommand(
  script: string,
  args: string[],
  options: CommandOptions = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const next = queue.then(async () => {
    shared ??= commandDatabase();
    const database = options.database ?? (await shared);
    try {
      const { stdout, stderr } = await run(process.execPath, [`api/cli/${script}`, ...args], {
        env: {
          ...process.env,
          ...database.env,
          NODE_ENV: 'test',
          FIREBASE_AUTH_EMULATOR_HOST: EMULATOR,
          FIREBASE_PROJECT_ID: PROJECT_ID,
          ...options.env,
        },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  });
  queue = next.catch(() => undefined);
  return next;
}

/** The Auth emulator's admin, as the office's tools see accounts: one per test file. */
export const admin = getAuth(
  getApps().find((app) => app.name === 'staff-admin') ?? initializeApp({ projectId: PROJECT_ID }, 'staff-admin'),
);

/**
 * The operator who runs the commands of a test file (`--by`): an account with a proved address that
 * holds the operator role, given directly in the Auth emulator as a project's first operator is.
 */
let office: Promise<string> | null = null;
export function officeOperator(): Promise<string> {
  office ??= (async () => {
    const email = `office-${Date.now().toString(36)}-${process.pid}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    const user = await admin.createUser({ email, emailVerified: true, password: 'powder-day-1' });
    await admin.setCustomUserClaims(user.uid, { operator: true });
    return email;
  })();
  return office;
}

/** `npm run staff:grant|staff:revoke -- ...` as given. */
export const staffRole = (...args: string[]) => operatorCommand('staff-role-cli.ts', args);

/** `npm run staff:grant|staff:revoke -- EMAIL ROLE`, by the office's operator, with a reason. */
export const staffRoleByOffice = async (action: 'grant' | 'revoke', email: string, role: 'operator' | 'guide') =>
  staffRole(action, email, role, '--by', await officeOperator(), '--reason', `A ${role} for the tests`);

/** A new account with a proved address, granted `role` by the command, signed in again to carry it. */
export async function staffMember(role: 'operator' | 'guide'): Promise<TestUser> {
  const user = await newUser();
  await verifyByLink(EMULATOR, PROJECT_ID, user.token, user.email);
  const granted = await staffRoleByOffice('grant', user.email, role);
  expect(granted.code, granted.stderr).toBe(0);
  user.token = await signInAgain(user);
  return user;
}

/** A harness (built with `options`), then an operator signed in to its console. */
export async function operatorHarness(options: HarnessOptions = {}): Promise<{ h: Harness; operator: TestUser }> {
  const h = await harness(options);
  return { h, operator: await staffMember('operator') };
}
