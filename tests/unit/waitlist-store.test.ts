/**
 * The customer's waits against a stand-in for the API client: the waits are read for one customer,
 * a newer read drops the older one's answer, leaving or joining reads them again, and a failed read
 * says so.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistEntryAnswer } from '../../shared/contract/waitlist.ts';
import type { WaitlistJoinRequest } from '../../shared/contract/waitlist.ts';

const calls = vi.hoisted(() => ({
  reads: [] as string[],
  left: [] as string[],
  joined: [] as unknown[],
  waits: (_uid: string, _signal?: AbortSignal): Promise<{ waits: unknown[] }> => Promise.resolve({ waits: [] }),
}));

vi.mock('../../src/stores/api.ts', () => ({
  api: {
    waits: ({ params: { uid }, signal }: { params: { uid: string }; signal?: AbortSignal }) => {
      calls.reads.push(uid);
      return calls.waits(uid, signal);
    },
    leaveWaitlist: ({ params: { entryId } }: { params: { entryId: string } }) => {
      calls.left.push(entryId);
      return Promise.resolve({});
    },
    joinWaitlist: ({ body }: { body: WaitlistJoinRequest }) => {
      calls.joined.push(body);
      return Promise.resolve({ entryId: 'w_new' });
    },
  },
}));

const { $myWaits, closeMyWaits, joinWaitlist, leaveWaitlist, loadMyWaits } = await import('../../src/features/waitlist/stores/waitlist.ts');

const wait = (id: string) =>
  ({ id, dateId: 'd1', title: 'Day tour', startsAt: '2027-01-09T15:00:00.000Z', partySize: 2 }) as unknown as WaitlistEntryAnswer;
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  closeMyWaits();
  calls.reads = [];
  calls.left = [];
  calls.joined = [];
  calls.waits = () => Promise.resolve({ waits: [] });
});

describe('the waitlist store', () => {
  it('reads the waits of one customer, loading meanwhile', async () => {
    calls.waits = () => Promise.resolve({ waits: [wait('w1')] });
    loadMyWaits('u1');
    expect($myWaits.get()).toEqual({ uid: 'u1', load: { status: 'loading' } });
    await settled();
    expect($myWaits.get()).toEqual({ uid: 'u1', load: { status: 'ready', waits: [wait('w1')] } });
  });

  it('drops the answer of a read a newer one replaced', async () => {
    let answerFirst: (value: { waits: unknown[] }) => void = () => undefined;
    calls.waits = (uid) => (uid === 'u1' ? new Promise((resolve) => (answerFirst = resolve)) : Promise.resolve({ waits: [wait('w2')] }));
    loadMyWaits('u1');
    loadMyWaits('u2');
    answerFirst({ waits: [wait('w1')] });
    await settled();
    expect($myWaits.get()).toEqual({ uid: 'u2', load: { status: 'ready', waits: [wait('w2')] } });
  });

  it('reads the waits again after leaving one or joining another', async () => {
    loadMyWaits('u1');
    await settled();
    await leaveWaitlist('w1');
    await joinWaitlist({ dateId: 'd2', priceId: 'p1', partySize: 2, nearby: false });
    await settled();
    expect(calls.left).toEqual(['w1']);
    expect(calls.joined).toEqual([{ dateId: 'd2', priceId: 'p1', partySize: 2, nearby: false }]);
    expect(calls.reads).toEqual(['u1', 'u1', 'u1']);
  });

  it('reads nothing after joining while no waits are shown', async () => {
    await joinWaitlist({ dateId: 'd2', priceId: 'p1', partySize: 1, nearby: false });
    expect(calls.reads).toEqual([]);
  });

  it('says when the waits could not be read', async () => {
    const failure = new Error('offline');
    calls.waits = () => Promise.reject(failure);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadMyWaits('u1');
    await settled();
    expect($myWaits.get()).toEqual({ uid: 'u1', load: { status: 'failed', error: failure } });
    expect(warn).toHaveBeenCalledWith('Could not read your waits', failure);
    warn.mockRestore();
  });
});
