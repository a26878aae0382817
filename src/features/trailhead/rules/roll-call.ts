/**
 * The roll call's rules: what a member's row marks at a glance (waiver, survey, a medical note),
 * which rows a guide's filter and search keep, and what waits on the phone to be sent, counted in
 * people and signatures as a guide thinks of them.
 */
import type { TripMember } from '../../../../shared/contract/trailhead.ts';
import type { MemberCheckIn } from '../../../../shared/rules/check-in.ts';
import { surveyComplete } from '../../../../shared/rules/readiness.ts';
import { people as peopleWords } from '../../../../shared/rules/party.ts';

/** A mark on a member's row: `ready` when nothing is missing, `missing` for what is, `note` for what to read before leaving. */
export interface Mark {
  words: string;
  tone: 'ready' | 'missing' | 'note';
}

/** The row's marks: the waiver, the survey, and a medical note when the survey gives one. */
export function memberMarks(member: TripMember, checkIn: MemberCheckIn): Mark[] {
  const waiver: Mark = checkIn.signedHere
    ? { words: 'Waiver signed here', tone: 'ready' }
    : member.waiver?.current
      ? { words: 'Waiver signed', tone: 'ready' }
      : { words: member.waiver ? 'Waiver outdated' : 'No waiver', tone: 'missing' };
  const survey: Mark = checkIn.surveyedHere
    ? { words: 'Survey answered here', tone: 'ready' }
    : surveyComplete(member)
      ? { words: 'Survey done', tone: 'ready' }
      : { words: 'No survey', tone: 'missing' };
  const medicalNote = (member.survey ?? checkIn.surveyedHere)?.medicalConditions?.trim();
  const medical: Mark[] = medicalNote ? [{ words: 'Medical note', tone: 'note' }] : [];
  return [waiver, survey, ...medical];
}

export interface RollCallFilter {
  /** Only the members nobody has marked here or a no-show yet. */
  notCheckedIn: boolean;
  /** Part of a name (or an e-mail, for a member with no name), in any case. */
  search: string;
}

/** Whether the member's row shows under the filter. */
export function keptByFilter(member: TripMember, checkIn: MemberCheckIn, filter: RollCallFilter): boolean {
  if (filter.notCheckedIn && checkIn.status !== null) return false;
  const wanted = filter.search.trim().toLocaleLowerCase();
  if (!wanted) return true;
  return [member.name, member.email].some((text) => text?.toLocaleLowerCase().includes(wanted));
}

/** One event recorded on the phone and not yet sent: whom it names, and whether it is a signature. */
export interface UnsentEvent {
  bookingId: string;
  uid: string;
  kind: string;
}

/**
 * What waits on the phone, in a guide's words: '3 people and 1 signature wait to be sent'; null when
 * nothing does. A person counts once however many taps they took; a signature counts on its own.
 */
export function unsentWords(unsent: readonly UnsentEvent[]): string | null {
  const people = new Set(unsent.filter((event) => event.kind !== 'signed').map((event) => `${event.bookingId}/${event.uid}`)).size;
  const signatures = unsent.filter((event) => event.kind === 'signed').length;
  const parts = [
    people > 0 ? peopleWords(people) : null,
    signatures > 0 ? `${signatures} ${signatures === 1 ? 'signature' : 'signatures'}` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const one = people + signatures === 1;
  return `${parts.join(' and ')} ${one ? 'waits' : 'wait'} to be sent`;
}
