/**
 * The local payment provider's card form (no network, no keys), clearly in test
 * mode: it takes the test cards of the README. A declined card shows the provider's message and the
 * form stays for another card; a paid order goes to /payment-success, which checks the booking.
 */
import { useRef, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $card, confirmLocalCard, localSuccessPath, type CardField } from '../../../stores/card.ts';
import { useHydrated } from '../../shared/use-hydrated.ts';
import '../../../styles/payment.css';

const ERROR_ID = 'local-card-error';

export default function LocalCardForm() {
  const hydrated = useHydrated();
  const card = useStore($card);
  const busy = card.status === 'processing' || card.status === 'succeeded';
  // Uncontrolled inputs with no names: card details never reach an address or a form post.
  const cardNumberInput = useRef<HTMLInputElement>(null);
  const expiryInput = useRef<HTMLInputElement>(null);
  const cvcInput = useRef<HTMLInputElement>(null);

  const message = card.status === 'declined' || card.status === 'failed' ? card.message : null;
  const invalidField: CardField | null = card.status === 'declined' ? (card.field ?? 'cardNumber') : null;
  const fieldProps = (field: CardField) =>
    invalidField === field ? { 'aria-invalid': true, 'aria-describedby': ERROR_ID } : { 'aria-invalid': false };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !hydrated) return;
    const result = await confirmLocalCard({
      cardNumber: cardNumberInput.current?.value ?? '',
      expiry: expiryInput.current?.value ?? '',
      cvc: cvcInput.current?.value ?? '',
    });
    if (result.status === 'succeeded') {
      window.location.assign(localSuccessPath(result.bookingId, result.dateId));
      return;
    }
    if (result.status === 'declined') {
      const field = result.field ?? 'cardNumber';
      (field === 'expiry' ? expiryInput : field === 'cvc' ? cvcInput : cardNumberInput).current?.focus();
    }
  }

  return (
    <form
      className="payment-card-form"
      method="post"
      action="/checkout"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={busy}
    >
      <p className="payment-test-mode">
        <strong>Test mode:</strong> no money moves. Use card 4242 4242 4242 4242, any future date and any CVC.
      </p>
      <div className="payment-field">
        <label htmlFor="local-card-number">Card number</label>
        <input
          ref={cardNumberInput}
          id="local-card-number"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          spellCheck={false}
          required
          {...fieldProps('cardNumber')}
        />
      </div>
      <div className="payment-field-row">
        <div className="payment-field">
          <label htmlFor="local-card-expiry">Expiry (MM/YY)</label>
          <input
            ref={expiryInput}
            id="local-card-expiry"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            spellCheck={false}
            required
            {...fieldProps('expiry')}
          />
        </div>
        <div className="payment-field">
          <label htmlFor="local-card-cvc">CVC</label>
          <input
            ref={cvcInput}
            id="local-card-cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            spellCheck={false}
            required
            {...fieldProps('cvc')}
          />
        </div>
      </div>
      {message && (
        <p id={ERROR_ID} className="form-error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button primary payment-pay" disabled={!hydrated} aria-disabled={busy}>
        {busy ? 'Processing...' : 'Pay now'}
      </button>
    </form>
  );
}
