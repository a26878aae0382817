/**
 * The reminders to file the Forest Service's actual use report (../../shared/rules/actual-use.ts):
 * to each operator once the permit season has ended, and again from a week before the report is due,
 * while it is not filed. One message per season, reminder and operator, however often the sweep runs
 * or however many instances run it (the outbox keys them); a report filed meanwhile stops those not sent.
 */
import type { Db, Queryable } from '../db/client.ts';
import type { Identity } from '../identity.ts';
import { enqueueMail } from '../mail/mail-outbox.ts';
import { ensureUser } from '../users/store.ts';
import type { ActualUseReminderFacts } from '../mail/message-types.ts';
import { denverDay } from '../../shared/rules/dates.ts';
import { reportDueOn, reportReminder } from '../../shared/rules/actual-use.ts';
import { seasonFor } from '../../shared/rules/season.ts';
import { permitSeason } from './permit-settings.ts';
import { clockNow } from '../clock.ts';

const isFiled = async (db: Queryable, season: string) =>
  (await db.query(`select 1 from filed_reports where season = $1 limit 1`, [season])).length > 0;

/** Writes the reminders due today; returns how many were written now. */
export async function remindToFile(db: Db, identity: Identity, now = clockNow()): Promise<number> {
  const today = denverDay(now);
  // The season running (or next) may have ended early by the permit; the one before may still be due.
  const startYear = Number(seasonFor(now).start.slice(0, 4));
  const due: { season: string; reminder: 'season-ended' | 'due-soon' }[] = [];
  for (const year of [startYear, startYear - 1]) {
    const season = `${year}-${String(year + 1).slice(2)}`;
    const reminder = reportReminder(today, (await permitSeason(db, season)).lastDay);
    if (reminder && !(await isFiled(db, season))) due.push({ season, reminder });
  }
  if (due.length === 0) return 0;
  const operators = (await identity.staffAccounts()).filter((account) => account.roles.includes('operator'));
  return db.transaction(async (tx) => {
    // An operator known to the identity service who never used the site yet is written to all the same.
    for (const operator of operators)
      await ensureUser(tx, { uid: operator.uid, email: operator.email, name: operator.displayName, picture: null });
    return enqueueMail(
      tx,
      due.flatMap(({ season, reminder }) =>
        operators.map((operator) => ({
          kind: 'actual-use-reminder' as const,
          eventKey: `${season}:${reminder}`,
          recipientUid: operator.uid,
          bookingId: null,
          facts: { season, reminder },
        })),
      ),
    );
  });
}

/** A reminder's facts when it is sent; none once the season's report is filed. */
export async function reminderFacts(
  db: Queryable,
  facts: Record<string, unknown>,
  common: Pick<ActualUseReminderFacts, 'recipientName' | 'links'> & { siteUrl: string },
): Promise<{ facts: ActualUseReminderFacts } | { skip: string }> {
  const season = String(facts['season'] ?? '');
  if (await isFiled(db, season)) return { skip: 'the report is filed' };
  const { lastDay } = await permitSeason(db, season);
  return {
    facts: {
      recipientName: common.recipientName,
      links: common.links,
      season,
      lastDay,
      dueOn: reportDueOn(lastDay),
      last: facts['reminder'] === 'due-soon',
      reportLink: `${common.siteUrl}/ops/reports/actual-use?season=${encodeURIComponent(season)}`,
    },
  };
}
