import { describe, expect, it } from 'vitest';
import { memberName, partyRows, people, surveyState, UNNAMED_MEMBER, waiverState } from '../../shared/rules/party.ts';
import type { Survey } from '../../shared/contract/requests.ts';
import { surveyAnswers } from '../support/customer-answers.ts';

const SURVEY: Survey = surveyAnswers({ probe: 'No', emergencyContactName: 'Sam Lund' });

describe('people', () => {
  it('counts a party in words, one person or more people', () => {
    expect(people(1)).toBe('1 person');
    expect(people(3)).toBe('3 people');
    expect(people(0)).toBe('0 people');
  });
});

describe('memberName', () => {
  it('is the profile name, else the e-mail before the @', () => {
    expect(memberName('Avery Lund', 'avery@example.com')).toBe('Avery Lund');
    expect(memberName(null, 'sam.ortiz@example.com')).toBe('sam.ortiz');
    expect(memberName('  ', 'kit@example.com')).toBe('kit');
    expect(memberName(null, null)).toBe(UNNAMED_MEMBER);
  });
});

describe('surveyState', () => {
  it('is done only for answers the survey form accepts', () => {
    expect(surveyState(SURVEY)).toBe('done');
    expect(surveyState(null)).toBe('missing');
    expect(surveyState({ ...SURVEY, emergencyContactName: '' })).toBe('missing');
  });
});

describe('waiverState', () => {
  const signed = { version: '2026-11', coversUntil: '2027-04-01T06:00:00.000Z' };
  const now = Date.parse('2026-11-22T17:00:00Z');

  it('is signed for the current text when the season covers the trip', () => {
    expect(waiverState(signed, '2026-11', Date.parse('2027-01-10T15:00:00Z'), now)).toBe('signed');
  });

  it('is missing without a signature, for an older text, or when the trip falls after the season', () => {
    expect(waiverState(null, '2026-11', Date.parse('2027-01-10T15:00:00Z'), now)).toBe('missing');
    expect(waiverState(signed, '2027-02', Date.parse('2027-01-10T15:00:00Z'), now)).toBe('missing');
    expect(waiverState(signed, '2026-11', Date.parse('2027-12-05T15:00:00Z'), now)).toBe('missing');
  });

  it('is judged now when the trip has already started, so an ended season is missing', () => {
    expect(waiverState(signed, '2026-11', Date.parse('2027-03-30T15:00:00Z'), Date.parse('2027-04-02T00:00:00Z'))).toBe('missing');
  });
});

describe('partyRows', () => {
  it('gives one row per paid seat: the members in order, then the open spots', () => {
    const lead = { name: 'Avery Lund', you: true, survey: 'done', waiver: 'signed' } as const;
    const friend = { name: 'sam', you: false, survey: 'missing', waiver: 'missing' } as const;
    expect(partyRows({ members: [lead, friend], joining: [], openSpots: 2 })).toEqual([
      { kind: 'member', member: lead },
      { kind: 'member', member: friend },
      { kind: 'open' },
      { kind: 'open' },
    ]);
    expect(partyRows({ members: [lead], joining: [], openSpots: 0 })).toEqual([{ kind: 'member', member: lead }]);
  });

  it('shows a friend still joining in place of an open spot, never more of them than spots left', () => {
    const lead = { name: 'Avery Lund', you: true, survey: 'done', waiver: 'signed' } as const;
    expect(partyRows({ members: [lead], joining: ['Sam Reed'], openSpots: 2 })).toEqual([
      { kind: 'member', member: lead },
      { kind: 'joining', name: 'Sam Reed' },
      { kind: 'open' },
    ]);
    expect(partyRows({ members: [lead], joining: ['Sam Reed', 'Jo'], openSpots: 1 })).toEqual([
      { kind: 'member', member: lead },
      { kind: 'joining', name: 'Sam Reed' },
    ]);
  });
});
