import { describe, expect, it } from 'vitest';
import { checkInOf, checkIns, type CheckInEvent } from '../../shared/rules/check-in.ts';

const event = (kind: CheckInEvent['kind'], at: string, by: string, more: Partial<CheckInEvent> = {}): CheckInEvent => ({
  kind,
  bookingId: 'bk_1',
  uid: 'u_ana',
  at: `2027-01-09T${at}:00.000Z`,
  by,
  ...more,
});

describe('who is at the trailhead', () => {
  it('is nobody before any phone records anything', () => {
    expect(checkInOf(checkIns([]), 'bk_1', 'u_ana')).toEqual({ status: null, at: null, by: null, gear: null, signedHere: false });
  });

  it('keeps the earliest arrival when two phones check the same member in, whichever reaches us first', () => {
    const ana = event('here', '15:12', 'Ana');
    const ben = event('here', '15:20', 'Ben');
    for (const order of [
      [ana, ben],
      [ben, ana],
    ]) {
      expect(checkInOf(checkIns(order), 'bk_1', 'u_ana')).toMatchObject({ status: 'here', at: ana.at, by: 'Ana' });
    }
  });

  it('counts a member seen by anyone as here, even after another phone marked them a no-show', () => {
    const events = [event('no-show', '15:30', 'Ben'), event('here', '15:40', 'Ana')];
    expect(checkInOf(checkIns(events), 'bk_1', 'u_ana')).toMatchObject({ status: 'here', at: events[1]?.at, by: 'Ana' });
    expect(checkInOf(checkIns([event('here', '15:10', 'Ana'), event('no-show', '15:30', 'Ben')]), 'bk_1', 'u_ana').status).toBe('here');
  });

  it('marks a no-show only when nobody saw the member', () => {
    expect(checkInOf(checkIns([event('no-show', '15:30', 'Ben')]), 'bk_1', 'u_ana')).toMatchObject({ status: 'no-show', by: 'Ben' });
  });

  it('takes the latest gear check and notes a waiver signed on a guide’s phone', () => {
    const events = [
      event('gear', '15:20', 'Ana', { gear: { beacon: true, shovel: true, probe: true } }),
      event('gear', '15:05', 'Ben', { gear: { beacon: true, shovel: false, probe: false } }),
      event('signed', '15:15', 'Ana'),
    ];
    expect(checkInOf(checkIns(events), 'bk_1', 'u_ana')).toMatchObject({
      status: null,
      gear: { beacon: true, shovel: true, probe: true },
      signedHere: true,
    });
  });

  it('checks in each seat on its own: the same person in two parties, and two members of one party', () => {
    const members = checkIns([event('here', '15:00', 'Ana'), event('here', '15:01', 'Ana', { uid: 'u_ben' })]);
    expect(checkInOf(members, 'bk_1', 'u_ben').status).toBe('here');
    expect(checkInOf(members, 'bk_2', 'u_ana').status).toBeNull();
  });
});
