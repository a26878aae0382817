/** Versioned migrations, applied in order at start; each runs once, in its own transaction. */
import type { Db } from './client.ts';
import * as initial from './migrations/001_initial.ts';
import * as outboxLimitsFlags from './migrations/002_outbox_limits_flags.ts';
import * as waiverRecordsRosterReads from './migrations/003_waiver_records_roster_reads.ts';
import * as holdSweepsPendingEmail from './migrations/004_hold_sweeps_pending_email.ts';
import * as mailOutbox from './migrations/005_mail_outbox.ts';
import * as cancellations from './migrations/006_cancellations.ts';
import * as callOffs from './migrations/007_call_offs.ts';
import * as operatorActions from './migrations/008_operator_actions.ts';
import * as officeBookings from './migrations/009_office_bookings.ts';
import * as blackoutDays from './migrations/010_blackout_days.ts';
import * as callOffRounds from './migrations/011_call_off_rounds.ts';
import * as officeRequestTermsAndAddressOwner from './migrations/012_office_request_terms_and_address_owner.ts';
import * as outboxLeasesRefusals from './migrations/013_outbox_leases_refusals.ts';
import * as partyJoining from './migrations/014_party_joining.ts';
import * as movesByOperator from './migrations/015_moves_by_operator.ts';
import * as tripDay from './migrations/016_trip_day.ts';
import * as meetingPoints from './migrations/017_meeting_points.ts';
import * as waitlist from './migrations/018_waitlist.ts';
import * as tripEventRefusals from './migrations/019_trip_event_refusals.ts';
import * as waitlistOfferIndexes from './migrations/020_waitlist_offer_indexes.ts';
import * as bookingClientSecret from './migrations/021_booking_client_secret.ts';
import * as heldTrailheadSignatures from './migrations/022_held_trailhead_signatures.ts';
import * as tripEventUndo from './migrations/023_trip_event_undo.ts';
import * as tripEventSurvey from './migrations/024_trip_event_survey.ts';
import * as staffInvitations from './migrations/025_staff_invitations.ts';
import * as giftCards from './migrations/026_gift_cards.ts';
import * as giftCardSpending from './migrations/027_gift_card_spending.ts';
import * as giftCardMail from './migrations/028_gift_card_mail.ts';
import * as creditInsteadOfRefund from './migrations/029_credit_instead_of_refund.ts';
import * as giftCardReminders from './migrations/030_gift_card_reminders.ts';
import * as feesByGiftCard from './migrations/031_fees_by_gift_card.ts';
import * as permitReport from './migrations/032_permit_report.ts';
import * as appClock from './migrations/033_app_clock.ts';
import * as giftCardPaymentsOwed from './migrations/034_gift_card_payments_owed.ts';
import * as cardRefundsAtProvider from './migrations/035_card_refunds_at_provider.ts';

export const migrations: readonly { version: string; sql: string }[] = [
  { version: '001_initial', sql: initial.sql },
  { version: '002_outbox_limits_flags', sql: outboxLimitsFlags.sql },
  { version: '003_waiver_records_roster_reads', sql: waiverRecordsRosterReads.sql },
  { version: '004_hold_sweeps_pending_email', sql: holdSweepsPendingEmail.sql },
  { version: '005_mail_outbox', sql: mailOutbox.sql },
  { version: '006_cancellations', sql: cancellations.sql },
  { version: '007_call_offs', sql: callOffs.sql },
  { version: '008_operator_actions', sql: operatorActions.sql },
  { version: '009_office_bookings', sql: officeBookings.sql },
  { version: '010_blackout_days', sql: blackoutDays.sql },
  { version: '011_call_off_rounds', sql: callOffRounds.sql },
  { version: '012_office_request_terms_and_address_owner', sql: officeRequestTermsAndAddressOwner.sql },
  { version: '013_outbox_leases_refusals', sql: outboxLeasesRefusals.sql },
  { version: '014_party_joining', sql: partyJoining.sql },
  { version: '015_moves_by_operator', sql: movesByOperator.sql },
  { version: '016_trip_day', sql: tripDay.sql },
  { version: '017_meeting_points', sql: meetingPoints.sql },
  { version: '018_waitlist', sql: waitlist.sql },
  { version: '019_trip_event_refusals', sql: tripEventRefusals.sql },
  { version: '020_waitlist_offer_indexes', sql: waitlistOfferIndexes.sql },
  { version: '021_booking_client_secret', sql: bookingClientSecret.sql },
  { version: '022_held_trailhead_signatures', sql: heldTrailheadSignatures.sql },
  { version: '023_trip_event_undo', sql: tripEventUndo.sql },
  { version: '024_trip_event_survey', sql: tripEventSurvey.sql },
  { version: '025_staff_invitations', sql: staffInvitations.sql },
  { version: '026_gift_cards', sql: giftCards.sql },
  { version: '027_gift_card_spending', sql: giftCardSpending.sql },
  { version: '028_gift_card_mail', sql: giftCardMail.sql },
  { version: '029_credit_instead_of_refund', sql: creditInsteadOfRefund.sql },
  { version: '030_gift_card_reminders', sql: giftCardReminders.sql },
  { version: '031_fees_by_gift_card', sql: feesByGiftCard.sql },
  { version: '032_permit_report', sql: permitReport.sql },
  { version: '033_app_clock', sql: appClock.sql },
  { version: '034_gift_card_payments_owed', sql: giftCardPaymentsOwed.sql },
  { version: '035_card_refunds_at_provider', sql: cardRefundsAtProvider.sql },
];

export async function migrate(db: Db): Promise<string[]> {
  await db.exec('create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())');
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction(async (tx) => {
      // One migrator at a time across API instances sharing a server database.
      await tx.query('lock table schema_migrations in exclusive mode');
      const done = await tx.query('select 1 from schema_migrations where version = $1', [migration.version]);
      if (done.length > 0) return false;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [migration.version]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}

function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
