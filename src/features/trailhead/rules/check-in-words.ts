/** A member's check-in in the words the trip sheet and the console show, times in Kamas. */
import type { MemberCheckIn, TripEventKind } from '../../../../shared/rules/check-in.ts';
import { formatDenverTime } from '../../../../shared/rules/dates.ts';

export function checkInWords(checkIn: MemberCheckIn): string {
  const when = checkIn.at ? formatDenverTime(Date.parse(checkIn.at)) : '';
  if (checkIn.status === 'here') return `Here since ${when}, checked in by ${checkIn.by}`;
  if (checkIn.status === 'no-show') return `No-show, marked at ${when} by ${checkIn.by}`;
  return 'Not checked in yet';
}

/** The gear checked, as a list in words: 'beacon, shovel and probe', 'none'. */
export function gearWords(checkIn: MemberCheckIn): string | null {
  if (!checkIn.gear) return null;
  const checked = (['beacon', 'shovel', 'probe'] as const).filter((item) => checkIn.gear?.[item]);
  if (checked.length === 0) return 'Gear checked: none';
  return `Gear checked: ${checked.length === 1 ? checked[0] : `${checked.slice(0, -1).join(', ')} and ${checked.at(-1)}`}`;
}

/** Everything the trailhead recorded of a member, for the console: null when nothing was. */
export function trailheadWords(checkIn: MemberCheckIn): string | null {
  if (!checkIn.status && !checkIn.gear && !checkIn.signedHere && !checkIn.surveyedHere) return null;
  return [
    checkIn.status ? checkInWords(checkIn) : null,
    gearWords(checkIn),
    checkIn.surveyedHere ? 'Answered the survey at the trailhead' : null,
    checkIn.signedHere ? 'Signed the waiver at the trailhead' : null,
  ]
    .filter((part) => part !== null)
    .join('. ');
}

const DONE: Record<TripEventKind, string> = {
  here: 'checked in',
  'no-show': 'marked a no-show',
  gear: 'gear checked',
  signed: 'signed the waiver',
  undo: 'a mark taken back',
  survey: 'answered the survey',
};

/** One event and why it needs a look, for the office: 'Fran Friend, checked in at 8:12 AM by Ana: That person is not in this party.' */
export function eventNoteWords(event: { member: string; kind: TripEventKind; at: string; by: string }, why: string): string {
  return `${event.member}, ${DONE[event.kind]} at ${formatDenverTime(Date.parse(event.at))} by ${event.by}: ${why}`;
}
