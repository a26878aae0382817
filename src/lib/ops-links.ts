/** The console's addresses and the words it shows for what it lists. */
import type { OpsBooking, OpsBookingStatus, OpsOfferMade, OpsPayment, OpsPromoCode } from '../../shared/contract/ops-answers.ts';
import type { WaitlistRowAnswer } from '../../shared/contract/waitlist.ts';
import { denverDay, formatDenverDateTime, formatDenverDayWithYear, formatDenverTime } from '../../shared/rules/dates.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import { messageWords } from '../../shared/contract/office-words.ts';

export const opsBookingLink = (bookingId: string) => `/ops/booking?id=${encodeURIComponent(bookingId)}`;
export const opsDateLink = (dateId: string) => `/ops/date?id=${encodeURIComponent(dateId)}`;
export const opsGiftCardLink = (cardId: string) => `/ops/gift-cards?card=${encodeURIComponent(cardId)}`;

export const BOOKING_STATUS_LABELS: Record<OpsBookingStatus, string> = { paid: 'Paid', cancelled: 'Cancelled', refunded: 'Refunded' };

const HOW_PAID: Record<OpsBooking['paidBy'], string> = { card: ' by card', cash: ' in cash', check: ' by check', complimentary: '' };

/** How a booking was paid: "$790 by card with WELCOME10", "$790 in cash", "Complimentary". */
export function paidText(booking: Pick<OpsBooking, 'amount' | 'paidBy'> & { promoCode?: string | null }): string {
  if (booking.paidBy === 'complimentary') return 'Complimentary';
  return `${formatDollars(booking.amount)}${HOW_PAID[booking.paidBy]}${booking.promoCode ? ` with ${booking.promoCode}` : ''}`;
}

/** What the cancel form says of the refund: "Up to the $120 paid. The policy gives $70 today." */
export function refundHint(paid: number, policyRefund: number | null): string {
  const policy = policyRefund === null ? '' : ` The policy gives ${formatDollars(policyRefund)} today.`;
  return `Up to the ${formatDollars(paid)} paid.${policy}`;
}

/** Cents as the refund field shows them: "70", "70.50". */
export function dollarsField(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const MESSAGE_STATES: Record<string, string> = { pending: 'waiting to be sent', sent: 'sent', skipped: 'not sent' };

/** 'Booking confirmation to casey@example.com, sent'; a kind or state this does not know reads as words too. */
export function messageLine(message: { kind: string; to: string | null; status: string }): string {
  return `${messageWords(message.kind)} to ${message.to ?? 'no address'}, ${MESSAGE_STATES[message.status] ?? message.status}`;
}

/** A refund or cancellation owed at the provider: done, still being tried, or given up and flagged for the office. */
const actionState = (status: string) => (status === 'done' ? 'done' : status === 'failed' ? 'not carried out: see the flag' : 'pending');

/**
 * One line of a booking's payments and refunds: 'paid $790 in cash', 'change-of-date fee of $50,
 * taken in cash', 'refund of $120.50, done (cancelled by the company)', 'unfinished card payment
 * cancelled, pending'.
 */
export function paymentLine(
  payment: Pick<OpsPayment, 'kind' | 'amount' | 'status' | 'reason'>,
  booking: Pick<OpsBooking, 'amount' | 'paidBy'>,
): string {
  const why = payment.reason ? ` (${payment.reason})` : '';
  switch (payment.kind) {
    case 'payment':
      return booking.paidBy === 'complimentary'
        ? 'complimentary, no charge'
        : `paid ${paidText({ amount: payment.amount ?? booking.amount, paidBy: booking.paidBy })}`;
    case 'fee':
      return `change-of-date fee of ${formatDollars(payment.amount ?? 0)}, ${payment.reason ?? 'paid'}`;
    case 'refund':
      return `refund of ${payment.amount === null ? 'the whole payment' : formatDollars(payment.amount)}, ${actionState(payment.status)}${why}`;
    case 'cancel':
      return `unfinished card payment cancelled, ${actionState(payment.status)}${why}`;
  }
}

/**
 * A promo code's terms as the console lists them: '20% off · through Sat, Jan 31, 2027 · 3 of 10 uses
 * · Active'; after its last day (a Kamas day, `today` being one too) it reads 'Expired', and once its
 * uses are all taken 'Used up'.
 */
export function promoTerms(promo: OpsPromoCode, today: string): string {
  const usedUp = promo.maxRedemptions !== null && promo.uses >= promo.maxRedemptions;
  const expired = promo.lastDay !== null && promo.lastDay < today;
  return [
    promo.percentOff !== null ? `${promo.percentOff}% off` : `${formatDollars(promo.amountOff ?? 0)} off`,
    promo.lastDay ? `${expired ? 'ended' : 'through'} ${formatDenverDayWithYear(promo.lastDay)}` : 'no last day',
    promo.maxRedemptions !== null ? `${promo.uses} of ${promo.maxRedemptions} uses` : `${promo.uses} ${promo.uses === 1 ? 'use' : 'uses'}`,
    ...(promo.onlyForSomeActivities ? ['some activities only'] : []),
    !promo.active ? 'Paused' : expired ? 'Expired' : usedUp ? 'Used up' : 'Active',
  ].join(' · ');
}

/** The offers an action made, in words: '2 seats offered to Ben Okafor until 8:24 PM.' (the day too when it is not today). */
export function offersMadeWords(offers: readonly OpsOfferMade[], now: Date | number): string {
  return offers
    .map((offer) => {
      const ends = Date.parse(offer.endsAt);
      const until = denverDay(ends) === denverDay(now) ? formatDenverTime(ends) : formatDenverDateTime(ends);
      return `${offer.seats} ${offer.seats === 1 ? 'seat' : 'seats'} offered to ${offer.name} until ${until}.`;
    })
    .join(' ');
}

/**
 * Whose open offers on the date an offer out of order to `row` takes back, as the API does: none
 * while the free seats are enough, else the newest first, as far as needed (the API skips one being
 * paid, and then takes the next).
 */
export function offersTakenBackFor(rows: readonly WaitlistRowAnswer[], row: WaitlistRowAnswer, free: number): string[] {
  const open = rows
    .filter((other) => other.id !== row.id)
    .flatMap((other) =>
      other.offers.filter((offer) => offer.state === 'open' && !offer.elsewhere).map((offer) => ({ name: other.name, ...offer })),
    )
    .sort((a, b) => Date.parse(b.madeAt) - Date.parse(a.madeAt));
  const names: string[] = [];
  let seats = free;
  for (const offer of open) {
    if (seats >= row.partySize) break;
    seats += offer.seats;
    names.push(offer.name);
  }
  return names;
}

/** Names in a sentence: 'Sam Small', 'Sam Small and Ann Lee', 'Sam, Ann and Bo'. */
export function namesInWords(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}
