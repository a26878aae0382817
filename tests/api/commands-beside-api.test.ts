/**
 * The operator's commands beside the running API on the embedded database, as on a laptop with
 * `npm run dev`: the real API process has the PGlite folder, and each command, a process of its own,
 * reaches the database through it; the console sees what the commands did at once. With the API
 * stopped, the commands open the folder themselves again.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagRefundByHand } from '../../api/bookings/flags.ts';
import { openPglite } from '../../api/db/client.ts';
import { dataDirHolder } from '../../api/db/data-dir-lock.ts';
import { migrate } from '../../api/db/migrate.ts';
import { seedIfEmpty } from '../../api/seed/seed.ts';
import { startApiProcess, stopProcess } from '../../scripts/processes.ts';
import type { OpsActivity } from '../../shared/contract/ops-answers.ts';
import { verifyEmail as verifyByLink } from '../support/emulator-links.ts';
import { newUser, PROJECT_ID, signInAgain } from './harness.ts';
import { EMULATOR, officeOperator, operatorCommand, type CommandDatabase } from './staff.ts';
import { seasonDay } from './season-day.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'kamas-beside-'));
/** The folder as the commands are pointed at it: the same settings as the API's. */
const folder: CommandDatabase = {
  env: { DATA_DIR: dataDir, DATABASE_URL: '' },
  open: () => openPglite(dataDir),
  drop: async () => rmSync(dataDir, { recursive: true, force: true }),
};
const command = (script: string, ...args: string[]) => operatorCommand(script, args, { database: folder });

let api: ChildProcess | null = null;
let base = '';
let dateId = '';
let flagId = '';

beforeAll(async () => {
  // Before the API starts: the demo season, a paid booking on a day tour and a flag to resolve.
  const db = await openPglite(dataDir);
  await migrate(db);
  await seedIfEmpty(db, seasonDay());
  await db.query(`insert into users (uid, email) values ('u_beside', 'beside@example.com')`);
  const [date] = await db.query<{ id: string }>(
    `select id from calendar_dates where calendar = 'winter-day-tours' order by starts_at limit 1`,
  );
  dateId = date?.id ?? '';
  await db.query(
    `insert into bookings (id, date_id, user_id, price_id, party_size, quantity, amount, currency, status, provider, payment_intent_id, hold_expires_at, paid_at)
     values ('bk_beside', $1, 'u_beside', 'price_tour_ski', 1, 1, 69000, 'usd', 'paid', 'local', 'lpi_bk_beside', now(), now())`,
    [dateId],
  );
  await db.query(`insert into booking_members (booking_id, user_id) values ('bk_beside', 'u_beside')`);
  await flagRefundByHand(db, 'bk_beside', 69_000, 'usd', 'a refund the card network refused');
  const [flag] = await db.query<{ id: string }>(`select id from booking_flags`);
  flagId = flag?.id ?? '';
  await db.close();

  ({ child: api, base } = await startApiProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    FIREBASE_PROJECT_ID: PROJECT_ID,
  }));
});
afterAll(async () => {
  await stopProcess(api);
  await folder.drop();
});

/** The console's record of operator actions, as the API answers an operator. */
async function consoleRecord(token: string): Promise<OpsActivity[]> {
  const response = await fetch(`${base}/ops/activity`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as OpsActivity[];
}

/** Whether anything listens on a loopback port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('the operator commands beside the running API on PGlite', () => {
  let newOperator = { email: '', password: '', token: '' };

  it('npm run staff:grant gives the operator role, and the new operator uses the console at once', async () => {
    const someone = await newUser();
    await verifyByLink(EMULATOR, PROJECT_ID, someone.token, someone.email);
    const office = await officeOperator();
    const granted = await command(
      'staff-role-cli.ts',
      'grant',
      someone.email,
      'operator',
      '--by',
      office,
      '--reason',
      'Runs the shop this winter',
    );
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${someone.email} (uid ${someone.uid}, signs in with password) is now an operator`);

    newOperator = { ...someone, token: await signInAgain(someone) };
    const [latest] = await consoleRecord(newOperator.token);
    expect(latest).toMatchObject({ action: 'grant role', operatorEmail: office, reason: 'Runs the shop this winter' });
  });

  it('npm run date:call-off calls off a date the console then shows called off', async () => {
    const office = await officeOperator();
    const calledOff = await command('call-off-cli.ts', dateId, '--reason', 'High avalanche danger', '--by', office);
    expect(calledOff.stdout.trim(), calledOff.stderr).toBe(
      `Called off ${dateId}: 1 booking was sent a choice of a full refund or a new date.`,
    );

    const response = await fetch(`${base}/ops/dates/${dateId}`, { headers: { Authorization: `Bearer ${newOperator.token}` } });
    expect(await response.json()).toMatchObject({ calledOff: true });
    const [latest] = await consoleRecord(newOperator.token);
    expect(latest).toMatchObject({ action: 'call off date', dateId, reason: 'High avalanche danger' });
  });

  it('npm run refunds -- --resolve resolves a flag, and the list beside it shows none open', async () => {
    const office = await officeOperator();
    const resolved = await command(
      'refunds-cli.ts',
      '--resolve',
      flagId,
      '--gave-back',
      '690',
      '--note',
      'Gave back $690 in cash',
      '--by',
      office,
    );
    expect(resolved.stdout.trim(), resolved.stderr).toBe(`Flag ${flagId} resolved: gave back $690.`);
    expect((await command('refunds-cli.ts')).stdout).toContain('Flagged bookings: 0 open');
    const [latest] = await consoleRecord(newOperator.token);
    expect(latest).toMatchObject({ bookingId: 'bk_beside', reason: 'Gave back $690 in cash' });
  });

  it('with the API stopped, nothing listens for the commands any more and they open the folder themselves', async () => {
    const served = dataDirHolder(dataDir)?.served;
    if (!served) throw new Error('the running API does not say where it serves the folder');
    expect(await listening(served.port)).toBe(true);

    await stopProcess(api);
    api = null;
    expect(existsSync(join(dataDir, 'holder.json'))).toBe(false);
    expect(await listening(served.port)).toBe(false);

    const record = await command('activity-cli.ts');
    expect(record.code, record.stderr).toBe(0);
    expect(record.stdout).toContain('The latest 3 operator actions, newest first:');
    expect(existsSync(join(dataDir, 'holder.json'))).toBe(false);
  });
});
