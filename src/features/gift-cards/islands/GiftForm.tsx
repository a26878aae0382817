/**
 * The gift form: what to give, to whom, when it arrives, and a message. Checked with the contract's
 * schema on Continue to payment, each message beside its field and the first wrong field focused;
 * then the purchase starts. Disabled until it can be sent (the island running, the buyer signed in).
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { GIFT_MESSAGE_MAX } from '../../../../shared/contract/gift-cards.ts';
import { describedBy, FieldError } from '../../../ui/fields.tsx';
import { firstWrong, giftRequest, stillWrong, type GiftErrors, type GiftField, type VoucherTrip } from '../rules/gift-purchase.ts';
import { $giftForm, $giftStep, editGift, startGiftPurchase } from '../stores/gift-purchase.ts';
import GiftDelivery from './GiftDelivery.tsx';
import GiftWhat from './GiftWhat.tsx';

/** The control each field's message sends the focus to. */
const FOCUS: Record<GiftField, string> = {
  gift: 'input[name="gift-kind"]',
  dollars: '#gift-dollars',
  priceId: '#gift-trip',
  recipientName: '#gift-name',
  when: '#gift-day',
  recipientEmail: '#gift-email',
  message: '#gift-message',
};

interface Props {
  /** Whether the form may be filled in and sent. */
  live: boolean;
  trips: readonly VoucherTrip[] | null;
  openedAt: number;
}

export default function GiftForm({ live, trips, openedAt }: Props) {
  const form = useStore($giftForm);
  const step = useStore($giftStep);
  const [shown, setErrors] = useState<GiftErrors>({});
  // A message shown goes as soon as its field is put right; a new one waits for the next Continue.
  const errors = useMemo(() => stillWrong(form, shown), [form, shown]);
  const starting = step.name === 'starting';
  const failure = step.name === 'choosing' ? step.failure : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!live || starting) return;
    const checked = giftRequest(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const wrong = firstWrong(checked.errors);
      if (wrong) event.currentTarget.querySelector<HTMLElement>(FOCUS[wrong])?.focus();
      return;
    }
    setErrors({});
    void startGiftPurchase(checked.request);
  }

  const length = form.message.trim().length;
  return (
    <form className="gift-form" method="post" action="/gift-cards" noValidate onSubmit={submit} aria-busy={starting}>
      <fieldset className="gift-form-fields" disabled={!live}>
        <legend className="visually-hidden">Your gift</legend>
        <GiftWhat form={form} errors={errors} trips={trips} />
        <div className="field">
          <label htmlFor="gift-name">Recipient&rsquo;s name</label>
          <input
            id="gift-name"
            type="text"
            autoComplete="off"
            maxLength={80}
            value={form.recipientName}
            onChange={(event) => editGift({ recipientName: event.target.value })}
            {...describedBy(errors.recipientName, 'gift-name-error')}
          />
          <FieldError id="gift-name-error" error={errors.recipientName} />
        </div>
        <GiftDelivery id="gift" form={form} errors={errors} openedAt={openedAt} canPrint onChange={editGift} />
        <div className="field">
          <label htmlFor="gift-message">Message (optional)</label>
          <textarea
            id="gift-message"
            rows={4}
            value={form.message}
            onChange={(event) => editGift({ message: event.target.value })}
            {...describedBy(errors.message, 'gift-message-error', 'gift-message-count')}
          />
          <p className={length > GIFT_MESSAGE_MAX ? 'form-error gift-count' : 'form-hint gift-count'} id="gift-message-count">
            {length} of {GIFT_MESSAGE_MAX} characters
          </p>
          <FieldError id="gift-message-error" error={errors.message} />
        </div>
      </fieldset>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button primary" disabled={!live} aria-disabled={starting}>
          {starting ? 'Starting the payment...' : 'Continue to payment'}
        </button>
      </div>
    </form>
  );
}
