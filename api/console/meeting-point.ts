/**
 * Setting where a date's party meets: one of the company's trailheads and a time on the day, no later
 * than the start. The change, the operator's record of it and, within 48 hours of the start, the
 * party's e-mails are written in one transaction; setting the same point again changes nothing.
 */
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { enqueueMeetingPointChanged } from '../mail/mail-outbox.ts';
import { formatDenverTime } from '../../shared/rules/dates.ts';
import { meetingInstant, meetingPointOf, meetingPointWords, tellsParty } from '../../shared/rules/meeting-point.ts';
import type { OpsMeetingPointRequest } from '../../shared/contract/ops-requests.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import { DATE_NOT_FOUND } from './date-overview.ts';
import { recordAction } from '../record/operator-actions.ts';
import { clockNow } from '../clock.ts';

export const AFTER_THE_START = (start: string) => `The party cannot meet after the start (${start}): choose an earlier time.`;
export const DATE_OVER = 'This date has started or is called off: its meeting point stays as it was.';

export async function setMeetingPoint(db: Db, operator: Caller, dateId: string, request: OpsMeetingPointRequest, now = clockNow()) {
  return db.transaction(async (tx) => {
    const [date] = await tx.query<{
      calendar: CalendarName;
      starts_at: Date | string;
      called_off_at: Date | string | null;
      meeting_trailhead: string | null;
      meets_at: Date | string | null;
    }>(`select calendar, starts_at, called_off_at, meeting_trailhead, meets_at from calendar_dates where id = $1 for update`, [dateId]);
    if (!date) throw new DomainError('not-found', DATE_NOT_FOUND);
    const startsAt = new Date(date.starts_at);
    if (date.called_off_at || startsAt <= now) throw new DomainError('conflict', DATE_OVER);
    const meetsAt = meetingInstant(startsAt, request.time);
    if (!meetsAt) throw new DomainError('invalid', `Not a time: ${request.time}`);
    if (meetsAt > startsAt) throw new DomainError('invalid', AFTER_THE_START(formatDenverTime(startsAt)));
    const before = meetingPointOf(date);
    if (before?.trailhead === request.trailhead && before.meetsAt.getTime() === meetsAt.getTime())
      return { changed: false, told: 0, after: {} };
    const point = { trailhead: request.trailhead, meetsAt };
    await tx.query(`update calendar_dates set meeting_trailhead = $2, meets_at = $3 where id = $1`, [dateId, point.trailhead, meetsAt]);
    await recordAction(tx, operator, {
      action: 'set meeting point',
      subject: `date ${dateId}`,
      dateId,
      reason: `Meet at ${meetingPointWords(point, date.calendar)}`,
      before: before ? { trailhead: before.trailhead, meetsAt: before.meetsAt.toISOString() } : null,
      after: { trailhead: point.trailhead, meetsAt: meetsAt.toISOString() },
    });
    const told = tellsParty(startsAt, now) ? await enqueueMeetingPointChanged(tx, dateId, point) : 0;
    return { changed: true, told, after: { mailWritten: told > 0 } };
  });
}
