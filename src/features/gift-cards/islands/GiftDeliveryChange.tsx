/**
 * A gift not sent yet, sent to another address, at another Kamas day and hour, or now: a button that
 * opens the form, checked by the contract's schema before anything is sent; the API's refusal (the
 * gift went meanwhile) shown in place. Focus goes into the form when it opens and back when it closes.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { denverDay, denverHour } from '../../../../shared/rules/dates.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { api } from '../../../stores/api.ts';
import { deliveryChange, type GiftDeliveryForm, type GiftErrors } from '../rules/gift-purchase.ts';
import GiftDelivery from './GiftDelivery.tsx';
import type { GivenGift } from './GivenGifts.tsx';

interface Props {
  gift: GivenGift;
  onChanged: (gift: GivenGift) => void;
}

function formOf(gift: GivenGift): GiftDeliveryForm {
  const at = gift.deliverAt ? Date.parse(gift.deliverAt) : Date.now();
  return { when: 'on', recipientEmail: gift.recipientEmail ?? '', day: denverDay(at), hour: String(denverHour(at)) };
}

export default function GiftDeliveryChange({ gift, onChanged }: Props) {
  const id = useId().replaceAll(':', '');
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(() => formOf(gift));
  const [errors, setErrors] = useState<Pick<GiftErrors, 'when' | 'recipientEmail'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [openedAt] = useState(() => Date.now());
  const opener = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) heading.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const checked = deliveryChange(form);
    setErrors(checked.ok ? {} : checked.errors);
    setFailure(null);
    if (!checked.ok) return;
    setSending(true);
    try {
      const changed = await api.changeGiftDelivery({ params: { giftCardId: gift.id }, body: checked.change });
      setOpen(false);
      onChanged(changed);
    } catch (error) {
      setFailure(shownError(error, 'The gift could not be changed. Please try again.'));
    } finally {
      setSending(false);
    }
  }

  if (!open) {
    return (
      <div className="button-row">
        <button
          ref={opener}
          type="button"
          className="button secondary"
          onClick={() => {
            setForm(formOf(gift));
            setErrors({});
            setFailure(null);
            setOpen(true);
          }}
        >
          Change where or when<span className="visually-hidden">: the gift for {gift.recipientName}</span>
        </button>
      </div>
    );
  }
  return (
    <form className="gift-form gift-delivery-change" noValidate onSubmit={(event) => void save(event)} aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Where and when it goes
      </h5>
      <GiftDelivery
        id={`gift-${id}`}
        form={form}
        errors={errors}
        openedAt={openedAt}
        canPrint={false}
        onChange={(change) => setForm({ ...form, ...change })}
      />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button primary" aria-disabled={sending}>
          {sending ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className="button secondary" aria-disabled={sending} onClick={() => sending || setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
