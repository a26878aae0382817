/**
 * The phone's trip-day store against an IndexedDB in memory and a stand-in for the API client: what
 * the API answers for each event decides what the phone marks sent, what it keeps as refused (with
 * the reason, never sent again), and a batch the API cannot read is halved until the unreadable
 * event stands alone.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrailheadPass, TripEventRequest, TripEventsAnswer, TripSheet } from '../../shared/contract/trailhead.ts';
import { ApiError } from '../../src/lib/api/api-error.ts';

const calls = vi.hoisted(() => ({
  sent: [] as string[][],
  answer: (_events: TripEventRequest[]): Promise<Pick<TripEventsAnswer, 'outcomes'>> => Promise.resolve({ outcomes: [] }),
  sheet: null as unknown,
  passes: (): Promise<{ passes: TrailheadPass[] }> => Promise.resolve({ passes: [] }),
}));

vi.mock('../../src/stores/api.ts', () => ({
  api: {
    sendTripEvents: ({ body: { events } }: { body: { events: TripEventRequest[] } }) => {
      calls.sent.push(events.map((event) => event.id));
      return calls.answer(events);
    },
    tripSheet: () => Promise.resolve(calls.sheet),
    passes: () => calls.passes(),
  },
}));

const { recordEvents, recordedEvents, saveSheet, savedSheets } = await import('../../src/features/trailhead/stores/trip-store.ts');
const { syncTrip } = await import('../../src/features/trailhead/stores/trip-sync.ts');
const { forgetDeviceData, openDevice, unsentOnDevice } = await import('../../src/lib/device-data.ts');
const { keptPasses, loadPasses } = await import('../../src/features/trailhead/stores/pass-store.ts');
const { purgeEnded } = await import('../../src/features/trailhead/stores/device-purge.ts');

const GUIDE = 'u_guide';
const DATE = 'class-2027-01-09';
const sheet = {
  date: { id: DATE, calendar: 'winter-classes', date: { _seconds: Date.parse('2027-01-09T15:00:00Z') / 1000 } },
  parties: [],
  events: [],
  savedAt: '2027-01-09T12:40:00.000Z',
  meetingPoint: 'Kamas',
} as unknown as TripSheet;

const checkIn = (n: number): TripEventRequest => ({
  id: `event-${String(n).padStart(4, '0')}`,
  kind: 'here',
  bookingId: 'bk_1',
  uid: `u_${n}`,
  at: `2027-01-09T15:${String(n).padStart(2, '0')}:00.000Z`,
});

async function record(events: TripEventRequest[]): Promise<void> {
  for (const event of events) {
    await recordEvents([{ id: event.id, dateId: DATE, ownerUid: GUIDE, by: 'Ana', event, sentAt: null, refused: null }]);
  }
}

const standing = async () =>
  (await recordedEvents(GUIDE, DATE)).map((recorded) => [recorded.id, recorded.sentAt ? 'sent' : (recorded.refused ?? 'waiting')]);

beforeEach(() => {
  calls.sent = [];
  calls.sheet = sheet;
});
afterEach(async () => {
  await forgetDeviceData();
});

describe('sending what the phone recorded', () => {
  it('marks the events the API recorded as sent and keeps the one it refused, with the reason, never sending it again', async () => {
    const events = [checkIn(1), checkIn(2), checkIn(3)];
    await record(events);
    calls.answer = (sent) =>
      Promise.resolve({
        outcomes: sent.map((event) => ({ id: event.id, refused: event.id === 'event-0002' ? 'That person is not in this party.' : null })),
      });
    expect(await syncTrip(GUIDE, DATE)).toMatchObject({ status: 'done', sent: 2, refused: 1 });
    expect(await standing()).toEqual([
      ['event-0001', 'sent'],
      ['event-0002', 'That person is not in this party.'],
      ['event-0003', 'sent'],
    ]);
    await record([checkIn(4)]);
    await syncTrip(GUIDE, DATE);
    expect(calls.sent.at(-1)).toEqual(['event-0004']);
  });

  it('halves a batch the API cannot read until the event it cannot read stands alone, and sends the rest', async () => {
    await record([checkIn(1), checkIn(2), checkIn(3), checkIn(4)]);
    calls.answer = (sent) =>
      sent.some((event) => event.id === 'event-0003')
        ? Promise.reject(new ApiError(400, 'An event needs the time it happened.', {}))
        : Promise.resolve({ outcomes: sent.map((event) => ({ id: event.id, refused: null })) });
    expect(await syncTrip(GUIDE, DATE)).toMatchObject({ status: 'done', sent: 3, refused: 1 });
    expect(calls.sent).toEqual([
      ['event-0001', 'event-0002', 'event-0003', 'event-0004'],
      ['event-0001', 'event-0002'],
      ['event-0003', 'event-0004'],
      ['event-0003'],
      ['event-0004'],
    ]);
    expect(await standing()).toEqual([
      ['event-0001', 'sent'],
      ['event-0002', 'sent'],
      ['event-0003', 'An event needs the time it happened.'],
      ['event-0004', 'sent'],
    ]);
  });

  it('counts a send that gets no answer as no signal, even while the phone says it is online', async () => {
    await record([checkIn(1), checkIn(2)]);
    vi.stubGlobal('navigator', { onLine: true });
    calls.answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await syncTrip(GUIDE, DATE)).toEqual({ status: 'offline' });
    vi.unstubAllGlobals();
    expect(await standing()).toEqual([
      ['event-0001', 'waiting'],
      ['event-0002', 'waiting'],
    ]);
  });

  it('keeps every event waiting when the API fails for another reason', async () => {
    await record([checkIn(1), checkIn(2)]);
    calls.answer = () => Promise.reject(new ApiError(500, 'Something went wrong', {}));
    expect(await syncTrip(GUIDE, DATE)).toMatchObject({ status: 'failed' });
    expect(await standing()).toEqual([
      ['event-0001', 'waiting'],
      ['event-0002', 'waiting'],
    ]);
  });
});

describe('what leaves the phone, and what stays', () => {
  it('a role found revoked removes the sheets (their medical notes) and what was sent, and keeps what never was', async () => {
    await saveSheet(GUIDE, sheet);
    await record([checkIn(1), checkIn(2)]);
    calls.answer = (sent) => Promise.resolve({ outcomes: sent.map((event) => ({ id: event.id, refused: null })) });
    await syncTrip(GUIDE, DATE);
    await record([checkIn(3)]);
    calls.answer = () => Promise.reject(new ApiError(403, 'Only guides and operators can open a trip sheet.', {}));
    expect(await syncTrip(GUIDE, DATE)).toEqual({ status: 'revoked' });
    expect(await savedSheets(GUIDE, Date.parse('2027-01-09T12:00:00Z'))).toEqual([]);
    expect(await standing()).toEqual([['event-0003', 'waiting']]);
  });

  it('another account signing in takes the sheets and passes off the phone, and keeps unsent check-ins and signatures apart', async () => {
    await saveSheet(GUIDE, sheet);
    await (await openDevice()).put('passes', { ownerUid: GUIDE, updatedAt: '2027-01-09T12:00:00.000Z', passes: [] });
    const signed = {
      ...checkIn(2),
      kind: 'signed',
      version: '2026-11',
      signature: 'data:image/png;base64,AAAA',
      agreed: true,
    } as TripEventRequest;
    await record([checkIn(1), signed]);
    expect(await unsentOnDevice(GUIDE)).toEqual({ checkIns: 1, signatures: 1 });
    await forgetDeviceData({ keepUnsent: true });
    const device = await openDevice();
    expect(await device.getAll('tripSheets')).toEqual([]);
    expect(await device.getAll('passes')).toEqual([]);
    expect(await standing()).toEqual([
      ['event-0001', 'waiting'],
      ['event-0002', 'waiting'],
    ]);
    expect(await unsentOnDevice('someone-else')).toEqual({ checkIns: 0, signatures: 0 });
  });
});

describe("a customer's passes on the device", () => {
  const pass = (dateId: string, startsAt: string): TrailheadPass => ({
    dateId,
    bookingId: 'bk_1',
    code: 'c'.repeat(32),
    name: 'Lee Lead',
    title: 'Ski Tour',
    calendar: 'winter-day-tours',
    startsAt,
    meetingPoint: 'Kamas',
    bring: [],
  });
  const soon = pass('tour-soon', new Date(Date.now() + 86_400_000).toISOString());
  const over = pass('tour-over', new Date(Date.now() - 3 * 86_400_000).toISOString());

  it('are the kept ones only when the network fails; a refusal is shown as it is and removes them', async () => {
    calls.passes = () => Promise.resolve({ passes: [soon] });
    expect((await loadPasses('u_lee')).fresh).toBe(true);
    calls.passes = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await loadPasses('u_lee')).toMatchObject({ fresh: false, passes: [soon] });
    calls.passes = () => Promise.reject(new ApiError(401, 'No authenticated user found', {}));
    await expect(loadPasses('u_lee')).rejects.toThrow('No authenticated user found');
    expect(await keptPasses('u_lee')).toBeNull();
  });

  it('leave the device once their trip has ended, and sheets 48 hours after theirs, at any page start', async () => {
    await (await openDevice()).put('passes', { ownerUid: 'u_lee', updatedAt: new Date().toISOString(), passes: [soon, over] });
    await saveSheet(GUIDE, sheet);
    await purgeEnded();
    expect((await (await openDevice()).get('passes', 'u_lee'))?.passes.map((kept) => kept.dateId)).toEqual(['tour-soon']);
    expect(await (await openDevice()).getAll('tripSheets')).toHaveLength(1);
    // The sheet's class, Sat, Jan 9, ended at 1:00 AM UTC on Jan 10; 48 hours on, it goes.
    await purgeEnded(Date.parse('2027-01-12T01:01:00Z'));
    expect(await (await openDevice()).getAll('tripSheets')).toEqual([]);
    await forgetDeviceData();
    // A device that never kept anything gets no database made by looking.
    await purgeEnded();
    expect((await indexedDB.databases()).map((database) => database.name)).toEqual([]);
  });

  it('a purge or a look that began as a sign-out removed everything leaves no database behind', async () => {
    await (await openDevice()).put('passes', { ownerUid: 'u_lee', updatedAt: new Date().toISOString(), passes: [soon] });
    await saveSheet(GUIDE, sheet);
    // A page's purge, the service worker's and the role check start while the sign-out deletes the database.
    await Promise.all([purgeEnded(), forgetDeviceData(), purgeEnded(), savedSheets(GUIDE), keptPasses('u_lee'), unsentOnDevice(GUIDE)]);
    expect((await indexedDB.databases()).map((database) => database.name)).toEqual([]);
    await forgetDeviceData({ keepUnsent: true });
    expect((await indexedDB.databases()).map((database) => database.name)).toEqual([]);
  });
});
