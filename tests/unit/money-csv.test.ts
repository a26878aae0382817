import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../shared/rules/booking-reference.ts';
import { moneyCsv } from '../../shared/reports/money-csv.ts';

describe("the accountant's export as a CSV", () => {
  it('has a row per movement: its Kamas date and time, what and how, the amount as a decimal, the booking, trip and customer', () => {
    const csv = moneyCsv([
      {
        at: '2027-01-02T03:30:00Z',
        kind: 'payment',
        method: 'card',
        amount: 79_000,
        bookingId: 'bk_abc123',
        tripStartsAt: '2027-01-09T15:00:00Z',
        activity: 'Backcountry Tours',
        customer: 'Ana Okafor',
        providerId: 'pi_123',
      },
      {
        at: '2027-01-05T17:00:00Z',
        kind: 'refund',
        method: 'cash',
        amount: -39_550,
        bookingId: 'bk_abc123',
        tripStartsAt: '2027-01-09T15:00:00Z',
        activity: 'Backcountry Tours',
        customer: 'Ana Okafor',
        providerId: null,
      },
      {
        at: '2026-12-20T07:15:00Z',
        kind: 'gift card sold',
        method: 'card',
        amount: 15_000,
        bookingId: null,
        tripStartsAt: null,
        activity: null,
        customer: 'gift@example.com',
        providerId: 'pi_gift',
      },
    ]);
    const reference = bookingReference('bk_abc123');
    expect(parse(csv)).toEqual([
      ['Date', 'Time', 'What', 'Method', 'Amount', 'Booking', 'Trip date', 'Activity', 'Customer', 'Provider id'],
      // 03:30 UTC on January 2 is 8:30 PM on January 1 in Kamas.
      ['2027-01-01', '20:30', 'Payment', 'Card', '790.00', reference, '2027-01-09', 'Backcountry Tours', 'Ana Okafor', 'pi_123'],
      ['2027-01-05', '10:00', 'Refund', 'Cash', '-395.50', reference, '2027-01-09', 'Backcountry Tours', 'Ana Okafor', ''],
      ['2026-12-20', '00:15', 'Gift card sold', 'Card', '150.00', '', '', '', 'gift@example.com', 'pi_gift'],
    ]);
  });
});
