import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_POLICIES,
  CURRENT_POLICY,
  cancellationTerms,
  moveFeeWords,
  moveWarning,
  noticeDays,
  policyOf,
  refundBreakdown,
  termsInBrief,
  termsInFull,
} from '../../shared/rules/cancellation-policy.ts';
import { denverInstant } from '../../shared/rules/dates.ts';
import { orderTotal } from '../../shared/rules/pricing.ts';

const policy = CURRENT_POLICY;
/** A trip at 8:00 AM in Kamas on Saturday, January 30, 2027. */
const trip = denverInstant('2027-01-30', 8);
const PAID = 30000;

/** Asked at a wall-clock time in Kamas on a Kamas calendar day. */
const askedOn = (day: string, hour = 12, minute = 0) => denverInstant(day, hour, minute);

describe('the notice ladder, at every boundary', () => {
  it('30 days before: the whole amount back less $50, or a move for $50', () => {
    const terms = cancellationTerms(policy, PAID, trip, askedOn('2026-12-31'));
    expect(terms).toMatchObject({ noticeDays: 30, tier: 'full', refund: 25000, canMove: true, moveFee: 5000, policyVersion: '2026-1' });
  });

  it('29 days before: half back less $50, and no move', () => {
    const terms = cancellationTerms(policy, PAID, trip, askedOn('2027-01-01'));
    expect(terms).toMatchObject({ noticeDays: 29, tier: 'partial', refund: 10000, canMove: false });
  });

  it('14 days before: still half back less $50', () => {
    expect(cancellationTerms(policy, PAID, trip, askedOn('2027-01-16'))).toMatchObject({ noticeDays: 14, tier: 'partial', refund: 10000 });
  });

  it('13 days before, on the day and after it: nothing back and no move', () => {
    for (const [day, days] of [
      ['2027-01-17', 13],
      ['2027-01-30', 0],
      ['2027-01-31', -1],
    ] as const) {
      expect(cancellationTerms(policy, PAID, trip, askedOn(day))).toMatchObject({
        noticeDays: days,
        tier: 'none',
        refund: 0,
        canMove: false,
      });
    }
  });

  it('never gives back less than nothing', () => {
    expect(cancellationTerms(policy, 4000, trip, askedOn('2026-12-01')).refund).toBe(0);
    expect(cancellationTerms(policy, 9000, trip, askedOn('2027-01-10')).refund).toBe(0);
    expect(cancellationTerms(policy, 0, trip, askedOn('2026-12-01')).refund).toBe(0);
  });
});

describe('the terms as written follow the rules', () => {
  // The first day of each rung of the ladder, nearest the trip first: 13, 14 and 30 days' notice.
  const rungs = [
    { day: '2027-01-17', brief: 2 },
    { day: '2027-01-16', brief: 1 },
    { day: '2026-12-31', brief: 0 },
  ] as const;

  it.each(rungs)('asked on $day, the brief terms offer a change of date exactly when one may be made', ({ day, brief }) => {
    const { canMove } = cancellationTerms(policy, PAID, trip, askedOn(day));
    const written = termsInBrief(policy)[brief] ?? '';
    expect(written.includes('a move to another date for $50')).toBe(canMove);
    expect(written.includes('no change of date')).toBe(!canMove);
  });

  it.each(rungs)(
    'asked on $day, the policy page offers a change of date from My Bookings exactly when one may be made',
    ({ day, brief }) => {
      const { canMove } = cancellationTerms(policy, PAID, trip, askedOn(day));
      const { terms } = termsInFull(policy)[brief] ?? { terms: '' };
      expect(terms.includes('move your booking to another date from My Bookings')).toBe(canMove);
      expect(/cannot be changed|no refunds or date changes/.test(terms)).toBe(!canMove);
    },
  );
});

describe('days counted in Kamas, whatever the clock elsewhere', () => {
  it('11:59 PM on the 30th day before still counts 30; a minute later, 12:00 AM, counts 29', () => {
    expect(noticeDays(askedOn('2026-12-31', 23, 59), trip)).toBe(30);
    expect(noticeDays(askedOn('2027-01-01', 0, 0), trip)).toBe(29);
    // 11:59 PM in Kamas is already the next day in UTC: the count follows Kamas.
    expect(askedOn('2026-12-31', 23, 59).toISOString()).toBe('2027-01-01T06:59:00.000Z');
  });

  it('the start time of the trip does not matter, only its day', () => {
    const earlyTrip = denverInstant('2027-01-30', 0, 30);
    const lateTrip = denverInstant('2027-01-30', 23, 30);
    expect(noticeDays(askedOn('2026-12-31', 23, 59), earlyTrip)).toBe(30);
    expect(noticeDays(askedOn('2026-12-31', 0, 0), lateTrip)).toBe(30);
  });

  // The days asked on: the last minute of 30 days' notice and the first of 29, then of 14 and 13.
  it.each([
    // Clocks go forward at 2:00 AM on Sunday, March 14, 2027.
    {
      change: 'March change to daylight time',
      tripDay: '2027-03-20',
      days: ['2027-02-18', '2027-02-19', '2027-03-06', '2027-03-07'] as const,
    },
    // Clocks go back at 2:00 AM on Sunday, November 1, 2026.
    {
      change: 'November change back to standard time',
      tripDay: '2026-11-14',
      days: ['2026-10-15', '2026-10-16', '2026-10-31', '2026-11-01'] as const,
    },
  ])('across the $change, a day is a day', ({ tripDay, days: [last30, first29, last14, first13] }) => {
    const tripStart = denverInstant(tripDay, 8);
    expect(noticeDays(askedOn(last30, 23, 59), tripStart)).toBe(30);
    expect(noticeDays(askedOn(first29, 0, 0), tripStart)).toBe(29);
    expect(noticeDays(askedOn(last14, 23, 59), tripStart)).toBe(14);
    expect(noticeDays(askedOn(first13, 0, 0), tripStart)).toBe(13);
  });

  it('a quote holds until the next midnight in Kamas, on a day 23 or 25 hours long too', () => {
    expect(cancellationTerms(policy, PAID, trip, askedOn('2026-12-31', 23, 59))).toMatchObject({
      quoteDay: '2026-12-31',
      goodUntil: denverInstant('2027-01-01'),
    });
    expect(cancellationTerms(policy, PAID, trip, askedOn('2027-03-14', 0, 30)).goodUntil).toEqual(denverInstant('2027-03-15'));
    expect(cancellationTerms(policy, PAID, trip, askedOn('2026-11-01', 23, 30)).goodUntil).toEqual(denverInstant('2026-11-02'));
  });
});

describe('what was paid', () => {
  it('a promo-discounted booking gets back its share of what was paid, not of the list price', () => {
    const paid = orderTotal(15000, 2, { percentOff: 20 });
    expect(paid).toBe(24000);
    expect(cancellationTerms(policy, paid, trip, askedOn('2026-12-01')).refund).toBe(19000);
    expect(cancellationTerms(policy, paid, trip, askedOn('2027-01-10')).refund).toBe(7000);
  });

  it('half of an odd number of cents rounds to the nearest cent', () => {
    expect(cancellationTerms(policy, 12345, trip, askedOn('2027-01-10')).refund).toBe(1173);
  });
});

describe('versions', () => {
  it('a booking keeps the terms of the version it was paid under; one paid before versions were stored gets the current terms', () => {
    expect(policyOf('2026-1')).toBe(CANCELLATION_POLICIES['2026-1']);
    expect(policyOf(null)).toBe(CURRENT_POLICY);
    expect(policyOf('toString')).toBe(CURRENT_POLICY);
  });
});

describe('a quote in words: what comes back, and what the policy keeps and why', () => {
  const quote = (noticeDays: number, paid: number) => {
    const terms = cancellationTerms(
      CURRENT_POLICY,
      paid,
      denverInstant('2027-03-01', 8),
      denverInstant('2027-03-01', 8).getTime() - noticeDays * 86_400_000,
    );
    return { ...terms, policyVersion: CURRENT_POLICY.version };
  };

  it('names the cancellation fee with full notice, the share and the fee with partial notice, and the rule when nothing comes back', () => {
    expect(refundBreakdown(quote(45, 39_500), 'to the card you paid with')).toBe(
      "Cancelling now, with 45 days' notice: $395 paid, less the $50 cancellation fee, gives $345 back to the card you paid with.",
    );
    expect(refundBreakdown(quote(20, 39_500), 'in cash from our office')).toBe(
      "Cancelling now, with 20 days' notice: $395 paid, half of it less the $50 cancellation fee, gives $147.50 back in cash from our office.",
    );
    expect(refundBreakdown(quote(20, 8_000), 'to the card you paid with')).toBe(
      "Cancelling now, with 20 days' notice: $80 paid, half of it less the $50 cancellation fee, gives nothing back.",
    );
    expect(refundBreakdown(quote(10, 39_500), 'to the card you paid with')).toBe(
      "Cancelling now, with 10 days' notice: nothing of the $395 you paid comes back (no refunds 13 days or less before the day).",
    );
  });

  it('names the date-change fee', () => {
    expect(moveFeeWords({ noticeDays: 45, moveFee: 5_000 })).toBe(
      "Changing the date, with 45 days' notice, costs the $50 date-change fee; what you paid stays on the booking.",
    );
  });
});

describe('the warning before a move', () => {
  const asked = denverInstant('2027-01-01', 10);
  const on = (day: string) => denverInstant(day, 8);

  it('says a date 13 days or fewer away gives up any refund and further change', () => {
    expect(moveWarning(CURRENT_POLICY, asked, on('2027-01-14'))).toBe(
      'This date is 13 days or fewer away: once you move to it, the booking can no longer be refunded or changed.',
    );
    expect(moveWarning(CURRENT_POLICY, asked, on('2027-01-01'))).toMatch(/^This date is 13 days or fewer away/);
  });

  it('says a date 14 to 29 days away refunds only a part and cannot be changed again', () => {
    for (const day of ['2027-01-15', '2027-01-30'])
      expect(moveWarning(CURRENT_POLICY, asked, on(day))).toBe(
        'This date is less than 30 days away: once you move to it, cancelling refunds 50% less the fee, and the date cannot be changed again.',
      );
  });

  it('says nothing of a date 30 days or more away', () => {
    expect(moveWarning(CURRENT_POLICY, asked, on('2027-01-31'))).toBeNull();
  });
});
