/** The trip sheet's roll call: a row's marks, the filter and search, and what waits to be sent in people. */
import { describe, expect, it } from 'vitest';
import type { TripMember } from '../../shared/contract/trailhead.ts';
import { checkIns, checkInOf } from '../../shared/rules/check-in.ts';
import { keptByFilter, memberMarks, unsentWords } from '../../src/features/trailhead/rules/roll-call.ts';

const SURVEY = {
  transportation: 'Ski',
  uphillAbility: 'Intermediate',
  downhillAbility: 'Advanced',
  beacon: 'Yes',
  shovel: 'Yes',
  probe: 'No',
  emergencyContactName: 'Pat Snow',
  emergencyContactNumber: '+14355550177',
  medicalConditions: '',
} as const;
const WAIVER = {
  id: 'w1',
  version: '2026-11',
  sha256: 'a'.repeat(64),
  signedAt: '2026-11-20T15:00:00.000Z',
  coversUntil: '2027-06-01T06:00:00.000Z',
  current: true,
};

const member = (overrides: Partial<TripMember> = {}): TripMember => ({
  uid: 'u_ro',
  name: 'Ro Ridge',
  email: 'ro@example.com',
  phoneNumber: null,
  survey: SURVEY,
  waiver: WAIVER,
  bookingId: 'bk_1',
  role: 'booked',
  invitedBy: null,
  passCode: 'p'.repeat(32),
  ...overrides,
});
const nobodyYet = checkInOf(new Map(), 'bk_1', 'u_ro');
const at = (minute: number) => `2027-01-09T15:${String(minute).padStart(2, '0')}:00.000Z`;

describe('the marks on a member’s row', () => {
  it('are a signed waiver and a done survey for someone ready', () => {
    expect(memberMarks(member(), nobodyYet)).toEqual([
      { words: 'Waiver signed', tone: 'ready' },
      { words: 'Survey done', tone: 'ready' },
    ]);
  });

  it('say what is missing, and a medical note to read', () => {
    const outdated = member({ waiver: { ...WAIVER, current: false }, survey: { ...SURVEY, medicalConditions: 'Asthma' } });
    expect(memberMarks(outdated, nobodyYet).map((mark) => [mark.words, mark.tone])).toEqual([
      ['Waiver outdated', 'missing'],
      ['Survey done', 'ready'],
      ['Medical note', 'note'],
    ]);
    expect(memberMarks(member({ waiver: null, survey: null }), nobodyYet).map((mark) => mark.words)).toEqual(['No waiver', 'No survey']);
  });

  it('count a waiver signed on the guide’s phone', () => {
    const signed = checkIns([{ kind: 'signed', bookingId: 'bk_1', uid: 'u_ro', at: at(5), by: 'Ana' }]);
    expect(memberMarks(member({ waiver: null }), checkInOf(signed, 'bk_1', 'u_ro'))[0]).toEqual({
      words: 'Waiver signed here',
      tone: 'ready',
    });
  });
});

describe('a survey answered on the guide’s phone', () => {
  it('marks the row and brings its medical note, for someone who never answered it', () => {
    const answered = checkIns([
      {
        kind: 'survey',
        bookingId: 'bk_1',
        uid: 'u_ro',
        at: at(6),
        by: 'Ana',
        survey: { ...SURVEY, medicalConditions: 'Bee stings' },
      },
    ]);
    const checkIn = checkInOf(answered, 'bk_1', 'u_ro');
    expect(checkIn.surveyedHere?.medicalConditions).toBe('Bee stings');
    expect(memberMarks(member({ survey: null }), checkIn).map((mark) => mark.words)).toEqual([
      'Waiver signed',
      'Survey answered here',
      'Medical note',
    ]);
  });
});

describe('the roll call’s filter and search', () => {
  const here = checkInOf(checkIns([{ kind: 'here', bookingId: 'bk_1', uid: 'u_ro', at: at(1), by: 'Ana' }]), 'bk_1', 'u_ro');
  const noShow = checkInOf(checkIns([{ kind: 'no-show', bookingId: 'bk_1', uid: 'u_ro', at: at(1), by: 'Ana' }]), 'bk_1', 'u_ro');

  it('keeps everyone with no filter', () => {
    expect(keptByFilter(member(), here, { notCheckedIn: false, search: '' })).toBe(true);
  });

  it('keeps only those nobody marked yet under Not checked in', () => {
    const filter = { notCheckedIn: true, search: '' };
    expect(keptByFilter(member(), nobodyYet, filter)).toBe(true);
    expect(keptByFilter(member(), here, filter)).toBe(false);
    expect(keptByFilter(member(), noShow, filter)).toBe(false);
  });

  it('finds part of a name in any case, or the e-mail of someone with no name', () => {
    expect(keptByFilter(member(), nobodyYet, { notCheckedIn: false, search: '  rIdG ' })).toBe(true);
    expect(keptByFilter(member(), nobodyYet, { notCheckedIn: false, search: 'casey' })).toBe(false);
    expect(keptByFilter(member({ name: null }), nobodyYet, { notCheckedIn: false, search: 'ro@' })).toBe(true);
  });
});

describe('what waits to be sent, in people', () => {
  const event = (uid: string, kind: string) => ({ bookingId: 'bk_1', uid, kind });

  it('is nothing when nothing waits', () => {
    expect(unsentWords([])).toBeNull();
  });

  it('counts a person once however many taps, and each signature', () => {
    expect(unsentWords([event('a', 'here'), event('a', 'gear'), event('a', 'gear')])).toBe('1 person waits to be sent');
    expect(unsentWords([event('a', 'here'), event('b', 'no-show'), event('c', 'here'), event('c', 'gear'), event('d', 'signed')])).toBe(
      '3 people and 1 signature wait to be sent',
    );
    expect(unsentWords([event('d', 'signed'), event('e', 'signed')])).toBe('2 signatures wait to be sent');
  });

  it('tells the same person in two parties apart', () => {
    expect(unsentWords([event('a', 'here'), { bookingId: 'bk_2', uid: 'a', kind: 'here' }])).toBe('2 people wait to be sent');
  });
});
