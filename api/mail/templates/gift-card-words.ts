/** What a gift card's e-mails and its printable page say alike: its value, its bonus, and how to use it. */
import { bonusWords } from '../../../shared/rules/gift-card-credit.ts';
import { formatMoney } from '../../../shared/rules/pricing.ts';
import type { GiftCard } from '../message-types.ts';

/** '$150 to spend on any of our trips' or 'One seat on Avalanche Level 1'. */
export function giftValueWords(card: GiftCard): string {
  return card.value.kind === 'amount'
    ? `${formatMoney(card.value.amount, card.value.currency)} to spend on any of our trips`
    : `One seat on ${card.value.activity}`;
}

/** The bonus part of a credit, named as a promotional amount with its end; null when there is none. */
export function giftBonusWords(card: GiftCard): string | null {
  if (card.bonus <= 0 || card.value.kind !== 'amount') return null;
  const bonus = formatMoney(card.bonus, card.value.currency);
  return bonusWords(bonus, card.bonusEndsOn, card.bonusEnded);
}

/** The steps of using the card, as the e-mail's list and the page's. */
export function giftHowToUse(card: GiftCard): string[] {
  const book = card.value.kind === 'amount' ? 'Choose a trip and a date' : `Choose a date for ${card.value.activity}`;
  return [
    `${book} on ${new URL(card.bookLink).host}.`,
    'At the payment step, choose “Have a gift card?” and type the code (dashes and spaces do not matter).',
    card.value.kind === 'amount'
      ? 'Whatever the card does not cover is paid by card; what you do not spend stays on it for next time.'
      : 'The voucher pays one seat whatever the price is on the day you book.',
    ...(giftBonusWords(card) ? [giftBonusWords(card) as string] : []),
    'It never expires. Check what is left on it at any time with the QR code or on the gift card balance page.',
  ];
}
