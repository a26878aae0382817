/**
 * The phone's trip-day store against an IndexedDB in memory and a stand-in for the API client: what
 * the API answers for each event decides what the phone marks sent, what it keeps as refused (with
 * the reason, never sent again), and a batch the API cannot read is halved until the unreadable
 * event stands alone.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TripEventRequest, TripEventsAnswer, TripSheet } from '../../shared/contract/trailhead.ts';
import { ApiError } from '../../src/lib/api/api-error.ts';

const calls = vi.hoisted(() => ({
  sent: [] as string[][],
  answer: (_events: TripEventRequest[]): Promise<Pick<TripEventsAnswer, 'outcomes'>> => Promise.resolve({ outcomes: [] }),
  sheet: null as unknown,
}));

vi.mock('../../src/stores/api.ts', () => ({
  api: {
    sendTripEvents: (_dateId: string, events: TripEventRequest[]) => {
      calls.sent.push(events.map((event) => event.id));
      return calls.answer(events);
    },
    tripSheet: () => Promise.resolve(calls.sheet),
  },
}));

const { recordEvent, recordedEvents } = await import('../../src/features/trailhead/stores/trip-store.ts');
const { syncTrip } = await import('../../src/features/trailhead/stores/trip-sync.ts');
const { forgetDeviceData } = await import('../../src/lib/device-data.ts');

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
    await recordEvent({ id: event.id, dateId: DATE, ownerUid: GUIDE, by: 'Ana', event, sentAt: null, refused: null });
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
