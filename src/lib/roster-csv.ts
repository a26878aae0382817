/**
 * The guides' roster as a CSV file (RFC 4180): comma-separated, CRLF line ends, a field quoted when it
 * holds a comma, a double quote or a line break, quotes doubled inside. A spreadsheet runs a cell that
 * starts with = + - or @ (or a tab or carriage return before one) as a formula, so such a cell is
 * led by a single quote and reads as text. Phone numbers are written as people read them
 * (435-555-0148), which no spreadsheet takes for a formula.
 */
import type { Roster, RosterParticipant } from '../../shared/contract/answers.ts';
import { formatDenverDateTime } from '../../shared/rules/dates.ts';
import { memberName } from '../../shared/rules/party.ts';
import { formatPhoneNumber } from './phone-number.ts';
import { surveyComplete } from '../../shared/rules/readiness.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, safe for a spreadsheet and quoted as RFC 4180 requires. */
export function csvField(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A participant's name as the roster shows it: the profile name, else the part of the e-mail before the @. */
export function participantName(person: { name: string | null; email: string | null }): string {
  return memberName(person.name, person.email);
}

/** How a participant came to be on the date: "Booked" or "Invited by NAME". */
export function joinedHow(participant: RosterParticipant): string {
  return participant.invitedBy ? `Invited by ${participantName(participant.invitedBy)}` : 'Booked';
}

/** A participant's waiver as the roster reads it: current, outdated or missing, with version and time signed. */
export function waiverSummary(participant: RosterParticipant): string {
  const { waiver } = participant;
  if (!waiver) return 'Not signed';
  return `${waiver.current ? 'Signed' : 'Outdated'}: version ${waiver.version}, ${formatDenverDateTime(Date.parse(waiver.signedAt))}`;
}

/**
 * What a participant still has to do before the trailhead, in words ('Survey not answered, waiver
 * outdated'); null when ready. `signedHere`: they signed the waiver on a guide's phone since.
 */
export function notReadyWords(participant: RosterParticipant, signedHere = false): string | null {
  const missing = [
    ...(surveyComplete(participant) ? [] : ['survey not answered']),
    ...(participant.waiver?.current || signedHere ? [] : [participant.waiver ? 'waiver outdated' : 'waiver not signed']),
  ];
  if (missing.length === 0) return null;
  const words = missing.join(', ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

export const ROSTER_CSV_HEADER = [
  'Date',
  'Name',
  'E-mail',
  'Phone',
  'Emergency contact name',
  'Emergency contact number',
  'Medical conditions',
  'Transportation',
  'Uphill ability',
  'Downhill ability',
  'Beacon',
  'Shovel',
  'Probe',
  'Waiver current',
  'Waiver version',
  'Waiver signed (America/Denver)',
  'Party',
] as const;

export function rosterCsv(roster: Roster): string {
  const when = formatDenverDateTime(roster.date.date._seconds * 1000);
  const rows = roster.participants.map((person) => {
    const survey = person.survey;
    return [
      when,
      participantName(person),
      person.email,
      formatPhoneNumber(person.phoneNumber),
      survey?.emergencyContactName,
      formatPhoneNumber(survey?.emergencyContactNumber),
      survey?.medicalConditions,
      survey?.transportation,
      survey?.uphillAbility,
      survey?.downhillAbility,
      survey?.beacon,
      survey?.shovel,
      survey?.probe,
      person.waiver?.current ? 'yes' : 'no',
      person.waiver?.version,
      person.waiver ? formatDenverDateTime(Date.parse(person.waiver.signedAt)) : '',
      joinedHow(person),
    ];
  });
  return toCsv([ROSTER_CSV_HEADER, ...rows]);
}

/** The file name of a date's roster: roster-DATEID.csv, with anything unusual in the id replaced. */
export function rosterFileName(dateId: string): string {
  return `roster-${dateId.replace(/[^A-Za-z0-9_-]/g, '_')}.csv`;
}
