/**
 * The local payment provider's card form (no network, no keys), clearly in test mode: it takes the
 * test cards of the README. A declined card shows the provider's message, focuses the field it names
 * and keeps the form for another card. Checkout and a change of date each give it their payment's
 * state and what paying does.
 */
import { useRef, type AriaAttributes, type FormEvent, type RefObject } from 'react';
import type { CardField, CardInput, CardState } from './card.ts';
import { useHydrated } from '../../ui/hooks/use-hydrated.ts';
import '../../styles/payment.css';

const ERROR_ID = 'local-card-error';

interface Props {
  /** The payment this form is for: idle, processing, declined (with the field), failed or succeeded. */
  card: CardState;
  /** Pays with the card entered; resolves with the payment's new state. */
  pay: (input: CardInput) => Promise<CardState>;
  /** The page the form belongs to (its inputs have no names, so nothing is sent in an address or a post). */
  action: string;
}

export default function LocalCardForm({ card, pay, action }: Props) {
  const hydrated = useHydrated();
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
    const result = await pay({
      cardNumber: cardNumberInput.current?.value ?? '',
      expiry: expiryInput.current?.value ?? '',
      cvc: cvcInput.current?.value ?? '',
    });
    if (result.status === 'declined') {
      const field = result.field ?? 'cardNumber';
      (field === 'expiry' ? expiryInput : field === 'cvc' ? cvcInput : cardNumberInput).current?.focus();
    }
  }

  return (
    <form className="payment-card-form" method="post" action={action} noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <p className="payment-test-mode">
        <strong>Test mode:</strong> no money moves. Use card 4242 4242 4242 4242, any future date and any CVC.
      </p>
      <CardDetail field="cardNumber" inputRef={cardNumberInput} {...fieldProps('cardNumber')} />
      <div className="payment-field-row">
        <CardDetail field="expiry" inputRef={expiryInput} {...fieldProps('expiry')} />
        <CardDetail field="cvc" inputRef={cvcInput} {...fieldProps('cvc')} />
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

/** How the form asks for each of the card's details. */
const DETAILS: Record<CardField, { id: string; label: string; autoComplete: string; placeholder: string; maxLength: number }> = {
  cardNumber: {
    id: 'local-card-number',
    label: 'Card number',
    autoComplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
    maxLength: 23,
  },
  expiry: { id: 'local-card-expiry', label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 7 },
  cvc: { id: 'local-card-cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 },
};

/** One labelled card detail: digits typed as text, required, without spell-checking. */
function CardDetail({ field, inputRef, ...aria }: { field: CardField; inputRef: RefObject<HTMLInputElement | null> } & AriaAttributes) {
  const { id, label, autoComplete, placeholder, maxLength } = DETAILS[field];
  return (
    <div className="payment-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        spellCheck={false}
        required
        {...aria}
      />
    </div>
  );
}
