/**
 * Who is at the trailhead, from the events every guide's phone recorded for a date, in whatever order
 * they arrive: a member is here from the earliest arrival anyone recorded (a later one, or a no-show
 * recorded on another phone, changes nothing), a no-show only when nobody saw them; their gear is the
 * latest check of it. A wrong tap is taken back by an undo event naming the Here or No-show it undoes
 * (of the same person): the undone event then counts for nothing, on every phone and in the console,
 * while the record keeps both. A waiver signed and a survey answered on a guide's phone are noted. The phones and the console read the same record the same way.
 */

import type { Survey } from '../contract/requests.ts';

export type TripEventKind = 'here' | 'no-show' | 'gear' | 'signed' | 'undo' | 'survey';
export type CheckInStatus = 'here' | 'no-show';
export interface Gear {
  beacon: boolean;
  shovel: boolean;
  probe: boolean;
}

/** What the merging reads of an event. */
export interface CheckInEvent {
  /** The event's id, which an undo names; an event without one cannot be undone. */
  id?: string;
  kind: TripEventKind;
  bookingId: string;
  uid: string;
  /** ISO 8601, by the recording phone's clock. */
  at: string;
  by: string;
  gear?: Gear | null;
  /** For an undo: the id of the event it takes back. */
  undoes?: string | null;
  /** For a survey answered on a guide's phone: the answers. */
  survey?: Survey | null;
}

export interface MemberCheckIn {
  status: CheckInStatus | null;
  /** When and by whom the status was first recorded. */
  at: string | null;
  by: string | null;
  gear: Gear | null;
  /** Signed the waiver on a guide's phone. */
  signedHere: boolean;
  /** The safety survey as answered on a guide's phone (the latest answers), or null. */
  surveyedHere: Survey | null;
  /** The ids of the Here and No-show events that stand (none undone), which taking a mark back undoes. */
  standing: Record<CheckInStatus, string[]>;
}

const nobodyYet = (): MemberCheckIn => ({
  status: null,
  at: null,
  by: null,
  gear: null,
  signedHere: false,
  surveyedHere: null,
  standing: { here: [], 'no-show': [] },
});

/** A member of one party: a person may be in two parties on a date, each seat checked in on its own. */
export const memberKey = (bookingId: string, uid: string) => `${bookingId}/${uid}`;

/** The Here and No-show events an undo of the same person takes back, by id. */
function undoneIds(events: readonly CheckInEvent[]): Set<string> {
  const marks = new Map(
    events.filter((event) => event.id && (event.kind === 'here' || event.kind === 'no-show')).map((event) => [event.id, event]),
  );
  const undone = new Set<string>();
  for (const event of events) {
    const target = event.kind === 'undo' && event.undoes ? marks.get(event.undoes) : undefined;
    if (target?.id && memberKey(target.bookingId, target.uid) === memberKey(event.bookingId, event.uid)) undone.add(target.id);
  }
  return undone;
}

/** Each member's check-in, by `memberKey`; members nobody recorded are absent. */
export function checkIns(events: readonly CheckInEvent[]): Map<string, MemberCheckIn> {
  const undone = undoneIds(events);
  const byTime = [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const members = new Map<string, MemberCheckIn>();
  for (const event of byTime) {
    const key = memberKey(event.bookingId, event.uid);
    const member = members.get(key) ?? nobodyYet();
    members.set(key, member);
    if (event.id && undone.has(event.id)) continue;
    if (event.kind === 'here' && member.status !== 'here') Object.assign(member, { status: 'here', at: event.at, by: event.by });
    if (event.kind === 'no-show' && member.status === null) Object.assign(member, { status: 'no-show', at: event.at, by: event.by });
    if ((event.kind === 'here' || event.kind === 'no-show') && event.id) member.standing[event.kind].push(event.id);
    if (event.kind === 'gear' && event.gear) member.gear = { ...event.gear };
    if (event.kind === 'signed') member.signedHere = true;
    if (event.kind === 'survey' && event.survey) member.surveyedHere = { ...event.survey };
  }
  return members;
}

/** The member's check-in, or nobody's yet. */
export function checkInOf(members: Map<string, MemberCheckIn>, bookingId: string, uid: string): MemberCheckIn {
  return members.get(memberKey(bookingId, uid)) ?? nobodyYet();
}

/**
 * What a tap on Here or No-show records, as the trip sheet's buttons work: a tap on the mark a member
 * has takes it back (every standing event of it is undone); a tap on the other mark undoes what stands
 * of both and records the new one, so a later undo never brings an old mark back.
 */
export function tapOf(checkIn: MemberCheckIn, tapped: CheckInStatus): { undo: string[]; record: CheckInStatus | null } {
  const other: CheckInStatus = tapped === 'here' ? 'no-show' : 'here';
  if (checkIn.status === tapped) return { undo: [...checkIn.standing[tapped], ...checkIn.standing[other]], record: null };
  return { undo: [...checkIn.standing.here, ...checkIn.standing['no-show']], record: tapped };
}
