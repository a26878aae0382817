/**
 * Credit instead of a refund: what was paid, kept with the company as a gift card worth a bonus
 * percentage more (a setting, 10% unless the API is told otherwise). The bonus is its own part of
 * the card, named as a promotional amount.
 */
import { formatDollars } from './pricing.ts';

export const DEFAULT_CREDIT_BONUS_PERCENT = 10;

/** The card a credit of `paid` cents makes: its value and, of it, the bonus (rounded to the cent). */
export function creditFor(paid: number, percent: number): { value: number; bonus: number } {
  const bonus = Math.round((paid * percent) / 100);
  return { value: paid + bonus, bonus };
}

/** 'A gift card for $385, 10% more than you paid: $35 of it is a promotional bonus. It never expires, and pays for any of our trips.' */
export function creditOfferWords(credit: { amount: number; bonus: number; percent: number }, than = 'you paid'): string {
  const extra =
    credit.bonus > 0 ? `, ${credit.percent}% more than ${than}: ${formatDollars(credit.bonus)} of it is a promotional bonus` : '';
  return `A gift card for ${formatDollars(credit.amount)}${extra}. It never expires, and pays for any of our trips.`;
}
