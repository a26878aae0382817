/**
 * The local payment provider: no money moves. It accepts Stripe's test card numbers so the
 * whole booking flow can be exercised offline, and reports outcomes through the same code path
 * as a Stripe webhook.
 */
import type { PaymentProvider } from './provider.ts';
import { clockNow } from '../clock.ts';

export type CardOutcome = { ok: true } | { ok: false; message: string };

const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': 'Your card\u2019s security code is incorrect.',
};

const SUCCEEDS = new Set(['4242424242424242', '4000056655665556', '5555555555554444', '378282246310005', '6011111111111117']);

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** What the local provider answers for a card, as Stripe's test mode would. */
export function localCardOutcome(cardNumber: string, expiry: string, today = clockNow()): CardOutcome {
  const digits = cardNumber.replace(/\s+/g, '');
  if (!luhnValid(digits)) return { ok: false, message: 'Your card number is invalid.' };
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const expiresAfter = new Date(Date.UTC(2000 + (year ?? 0), month ?? 0, 1));
  if (expiresAfter <= today) return { ok: false, message: 'Your card\u2019s expiration year is in the past.' };
  const decline = DECLINES[digits];
  if (decline) return { ok: false, message: decline };
  if (!SUCCEEDS.has(digits)) return { ok: false, message: 'Your card was declined. Use a test card such as 4242 4242 4242 4242.' };
  return { ok: true };
}

export function localProvider(): PaymentProvider {
  return {
    name: 'local',
    async createIntent(request) {
      // Derived from the (random, private) id of what it pays for, so a retried request gets the same intent.
      const id = `lpi_${request.payingFor}`;
      return { id, clientSecret: `${id}_secret` };
    },
    async refund() {
      // No money moved, so there is nothing to give back; the booking records the refund.
      return 'refunded';
    },
    async cancelIntent() {
      // Nothing exists at a provider; the released booking is what ends the payment session.
      return 'canceled';
    },
  };
}
