/** What the called-off page says: the day, the deadline and the outcome of the payer's choice, in Kamas time. */
import type { CallOffChoice } from '../contract/answers.ts';
import { formatDenverDateTime } from './dates.ts';
import { refundRoute, refundRouteAndWhen } from './paid-by.ts';
import { formatDollars } from './pricing.ts';
import { creditOfferWords } from './gift-card-credit.ts';

export function calledOffLine(choice: CallOffChoice): string {
  return `We called off ${choice.title} on ${formatDenverDateTime(Date.parse(choice.startsAt))}.`;
}

export function deadlineLine(choice: CallOffChoice): string {
  return `Please choose by ${formatDenverDateTime(Date.parse(choice.chooseBy))} (Kamas time). If you have not chosen by then, we refund you in full.`;
}

/**
 * Said of a full refund after a call-off that gives back fees paid earlier to change the booking's
 * date: ' (the $50 you paid to change the date included)'; nothing when there were none.
 */
export const feesIncluded = (feesPaid: number, format: (cents: number) => string = formatDollars): string =>
  feesPaid > 0 ? ` (the ${format(feesPaid)} you paid to change the date included)` : '';

export const refundOffer = (choice: CallOffChoice) =>
  `${formatDollars(choice.amountPaid)}${feesIncluded(choice.feesPaid)} back ${refundRoute(choice.paidBy)}.`;

/** 'A gift card for $385, 10% more than you paid: $35 of it is a promotional bonus. It never expires.' */
export const creditOffer = (choice: CallOffChoice): string | null => (choice.credit ? creditOfferWords(choice.credit) : null);

export const partyLine = (choice: CallOffChoice) => `Dates with seats for your party of ${choice.partySize}, at no charge:`;

/** What the page says once the payer has chosen; null while they have not. */
export function chosenLine(choice: CallOffChoice): string | null {
  if (choice.choice === 'refund') {
    return `You chose a full refund: ${formatDollars(choice.amountPaid)}${feesIncluded(choice.feesPaid)} goes back ${refundRouteAndWhen(choice.paidBy)}.`;
  }
  if (choice.choice === 'credit') {
    return `You kept it as credit${choice.credit ? `: a gift card for ${formatDollars(choice.credit.amount)}` : ''}. It is on its way by e-mail and listed in My Bookings.`;
  }
  if (choice.choice === 'move' && choice.movedToStartsAt) {
    return `Your booking moved to ${formatDenverDateTime(Date.parse(choice.movedToStartsAt))}. Your party, invite link and QR code stay the same.`;
  }
  return null;
}
