import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newUser, PROJECT_ID, SIGNATURE, SURVEY } from './harness.ts';
import { startApiProcess } from '../../scripts/processes.ts';
import type { CalendarEntry, DatabaseUser } from '../../shared/contract/answers.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'kamas-durable-'));
let server: ChildProcess | null = null;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the real API process on the folder database and resolves with its base URL. */
async function startApi(): Promise<string> {
  const started = await startApiProcess({ DATA_DIR: dataDir, FIREBASE_PROJECT_ID: PROJECT_ID, NODE_ENV: 'test', DATABASE_URL: '' });
  server = started.child;
  return started.base;
}

async function call<T>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe('durability', () => {
  it('keeps every committed booking, survey and waiver when the API is killed mid-way', async () => {
    let base = await startApi();
    const rider = await newUser();
    await call(base, 'POST', `/users/user/${rider.uid}`, rider.token, { uid: rider.uid, email: rider.email });
    const profile = { userData: { displayName: 'Rider Lund', email: rider.email, phoneNumber: '+14355550100' } };
    expect((await call(base, 'PUT', `/authUsers/authUser/${rider.uid}`, rider.token, profile)).status).toBe(200);
    expect((await call(base, 'PUT', `/users/user/${rider.uid}`, rider.token, { survey: SURVEY })).status).toBe(200);
    expect((await call(base, 'PUT', `/users/user/${rider.uid}`, rider.token, { signature: SIGNATURE, agreed: true })).status).toBe(200);
    const { body: tours } = await call<CalendarEntry[]>(base, 'GET', '/calendar/winter-day-tours');
    const date = tours.find((entry) => entry.date._seconds > Date.now() / 1000 + 86_400 && entry.users.length === 0);
    if (!date) throw new Error('no free day tour');
    const intent = await call<{ clientSecret: string }>(base, 'POST', '/stripe/create-payment-intent', rider.token, {
      priceId: 'price_tour_ski',
      quantity: 2,
      metadata: { userId: rider.uid, dateId: date.id, partySize: 2, calendar: 'winter-day-tours' },
    });
    const paid = await call(base, 'POST', '/payments/local/confirm', rider.token, {
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.status).toBe(200);

    // Kill it hard while more writes are in flight.
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    const inFlight = Array.from({ length: 20 }, () =>
      call(base, 'PUT', `/users/user/${rider.uid}`, rider.token, { survey: SURVEY }).catch(() => null),
    );
    server?.kill('SIGKILL');
    await Promise.all([exited, ...inFlight]);

    base = await startApi();
    const after = await call<DatabaseUser>(base, 'GET', `/users/user/${rider.uid}`, rider.token);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ survey: SURVEY, signature: SIGNATURE, agreed: true, bookings: [date.id] });
    const calendar = await call<CalendarEntry[]>(base, 'GET', '/calendar/winter-day-tours', rider.token);
    const entry = calendar.body.find((item) => item.id === date.id);
    expect(entry?.users).toHaveLength(2);
    expect(entry?.inviteCode).toMatch(/^inv_/);
  });
});
