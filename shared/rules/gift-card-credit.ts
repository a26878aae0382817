/**
 * Credit instead of a refund: what was paid, kept with the company as a gift card worth a bonus
 * percentage more (a setting, 10% unless the API is told otherwise). The bonus is its own part of
 * the card, named as a promotional amount.
 */
export const DEFAULT_CREDIT_BONUS_PERCENT = 10;

/** The card a credit of `paid` cents makes: its value and, of it, the bonus (rounded to the cent). */
export function creditFor(paid: number, percent: number): { value: number; bonus: number } {
  const bonus = Math.round((paid * percent) / 100);
  return { value: paid + bonus, bonus };
}
