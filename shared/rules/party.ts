/**
 * A booking's party as its members see it (issue 10): each member's name and whether their safety
 * survey and waiver are done, and the paid seats nobody has claimed yet. The rules are shared by the
 * API, which judges them, and My Bookings, which shows them.
 */
import type { Party, PartyMember } from '../contract/answers.ts';
import type { Survey } from '../contract/requests.ts';
import { surveyComplete } from './readiness.ts';
import { waiverIsCurrent } from './waiver-record.ts';

export type SurveyState = PartyMember['survey'];
export type WaiverState = PartyMember['waiver'];

/**
 * GET /calendar/invite/{code}: what an invite link is for, as the friend who follows it reads it
 * before joining: the trip, its start, who invited them (their first name only), and the party's open
 * spots.
 */
export interface Invitation {
  title: string;
  /** ISO 8601. */
  startsAt: string;
  /** The payer's first name; null when their profile has none. */
  invitedBy: string | null;
  spotsLeft: number;
}

/** The first name of a profile name ('Casey' of 'Casey Ridge'), or null for none. */
export function firstName(displayName: string | null): string | null {
  return displayName?.trim().split(/\s+/)[0] || null;
}

/** Shown for a member with neither a profile name nor an e-mail. */
export const UNNAMED_MEMBER = 'Party member';

/** '1 person', '3 people'. */
export function people(count: number): string {
  return count === 1 ? '1 person' : `${count} people`;
}

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

/** One row per paid seat: the members, then a row for each friend still joining, then one open row per seat left. */
export type PartyRow = { kind: 'member'; member: PartyMember } | { kind: 'joining'; name: string } | { kind: 'open' };

export function partyRows(party: Pick<Party, 'members' | 'joining' | 'openSpots'>): PartyRow[] {
  const joining = party.joining.slice(0, Math.max(0, party.openSpots));
  return [
    ...party.members.map((member) => ({ kind: 'member' as const, member })),
    ...joining.map((name) => ({ kind: 'joining' as const, name })),
    ...Array.from({ length: Math.max(0, party.openSpots - joining.length) }, () => ({ kind: 'open' as const })),
  ];
}

export const SURVEY_LABELS: Record<SurveyState, string> = { done: 'Survey done', missing: 'Survey missing' };
export const WAIVER_LABELS: Record<WaiverState, string> = { signed: 'Waiver signed', missing: 'Waiver missing' };
export const OPEN_SPOT = 'Open spot';
/** A friend who signed in from the invite link and has not finished joining. */
export const JOINING = 'Joining';
