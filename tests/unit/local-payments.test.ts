import { describe, expect, it } from 'vitest';
import { localCardOutcome, luhnValid } from '../../api/payments/local.ts';

const today = new Date('2026-11-21T12:00:00Z');

describe('the local provider\u2019s test cards', () => {
  it('accepts 4242 4242 4242 4242', () => {
    expect(localCardOutcome('4242 4242 4242 4242', '12/34', today)).toEqual({ ok: true });
  });
  it('declines 4000 0000 0000 0002 and 9995 as Stripe does', () => {
    expect(localCardOutcome('4000000000000002', '12/34', today)).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(localCardOutcome('4000 0000 0000 9995', '12/34', today)).toEqual({ ok: false, message: 'Your card has insufficient funds.' });
  });
  it('rejects a mistyped number and an expired card', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(localCardOutcome('4242424242424241', '12/34', today)).toEqual({ ok: false, message: 'Your card number is invalid.' });
    expect(localCardOutcome('4242424242424242', '10/26', today).ok).toBe(false);
    expect(localCardOutcome('4242424242424242', '11/26', today).ok).toBe(true);
  });
});
