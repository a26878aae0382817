/**
 * Credit instead of a refund: what was paid, kept with the company as a gift card worth a bonus
 * percentage more (a setting, 10% unless the API is told otherwise). The bonus is its own part of
 * the card, named as a promotional amount, and may be set to end some months after the card is
 * made; the rest never expires. The bonus is spent first, so an end takes only what is left of it.
 */
import { denverDayPlusMonths, formatDenverDayWithYear } from './dates.ts';
import { formatDollars } from './pricing.ts';

const DEFAULT_CREDIT_BONUS_PERCENT = 10;

/** What a credit earns: the bonus percentage, and the months its bonus may be used for (null: it never ends). */
export interface CreditTerms {
  percent: number;
  bonusMonths: number | null;
}

export const DEFAULT_CREDIT_TERMS: CreditTerms = { percent: DEFAULT_CREDIT_BONUS_PERCENT, bonusMonths: null };

/** A credit as offered: the card's value (`amount`), its bonus and percentage, and the last day of the bonus when it ends. */
export type CreditOffer = {
  amount: number;
  bonus: number;
  percent: number;
  bonusEndsOn?: string | undefined;
};

/** The card a credit of `paid` cents makes: its value and, of it, the bonus (rounded to the cent). */
export function creditFor(paid: number, percent: number): { value: number; bonus: number } {
  const bonus = Math.round((paid * percent) / 100);
  return { value: paid + bonus, bonus };
}

/** The credit `paid` cents become under `terms` on `today` (YYYY-MM-DD in Denver), its bonus ending `bonusMonths` later. */
export function creditOfferFor(paid: number, terms: CreditTerms, today: string): CreditOffer {
  const { value, bonus } = creditFor(paid, terms.percent);
  const endsOn = bonus > 0 && terms.bonusMonths !== null ? denverDayPlusMonths(today, terms.bonusMonths) : null;
  return { amount: value, bonus, percent: terms.percent, ...(endsOn ? { bonusEndsOn: endsOn } : {}) };
}

/** What is left of a card's bonus: the bonus is spent first, so the card keeps at least what was paid for it. */
export function bonusLeft(card: { value: number; bonus: number; balance: number }): number {
  return Math.max(0, Math.min(card.bonus, card.balance - (card.value - card.bonus)));
}

/** Whether a bonus whose last day is `endsOn` (YYYY-MM-DD) has ended by `today`; one with no end never does. */
export const bonusEnded = (endsOn: string | null, today: string): boolean => endsOn !== null && endsOn < today;

/**
 * A card's bonus as it is disclosed, `bonus` already written as money: '$35 of it is a promotional
 * bonus.', '… a promotional bonus, to use by Mon, Nov 29, 2027.', and once it has ended '$35 of it
 * was a promotional bonus, which ended on Mon, Nov 29, 2027.'
 */
export function bonusWords(bonus: string, endsOn: string | null, ended: boolean): string {
  if (!endsOn) return `${bonus} of it is a promotional bonus.`;
  const day = formatDenverDayWithYear(endsOn);
  return ended
    ? `${bonus} of it was a promotional bonus, which ended on ${day}.`
    : `${bonus} of it is a promotional bonus, to use by ${day}.`;
}

/**
 * 'A gift card for $385, 10% more than you paid: $35 of it is a promotional bonus. It never expires, and pays for any of our trips.'
 * With an end to the bonus: '…: $35 of it is a promotional bonus, to use by Mon, Nov 29, 2027. The rest never expires, and pays for any of our trips.'
 */
export function creditOfferWords(credit: CreditOffer, than = 'you paid'): string {
  const ends = credit.bonus > 0 && credit.bonusEndsOn;
  const extra =
    credit.bonus > 0
      ? `, ${credit.percent}% more than ${than}: ${formatDollars(credit.bonus)} of it is a promotional bonus${ends ? `, to use by ${formatDenverDayWithYear(credit.bonusEndsOn ?? '')}` : ''}`
      : '';
  return `A gift card for ${formatDollars(credit.amount)}${extra}. ${ends ? 'The rest never expires' : 'It never expires'}, and pays for any of our trips.`;
}
