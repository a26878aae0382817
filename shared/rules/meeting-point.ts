/**
 * Where and when a date's party meets: one of the company's trailheads at a time on the day, set by
 * an operator; until then, the meeting area of the date's kind (meeting-area.ts). A change within 48
 * hours of the start is told to the party by e-mail.
 */
import { meetingArea } from '../company/meeting-area.ts';
import { site, trailheads } from '../company/site.ts';
import type { CalendarName } from '../contract/requests.ts';
import { denverDay, denverInstant, formatDenverTime } from './dates.ts';

export const TRAILHEAD_NAMES = trailheads.map((trailhead) => trailhead.name);
export type TrailheadName = (typeof TRAILHEAD_NAMES)[number];

/** A meeting time as the console's time field gives it: 'HH:MM', 24-hour, in Kamas. */
export const MEETING_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** How long before the start a change of meeting point is e-mailed to the party. */
export const TELL_PARTY_WITHIN_MS = 48 * 3_600_000;

export interface MeetingPoint {
  trailhead: string;
  meetsAt: Date;
}

/** The instant of `time` ('HH:MM') on the Kamas day of `startsAt`; null when it is not a time. */
export function meetingInstant(startsAt: Date, time: string): Date | null {
  const match = MEETING_TIME.exec(time);
  if (!match) return null;
  return denverInstant(denverDay(startsAt), Number(match[1]), Number(match[2]));
}

/** 'Soapstone Trailhead, 7:30 AM', or the date's meeting area while none is set. */
export function meetingPointWords(point: MeetingPoint | null, calendar: CalendarName): string {
  return point ? `${point.trailhead}, ${formatDenverTime(point.meetsAt)}` : meetingArea(calendar);
}

/** A map of where the party meets: the trailhead set, else Kamas. */
export function meetingMapUrl(point: MeetingPoint | null): string {
  const trailhead = trailheads.find((candidate) => candidate.name === point?.trailhead);
  return trailhead ? trailheadMapUrl(trailhead) : site.address.mapsUrl;
}

export const trailheadMapUrl = (trailhead: { lat: number; lng: number }) =>
  `https://www.google.com/maps/search/?api=1&query=${trailhead.lat}%2C${trailhead.lng}`;

/** A meeting point of a row's columns, when one is set. */
export function meetingPointOf(row: { meeting_trailhead: string | null; meets_at: Date | string | null }): MeetingPoint | null {
  return row.meeting_trailhead && row.meets_at ? { trailhead: row.meeting_trailhead, meetsAt: new Date(row.meets_at) } : null;
}

/** Whether a change made at `now` is e-mailed to the party: the date starts within 48 hours and has not started. */
export function tellsParty(startsAt: Date, now: Date): boolean {
  const ahead = startsAt.getTime() - now.getTime();
  return ahead > 0 && ahead <= TELL_PARTY_WITHIN_MS;
}
