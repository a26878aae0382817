import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { failedActionDetail } from '../../api/bookings/flags.ts';
import { GIVE_UP_AFTER_ATTEMPTS, givesUp } from '../../api/payment-outbox/give-up.ts';
import { retryDelaySeconds } from '../../api/outbox-queue.ts';
import { stripeRefusal } from '../../api/payments/stripe.ts';

type RawError = Parameters<typeof Stripe.errors.StripeError.generate>[0];
/** An error as Stripe's client library reads it from an answer with `statusCode`. */
const raw = (statusCode: number, error: Omit<RawError, 'statusCode'>): RawError => ({ statusCode, ...error });
/** What the outbox makes of such an error: the refusal it hands to a person, or null to try again. */
const refusalOf = (statusCode: number, error: Omit<RawError, 'statusCode'>) =>
  stripeRefusal(Stripe.errors.StripeError.generate(raw(statusCode, error)));

describe('Stripe errors that never pass', () => {
  it('are its invalid requests: a disputed charge, more than is left to refund, no such intent, a misused key, a card error', () => {
    const invalid = { type: 'invalid_request_error' } as const;
    expect(
      refusalOf(400, { ...invalid, code: 'charge_disputed', message: 'Charge ch_1 has been charged back; cannot issue a refund.' }),
    ).toBe('Charge ch_1 has been charged back; cannot issue a refund. (charge_disputed)');
    const tooMuch = 'Refund amount ($200.00) is greater than unrefunded amount on charge ($150.00)';
    expect(refusalOf(400, { ...invalid, message: tooMuch })).toBe(tooMuch);
    expect(refusalOf(404, { ...invalid, code: 'resource_missing', message: "No such payment_intent: 'pi_1'" })).toContain(
      'resource_missing',
    );
    const sameKey = 'Keys for idempotent requests can only be used with the same parameters';
    expect(refusalOf(400, { type: 'idempotency_error', message: sameKey })).toContain('same parameters');
    expect(refusalOf(402, { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' })).toContain('expired_card');
  });

  it('leave out what may pass: the network, Stripe’s own trouble, rate limits, a request still in flight, keys being fixed', () => {
    const passing = [
      Stripe.errors.StripeError.generate(raw(500, { type: 'api_error', message: 'Stripe is having a bad day' })),
      Stripe.errors.StripeError.generate(raw(429, { type: 'invalid_request_error', code: 'lock_timeout', message: 'Too many requests' })),
      Stripe.errors.StripeError.generate(raw(400, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' })),
      Stripe.errors.StripeError.generate(raw(409, { type: 'idempotency_error', code: 'idempotency_key_in_use', message: 'In use' })),
      Stripe.errors.StripeError.generate(raw(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' })),
      Stripe.errors.StripeError.generate(raw(403, { type: 'invalid_request_error', message: 'The provided key does not have access' })),
      new Stripe.errors.StripeConnectionError({ message: 'An error occurred with our connection to Stripe.' }),
      new Error('socket hang up'),
    ];
    for (const error of passing) expect(stripeRefusal(error), (error as Error).message).toBeNull();
  });
});

describe('a refund or cancellation handed to a person', () => {
  const failed = (attempts: number, refused: boolean) => ({ action: { attempts }, error: 'no', refused });

  it('goes at once when the provider refused it for good', () => {
    expect(givesUp(failed(1, true))).toBe(true);
  });

  it('goes after the last try when it kept failing, some 14 hours after the first', () => {
    expect(givesUp(failed(GIVE_UP_AFTER_ATTEMPTS - 1, false))).toBe(false);
    expect(givesUp(failed(GIVE_UP_AFTER_ATTEMPTS, false))).toBe(true);
    expect(givesUp(failed(GIVE_UP_AFTER_ATTEMPTS + 5, false))).toBe(true);
    let waited = 0;
    for (let attempts = 1; attempts < GIVE_UP_AFTER_ATTEMPTS; attempts += 1) waited += retryDelaySeconds(attempts);
    expect(waited / 3600).toBeGreaterThan(12);
    expect(waited / 3600).toBeLessThan(16);
  });

  it('never goes after a try that succeeded', () => {
    expect(givesUp({ action: { attempts: 50 }, error: null, refused: false })).toBe(false);
  });

  it('is flagged with what, where, after how many tries, the provider’s reason and what to do', () => {
    const base = { intentId: 'pi_1', amount: 20_000, currency: 'usd', provider: 'Stripe', error: 'Charge ch_1 is disputed.' };
    expect(failedActionDetail({ ...base, kind: 'refund', tries: 1, refused: true })).toBe(
      'Refund of $200 (pi_1) refused by Stripe after 1 try: Charge ch_1 is disputed. Give it back another way (in the provider’s dashboard, or by hand), then resolve this flag with what was given back.',
    );
    expect(failedActionDetail({ ...base, kind: 'cancel', tries: 12, refused: false })).toBe(
      'Cancellation of payment intent pi_1 still failing at Stripe after 12 tries: Charge ch_1 is disputed. Make sure in the provider’s dashboard that it can no longer be paid, then resolve this flag.',
    );
  });
});
