import { describe, expect, it } from 'vitest';
import { migrate } from '../../api/db/migrate.ts';
import { importCatalog, parseCatalogFile } from '../../api/seed/import.ts';
import { demoCatalog, seedIfEmpty } from '../../api/seed/seed.ts';
import { openTestDb } from './harness.ts';

const counts = async (db: Awaited<ReturnType<typeof openTestDb>>) =>
  db.query(`select (select count(*)::int from products) as products, (select count(*)::int from prices) as prices,
                   (select count(*)::int from calendar_dates) as dates, (select count(*)::int from promo_codes) as promos`);

describe('migrations and catalog imports', () => {
  it('apply each migration once, and importing the same file twice changes nothing', async () => {
    const db = await openTestDb();
    try {
      expect(await migrate(db)).toEqual([
        '001_initial',
        '002_outbox_limits_flags',
        '003_waiver_records_roster_reads',
        '004_hold_sweeps_pending_email',
        '005_mail_outbox',
        '006_cancellations',
        '007_call_offs',
        '008_operator_actions',
        '009_office_bookings',
        '010_blackout_days',
        '011_call_off_rounds',
        '012_office_request_terms_and_address_owner',
        '013_outbox_leases_refusals',
        '014_party_joining',
        '015_moves_by_operator',
        '016_trip_day',
        '017_meeting_points',
        '018_waitlist',
        '019_trip_event_refusals',
        '020_waitlist_offer_indexes',
        '021_booking_client_secret',
        '022_held_trailhead_signatures',
        '023_trip_event_undo',
        '024_trip_event_survey',
        '025_staff_invitations',
        '026_gift_cards',
        '027_gift_card_spending',
        '028_gift_card_mail',
        '029_credit_instead_of_refund',
        '030_gift_card_reminders',
        '031_fees_by_gift_card',
        '032_permit_report',
        '033_app_clock',
        '034_gift_card_payments_owed',
        '035_card_refunds_at_provider',
      ]);
      expect(await migrate(db)).toEqual([]);
      expect(await seedIfEmpty(db)).toMatch(/^\d{4}-\d{2}$/);
      expect(await seedIfEmpty(db)).toBeNull();
      const before = await counts(db);
      await importCatalog(db, parseCatalogFile(demoCatalog()));
      expect(await counts(db)).toEqual(before);
    } finally {
      await db.close();
    }
  });

  it('updates an existing price in place and adds a new promo code', async () => {
    const db = await openTestDb();
    try {
      await migrate(db);
      await seedIfEmpty(db);
      await importCatalog(
        db,
        parseCatalogFile({
          prices: [
            { id: 'price_tour_ski', productId: 'prod_backcountry_tours', nickname: 'Ski & Splitboard Touring Day', unitAmount: 27_500 },
          ],
          promoCodes: [{ code: 'SPRING20', percentOff: 20, expiresAt: '2031-04-01T06:00:00Z' }],
        }),
      );
      expect(await db.query('select unit_amount from prices where id = $1', ['price_tour_ski'])).toEqual([{ unit_amount: 27_500 }]);
      expect(await db.query(`select percent_off from promo_codes where code = 'SPRING20'`)).toEqual([{ percent_off: 20 }]);
    } finally {
      await db.close();
    }
  });

  it('rejects a file with unknown fields or a promo code with two discounts, naming the problem', () => {
    expect(() => parseCatalogFile({ products: [{ id: 'p', name: 'P', colour: 'red' }] }, 'bad.json')).toThrow(/bad\.json is not valid/);
    expect(() => parseCatalogFile({ promoCodes: [{ code: 'BOTH', percentOff: 10, amountOff: 500 }] })).toThrow(
      /either percentOff or amountOff/,
    );
  });
});
