/**
 * The cancellation policy as one versioned definition: `/cancellation-policy` writes its terms from
 * it, and the API computes every refund and date change with it. Each paid booking stores the
 * version in force when it was paid, so a later policy never changes an old booking's terms.
 *
 * Notice is counted in whole calendar days in Kamas (America/Denver), from the day the customer asks
 * to the day of the trip.
 */
import { denverDay, denverDaysBetween, nextDenverMidnight } from './dates.ts';
import { formatDollars } from './pricing.ts';

export interface CancellationPolicy {
  version: string;
  /** With this many days' notice or more: the full amount back, less the fee, or a move to another date for the move fee. */
  fullRefundDays: number;
  /** With this many days' notice or more (and less than fullRefundDays): `partialShare` back, less the fee. */
  partialRefundDays: number;
  /** The share of what was paid that comes back with partial notice (0.5: half). */
  partialShare: number;
  /** Cents kept from every refund. */
  cancellationFee: number;
  /** Cents a move to another date costs. */
  moveFee: number;
}

export const CANCELLATION_POLICIES = {
  '2026-1': {
    version: '2026-1',
    fullRefundDays: 30,
    partialRefundDays: 14,
    partialShare: 0.5,
    cancellationFee: 5000,
    moveFee: 5000,
  },
} as const satisfies Record<string, CancellationPolicy>;

export type PolicyVersion = keyof typeof CANCELLATION_POLICIES;

/** The terms that new bookings are paid under. */
export const CURRENT_POLICY: CancellationPolicy = CANCELLATION_POLICIES['2026-1'];

/** The policy of a stored version; the current one for a booking paid before versions were stored. */
export function policyOf(version: string | null | undefined): CancellationPolicy {
  return (
    (version && Object.hasOwn(CANCELLATION_POLICIES, version) ? CANCELLATION_POLICIES[version as PolicyVersion] : null) ?? CURRENT_POLICY
  );
}

/** Whole calendar days in Kamas from the day of `asked` to the day of `tripStart` (0 on the day itself, negative after it). */
export function noticeDays(asked: Date | number, tripStart: Date | number): number {
  return denverDaysBetween(asked, tripStart);
}

/** Which rung of the ladder a notice stands on. */
export type NoticeTier = 'full' | 'partial' | 'none';

export function noticeTier(policy: CancellationPolicy, days: number): NoticeTier {
  if (days >= policy.fullRefundDays) return 'full';
  if (days >= policy.partialRefundDays) return 'partial';
  return 'none';
}

export interface CancellationTerms {
  policyVersion: string;
  noticeDays: number;
  tier: NoticeTier;
  /** Cents paid for the booking (after any promo code). */
  paid: number;
  /** Cents that come back on cancelling; never negative. */
  refund: number;
  /** Whether the booking may move to another date, and for how many cents. */
  canMove: boolean;
  moveFee: number;
  /** The Kamas day these terms are computed for ('YYYY-MM-DD'), and the instant they stop holding (the next midnight there). */
  quoteDay: string;
  goodUntil: Date;
}

/** What cancelling (or moving) a booking paid `paid` cents for a trip at `tripStart` gives when asked at `asked`. */
export function cancellationTerms(
  policy: CancellationPolicy,
  paid: number,
  tripStart: Date | number,
  asked: Date | number,
): CancellationTerms {
  const days = noticeDays(asked, tripStart);
  const tier = noticeTier(policy, days);
  const share = tier === 'full' ? 1 : tier === 'partial' ? policy.partialShare : 0;
  const refund = tier === 'none' ? 0 : Math.max(0, Math.round(paid * share) - policy.cancellationFee);
  const quoteDay = denverDay(asked);
  return {
    policyVersion: policy.version,
    noticeDays: days,
    tier,
    paid,
    refund,
    canMove: tier === 'full',
    moveFee: policy.moveFee,
    quoteDay,
    goodUntil: nextDenverMidnight(asked),
  };
}

const shareWords = (share: number) => (share === 0.5 ? 'half of it' : `${percent(share)} of it`);
const noticeWords = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}' notice`;

/**
 * What cancelling gives, and what the policy keeps and why, in words: 'Cancelling now, with 45 days'
 * notice: $395 paid, less the $50 cancellation fee, gives $345 back to the card you paid with.'
 * `route` says where a refund goes ('to the card you paid with').
 */
export function refundBreakdown(
  quote: { policyVersion: string; noticeDays: number; paid: number; refund: number },
  route: string,
  /** Where the refund goes, amounts and all, when it goes more than one way. */
  backWords?: string,
): string {
  const policy = policyOf(quote.policyVersion);
  const tier = noticeTier(policy, quote.noticeDays);
  const lead = `Cancelling now, with ${noticeWords(quote.noticeDays)}:`;
  if (tier === 'none') {
    return `${lead} nothing of the ${formatDollars(quote.paid)} you paid comes back (no refunds ${policy.partialRefundDays - 1} days or less before the day).`;
  }
  const fee = `less the ${formatDollars(policy.cancellationFee)} cancellation fee`;
  const kept = tier === 'full' ? fee : `${shareWords(policy.partialShare)} ${fee}`;
  const back = quote.refund > 0 ? (backWords ?? `${formatDollars(quote.refund)} back ${route}`) : 'nothing back';
  return `${lead} ${formatDollars(quote.paid)} paid, ${kept}, gives ${back}.`;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * What a move to a date starting at `newStart` gives up, said before it is made: a date 13 days or
 * fewer away can no longer be refunded or changed, one under 30 days away refunds only a part and
 * cannot be changed again; null for a date far enough away to keep every choice.
 */
export function moveWarning(policy: CancellationPolicy, asked: Date | number, newStart: Date | number): string | null {
  const days = noticeDays(asked, newStart);
  const tier = noticeTier(policy, days);
  if (tier === 'none') {
    return `This date is ${policy.partialRefundDays - 1} days or fewer away: once you move to it, the booking can no longer be refunded or changed.`;
  }
  if (tier === 'partial') {
    return `This date is less than ${policy.fullRefundDays} days away: once you move to it, cancelling refunds ${percent(policy.partialShare)} less the fee, and the date cannot be changed again.`;
  }
  return null;
}

/** What moving to another date costs, and why: 'Changing the date, with 45 days' notice, costs the $50 date-change fee; what you paid stays on the booking.' */
export function moveFeeWords(quote: { noticeDays: number; moveFee: number }): string {
  return `Changing the date, with ${noticeWords(quote.noticeDays)}, costs the ${formatDollars(quote.moveFee)} date-change fee; what you paid stays on the booking.`;
}

/** The three rungs in brief, as the booking confirmation lists them. */
export function termsInBrief(policy: CancellationPolicy = CURRENT_POLICY): string[] {
  const fee = formatDollars(policy.cancellationFee);
  return [
    `${policy.fullRefundDays} days or more before the day: a refund less a ${fee} fee, or a move to another date for ${formatDollars(policy.moveFee)}.`,
    `${policy.partialRefundDays} to ${policy.fullRefundDays - 1} days before: a ${percent(policy.partialShare)} refund, less a ${fee} fee; no change of date.`,
    `${policy.partialRefundDays - 1} days or fewer: no refund and no change of date.`,
  ];
}

/** The rungs as the policy page writes them out: a lead in bold, then the terms. */
export function termsInFull(policy: CancellationPolicy = CURRENT_POLICY): { lead: string; terms: string }[] {
  const fee = formatDollars(policy.cancellationFee);
  return [
    {
      lead: `${policy.fullRefundDays} days' notice or more:`,
      terms: `we refund what you paid, less a ${fee} cancellation fee. You may instead move your booking to another date from My Bookings, for a ${formatDollars(policy.moveFee)} fee.`,
    },
    {
      lead: `${policy.partialRefundDays} to ${policy.fullRefundDays - 1} days' notice:`,
      terms: `we refund ${percent(policy.partialShare)} of what you paid, less a ${fee} cancellation fee. The date cannot be changed.`,
    },
    { lead: `${policy.partialRefundDays - 1} days' notice or less:`, terms: 'no refunds or date changes.' },
  ];
}
