import { describe, expect, it } from 'vitest';
import {
  csvField,
  joinedHow,
  participantName,
  rosterCsv,
  rosterFileName,
  toCsv,
  waiverSummary,
  notReadyWords,
} from '../../src/lib/roster-csv.ts';
import type { Roster, RosterParticipant } from '../../shared/contract/answers.ts';
import { surveyAnswers } from '../support/customer-answers.ts';

const survey = surveyAnswers({
  probe: 'No',
  emergencyContactName: 'Jo "JJ" Rider',
  emergencyContactNumber: '+14355550100',
  medicalConditions: 'Asthma,\nbee stings',
});

const lead: RosterParticipant = {
  uid: 'u1',
  name: 'Lee Lead',
  email: 'lee@example.com',
  phoneNumber: '+14355550123',
  survey,
  waiver: {
    id: 'wvr_1',
    version: '2026-11',
    sha256: 'a'.repeat(64),
    signedAt: '2026-11-20T15:30:00.000Z',
    coversUntil: '2027-04-01T06:00:00.000Z',
    current: true,
  },
  bookingId: 'bk_1',
  role: 'booked',
  invitedBy: null,
};
const friend: RosterParticipant = {
  ...lead,
  uid: 'u2',
  name: null,
  email: 'fran@example.com',
  phoneNumber: null,
  survey: null,
  waiver: null,
  role: 'invited',
  invitedBy: { uid: 'u1', name: 'Lee Lead', email: 'lee@example.com' },
};

describe('csvField', () => {
  /** Each value, and the field it is written as. */
  const expectFields = (fields: [Parameters<typeof csvField>[0], string][]) => {
    for (const [value, field] of fields) expect(csvField(value)).toBe(field);
  };

  it('leaves plain text alone and writes nothing for a missing value', () => {
    expectFields([
      ['Lee Lead', 'Lee Lead'],
      [3, '3'],
      [null, ''],
      [undefined, ''],
    ]);
  });

  it('quotes a field holding a comma, a quote or a line break, doubling the quotes (RFC 4180)', () => {
    expectFields([
      ['a,b', '"a,b"'],
      ['say "hi"', '"say ""hi"""'],
      ['one\ntwo', '"one\ntwo"'],
      ['one\r\ntwo', '"one\r\ntwo"'],
    ]);
  });

  it('leads a cell a spreadsheet would run as a formula with a single quote', () => {
    expectFields([
      ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
      ['+1 435 555 0100', "'+1 435 555 0100"],
      ['-2', "'-2"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=1', "'\t=1"],
      ['a=b', 'a=b'],
    ]);
  });
});

describe('toCsv', () => {
  it('joins fields with commas and ends every record with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c,d', null],
      ]),
    ).toBe('a,b\r\n"c,d",\r\n');
  });
});

describe('rosterCsv', () => {
  const roster: Roster = {
    date: {
      id: 'tour-1',
      date: { _seconds: Date.parse('2026-12-05T15:00:00Z') / 1000, _nanoseconds: 0 },
      calendar: 'winter-day-tours',
      productName: 'Tours',
      activity: 'Ski & Splitboard Touring Day',
      capacity: 6,
      taken: 3,
      held: 0,
      free: 0,
    },
    participants: [lead, friend],
  };

  it('writes a header and one row per participant, dates in Denver, phone numbers as people read them with nothing before them', () => {
    const lines = rosterCsv(roster).split('\r\n');
    expect(lines[0]).toMatch(/^Date,Name,E-mail,Phone,Emergency contact name,Emergency contact number,Medical conditions,/);
    expect(lines[1]).toBe(
      '"Sat, Dec 5, 8:00 AM",Lee Lead,lee@example.com,435-555-0123,"Jo ""JJ"" Rider",435-555-0100,"Asthma,\nbee stings",' +
        'Snowmobile,Intermediate,Advanced,Yes,Yes,No,yes,2026-11,"Fri, Nov 20, 8:30 AM",Booked',
    );
    expect(lines[2]).toBe('"Sat, Dec 5, 8:00 AM",fran,fran@example.com,,,,,,,,,,,no,,,Invited by Lee Lead');
    expect(lines[3]).toBe('');
  });
});

describe('the roster words', () => {
  it('names a person by profile name, else by the e-mail before the @', () => {
    expect(participantName(lead)).toBe('Lee Lead');
    expect(participantName(friend)).toBe('fran');
  });

  it('says who booked and who was invited by whom', () => {
    expect(joinedHow(lead)).toBe('Booked');
    expect(joinedHow(friend)).toBe('Invited by Lee Lead');
  });

  it('reads a waiver as signed, outdated or not signed, with the version and Denver time', () => {
    expect(waiverSummary(lead)).toBe('Signed: version 2026-11, Fri, Nov 20, 8:30 AM');
    expect(waiverSummary({ ...lead, waiver: { ...lead.waiver!, current: false } })).toBe('Outdated: version 2026-11, Fri, Nov 20, 8:30 AM');
    expect(waiverSummary(friend)).toBe('Not signed');
  });

  it('names the file after the date id, safely', () => {
    expect(rosterFileName('tour-2026-12-05')).toBe('roster-tour-2026-12-05.csv');
    expect(rosterFileName('a/b c')).toBe('roster-a_b_c.csv');
  });
});

describe('a participant not ready for the trailhead', () => {
  it('is told apart by what is missing, and a ready one is not', () => {
    expect(notReadyWords(lead)).toBeNull();
    expect(notReadyWords(friend)).toBe('Survey not answered, waiver not signed');
    expect(notReadyWords({ ...lead, waiver: lead.waiver && { ...lead.waiver, current: false } })).toBe('Waiver outdated');
    // Signed on a guide's phone at the trailhead since the sheet was saved: only the survey is left.
    expect(notReadyWords(friend, true)).toBe('Survey not answered');
  });
});
