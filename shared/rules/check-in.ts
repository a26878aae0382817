/**
 * Who is at the trailhead, from the events every guide's phone recorded for a date, in whatever order
 * they arrive: a member is here from the earliest arrival anyone recorded (a later one, or a no-show
 * recorded on another phone, changes nothing), a no-show only when nobody saw them; their gear is the
 * latest check of it. The phones and the console read the same record the same way.
 */

export type TripEventKind = 'here' | 'no-show' | 'gear' | 'signed';
export interface Gear {
  beacon: boolean;
  shovel: boolean;
  probe: boolean;
}

/** What the merging reads of an event. */
export interface CheckInEvent {
  kind: TripEventKind;
  bookingId: string;
  uid: string;
  /** ISO 8601, by the recording phone's clock. */
  at: string;
  by: string;
  gear?: Gear | null;
}

export interface MemberCheckIn {
  status: 'here' | 'no-show' | null;
  /** When and by whom the status was first recorded. */
  at: string | null;
  by: string | null;
  gear: Gear | null;
  /** Signed the waiver on a guide's phone. */
  signedHere: boolean;
}

const NOBODY_YET: MemberCheckIn = { status: null, at: null, by: null, gear: null, signedHere: false };

/** A member of one party: a person may be in two parties on a date, each seat checked in on its own. */
export const memberKey = (bookingId: string, uid: string) => `${bookingId}/${uid}`;

/** Each member's check-in, by `memberKey`; members nobody recorded are absent. */
export function checkIns(events: readonly CheckInEvent[]): Map<string, MemberCheckIn> {
  const byTime = [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const members = new Map<string, MemberCheckIn>();
  for (const event of byTime) {
    const key = memberKey(event.bookingId, event.uid);
    const member = members.get(key) ?? { ...NOBODY_YET };
    if (event.kind === 'here' && member.status !== 'here') Object.assign(member, { status: 'here', at: event.at, by: event.by });
    if (event.kind === 'no-show' && member.status === null) Object.assign(member, { status: 'no-show', at: event.at, by: event.by });
    if (event.kind === 'gear' && event.gear) member.gear = { ...event.gear };
    if (event.kind === 'signed') member.signedHere = true;
    members.set(key, member);
  }
  return members;
}

/** The member's check-in, or nobody's yet. */
export function checkInOf(members: Map<string, MemberCheckIn>, bookingId: string, uid: string): MemberCheckIn {
  return members.get(memberKey(bookingId, uid)) ?? NOBODY_YET;
}
