/**
 * A booking's party as its members see it (issue 10): each member's name and whether their safety
 * survey and waiver are done, and the paid seats nobody has claimed yet. The rules are shared by the
 * API, which judges them, and My Bookings, which shows them.
 */
import type { Survey } from './schemas.ts';
import { surveyComplete } from './readiness.ts';
import { waiverIsCurrent } from './waiver-record.ts';

export type SurveyState = 'done' | 'missing';
export type WaiverState = 'signed' | 'missing';

export interface PartyMember {
  /** The profile name, else the part of the e-mail before the @. */
  name: string;
  /** This member is the caller. */
  you: boolean;
  survey: SurveyState;
  waiver: WaiverState;
}

/** GET /parties/{dateId}: the booker first, then friends in the order they joined. */
export interface Party {
  dateId: string;
  /** The booking the party is on, and whether the caller paid for it (and so may cancel it; a member may leave). */
  bookingId: string;
  youPaid: boolean;
  /** The caller paid, and the policy lets them change the date now. */
  canChangeDate: boolean;
  members: PartyMember[];
  /** Paid seats nobody has claimed. */
  openSpots: number;
}

/** Shown for a member with neither a profile name nor an e-mail. */
export const UNNAMED_MEMBER = 'Party member';

/** The name a party shows for a member: the profile name, else the e-mail before the @. */
export function memberName(displayName: string | null, email: string | null): string {
  const name = displayName?.trim();
  if (name) return name;
  const local = email?.split('@')[0]?.trim();
  return local || UNNAMED_MEMBER;
}

export function surveyState(survey: Survey | null): SurveyState {
  return surveyComplete({ survey }) ? 'done' : 'missing';
}

/**
 * Signed only when the member's latest signature is of the current text and covers the trip: it is
 * judged at the later of now and the date's start, so a season that ends before the trip counts as
 * missing.
 */
export function waiverState(
  latest: { version: string; coversUntil: Date | string } | null,
  currentVersion: string,
  startsAt: Date | number,
  now: Date | number = Date.now(),
): WaiverState {
  if (!latest) return 'missing';
  const at = Math.max(new Date(startsAt).getTime(), new Date(now).getTime());
  return waiverIsCurrent(latest, currentVersion, at) ? 'signed' : 'missing';
}

/** One row per paid seat: the members, then one open row per unclaimed seat. */
export type PartyRow = { kind: 'member'; member: PartyMember } | { kind: 'open' };

export function partyRows(party: Pick<Party, 'members' | 'openSpots'>): PartyRow[] {
  return [
    ...party.members.map((member) => ({ kind: 'member' as const, member })),
    ...Array.from({ length: Math.max(0, party.openSpots) }, () => ({ kind: 'open' as const })),
  ];
}

export const SURVEY_LABELS: Record<SurveyState, string> = { done: 'Survey done', missing: 'Survey missing' };
export const WAIVER_LABELS: Record<WaiverState, string> = { signed: 'Waiver signed', missing: 'Waiver missing' };
export const OPEN_SPOT = 'Open spot';
