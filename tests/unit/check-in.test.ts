import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { checkInOf, checkIns, tapOf, type CheckInEvent } from '../../shared/rules/check-in.ts';
import { eventTimeRefusal } from '../../shared/rules/trip-event-time.ts';
import { instantRequest } from '../../shared/contract/requests.ts';

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
    expect(checkInOf(checkIns([]), 'bk_1', 'u_ana')).toEqual({
      status: null,
      at: null,
      by: null,
      standing: { here: [], 'no-show': [] },
      gear: null,
      signedHere: false,
      surveyedHere: null,
    });
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

  it('takes back a mark an undo names, whichever order the events arrive in, and keeps a mark another phone recorded', () => {
    const wrong = event('here', '15:10', 'Ana', { id: 'ev_here_ana' });
    const undo = event('undo', '15:11', 'Ana', { id: 'ev_undo', undoes: 'ev_here_ana' });
    for (const order of [
      [wrong, undo],
      [undo, wrong],
    ]) {
      expect(checkInOf(checkIns(order), 'bk_1', 'u_ana')).toMatchObject({ status: null, at: null, standing: { here: [] } });
    }
    const ben = event('here', '15:20', 'Ben', { id: 'ev_here_ben' });
    expect(checkInOf(checkIns([wrong, ben, undo]), 'bk_1', 'u_ana')).toMatchObject({ status: 'here', at: ben.at, by: 'Ben' });
    // A no-show undone after a later arrival: here all the same.
    const noShow = event('no-show', '15:05', 'Ben', { id: 'ev_noshow' });
    const undoNoShow = event('undo', '15:06', 'Ben', { id: 'ev_undo_2', undoes: 'ev_noshow' });
    expect(checkInOf(checkIns([noShow, undoNoShow]), 'bk_1', 'u_ana').status).toBeNull();
  });

  it('lets an undo take back only a Here or a No-show of the same person', () => {
    const here = event('here', '15:10', 'Ana', { id: 'ev_here' });
    const otherPerson = event('undo', '15:11', 'Ana', { id: 'ev_undo', uid: 'u_ben', undoes: 'ev_here' });
    expect(checkInOf(checkIns([here, otherPerson]), 'bk_1', 'u_ana').status).toBe('here');
    const gear = event('gear', '15:10', 'Ana', { id: 'ev_gear', gear: { beacon: true, shovel: true, probe: true } });
    const undoGear = event('undo', '15:11', 'Ana', { id: 'ev_undo_gear', undoes: 'ev_gear' });
    expect(checkInOf(checkIns([gear, undoGear]), 'bk_1', 'u_ana').gear).toEqual({ beacon: true, shovel: true, probe: true });
  });

  it('checks in each seat on its own: the same person in two parties, and two members of one party', () => {
    const members = checkIns([event('here', '15:00', 'Ana'), event('here', '15:01', 'Ana', { uid: 'u_ben' })]);
    expect(checkInOf(members, 'bk_1', 'u_ben').status).toBe('here');
    expect(checkInOf(members, 'bk_2', 'u_ana').status).toBeNull();
  });
});

describe("the phone's clock at the trailhead", () => {
  const startsAt = Date.parse('2027-01-09T15:00:00Z');
  const trip = { startsAt, endsAt: startsAt + 8 * 3_600_000 };
  const received = startsAt + 2 * 3_600_000;

  it('is believed from a day before the start to a day after the end, and never ahead of when the event reached us', () => {
    expect(eventTimeRefusal('2027-01-09T15:12:00Z', trip, received)).toBeNull();
    expect(eventTimeRefusal('2027-01-08T15:00:00Z', trip, received)).toBeNull();
    expect(eventTimeRefusal('2027-01-08T14:59:00Z', trip, received)).toMatch(/outside the trip day/);
    // Ten minutes ahead of us is a clock a little fast; more is not the trip.
    expect(eventTimeRefusal(new Date(received + 10 * 60_000).toISOString(), trip, received)).toBeNull();
    expect(eventTimeRefusal(new Date(received + 11 * 60_000).toISOString(), trip, received)).toMatch(/outside the trip day/);
    expect(eventTimeRefusal('2027-01-11T00:00:00Z', trip, Date.parse('2027-01-12T00:00:00Z'))).toMatch(/outside the trip day/);
  });

  it('says, in Kamas time with the year, what the clock said', () => {
    expect(eventTimeRefusal('1970-01-01T00:00:00Z', trip, received)).toBe(
      "The phone's clock said Wed, Dec 31, 1969, 5:00 PM MST, outside the trip day: check the phone's date and time.",
    );
  });
});

describe('a moment in a request', () => {
  const schema = instantRequest('Needs a time.');
  it('takes ISO 8601 with its zone on a day that exists, and refuses February 30 as bad input', () => {
    expect(v.safeParse(schema, '2027-02-28T10:00:00Z').success).toBe(true);
    expect(v.safeParse(schema, '2028-02-29T10:00:00-07:00').success).toBe(true);
    expect(v.safeParse(schema, '2027-02-30T10:00:00Z').issues?.[0]?.message).toBe('Needs a time.');
    expect(v.safeParse(schema, '2027-04-31T10:00:00Z').success).toBe(false);
    expect(v.safeParse(schema, 'soon').success).toBe(false);
  });
});

describe('a tap on Here or No-show', () => {
  const stateOf = (events: CheckInEvent[]) => checkInOf(checkIns(events), 'bk_1', 'u_ana');

  it('records the mark tapped on someone not marked', () => {
    expect(tapOf(stateOf([]), 'here')).toEqual({ undo: [], record: 'here' });
    expect(tapOf(stateOf([]), 'no-show')).toEqual({ undo: [], record: 'no-show' });
  });

  it('takes the mark back when tapped again: every standing Here, from any phone', () => {
    const here = stateOf([event('here', '15:10', 'Ana', { id: 'a' }), event('here', '15:12', 'Ben', { id: 'b' })]);
    expect(tapOf(here, 'here')).toEqual({ undo: ['a', 'b'], record: null });
  });

  it('switches Here to No-show and back, undoing what stood so a later undo brings nothing old back', () => {
    const here = stateOf([event('here', '15:10', 'Ana', { id: 'a' })]);
    expect(tapOf(here, 'no-show')).toEqual({ undo: ['a'], record: 'no-show' });
    const noShow = stateOf([event('no-show', '15:10', 'Ana', { id: 'n' })]);
    expect(tapOf(noShow, 'here')).toEqual({ undo: ['n'], record: 'here' });
  });

  it('ends, after an undo and its tap, with the member as the guide meant on every phone', () => {
    const first = event('here', '15:10', 'Ana', { id: 'a' });
    const tap = tapOf(stateOf([first]), 'no-show');
    const after = [
      first,
      ...tap.undo.map((id, index) => event('undo', '15:11', 'Ana', { id: `u${index}`, undoes: id })),
      event('no-show', '15:11', 'Ana', { id: 'n' }),
    ];
    expect(stateOf(after)).toMatchObject({ status: 'no-show', standing: { here: [], 'no-show': ['n'] } });
    expect(stateOf([...after].reverse())).toMatchObject({ status: 'no-show', standing: { here: [], 'no-show': ['n'] } });
  });
});
