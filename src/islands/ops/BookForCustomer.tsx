/**
 * Booking a date for a customer who called or came in: their e-mail (and a name when they are new
 * to the site), the party size, the activity where the date offers several, how it was paid (cash,
 * check or complimentary) and a reason. Checked by the API's own schema before anything is sent;
 * one request id per booking, so a retry books once. The customer gets the usual confirmation.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { OpsBooking, OpsDateOverview } from '../../lib/api/ops-types.ts';
import { OFFICE_PAYMENT_LABELS, OFFICE_PAYMENTS, opsBookSchema, type OfficePayment } from '../../lib/ops-schemas.ts';
import { formatDollars } from '../../lib/pricing.ts';
import { PARTY_SIZE_MAX, PARTY_SIZE_MIN } from '../../lib/schemas.ts';
import { opsApi } from '../../stores/ops-api.ts';
import { describedBy, FieldError, TextField } from '../account/fields.tsx';
import { firstErrors, FormFailure, ReasonField, useOpenedForm } from './form-parts.tsx';

type Field = 'email' | 'name' | 'partySize' | 'priceId' | 'paidBy' | 'reason';
const PARTY_SIZES = Array.from({ length: PARTY_SIZE_MAX - PARTY_SIZE_MIN + 1 }, (_, index) => PARTY_SIZE_MIN + index);

export function BookForCustomer({ date, onBooked }: { date: OpsDateOverview; onBooked: (booking: OpsBooking) => void }) {
  const id = useId();
  const { open, setOpen, button, failure, setFailure, sending, send } = useOpenedForm(`${id}-email`);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [partySize, setPartySize] = useState(1);
  const [priceId, setPriceId] = useState(date.prices.length === 1 ? (date.prices[0]?.id ?? '') : '');
  const [paidBy, setPaidBy] = useState<OfficePayment | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // One id per booking: the same request sent again (a retry) books once.
  const requestId = useRef(crypto.randomUUID());
  const price = date.prices.find((entry) => entry.id === priceId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(opsBookSchema, {
      email,
      name,
      dateId: date.id,
      partySize,
      ...(priceId ? { priceId } : {}),
      paidBy,
      reason,
      requestId: requestId.current,
    });
    if (!checked.success) {
      setErrors(firstErrors<Field>(checked.issues, 'reason'));
      setFailure(null);
      return;
    }
    setErrors({});
    await send(async () => {
      onBooked(await opsApi.bookForCustomer(checked.output));
      requestId.current = crypto.randomUUID();
      setEmail('');
      setName('');
      setReason('');
    }, 'The booking could not be made. Please try again.');
  }

  if (!open) {
    return (
      <button ref={button} type="button" className="button primary" onClick={() => setOpen(true)}>
        Book for a customer
      </button>
    );
  }
  return (
    <form className="ops-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Book for a customer</h3>
      <TextField
        id={`${id}-email`}
        label="Customer's e-mail"
        type="email"
        autoComplete="off"
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        id={`${id}-name`}
        label="Name, for a customer new to the site"
        autoComplete="off"
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="field">
        <label htmlFor={`${id}-party`}>Party size</label>
        <select id={`${id}-party`} value={partySize} onChange={(event) => setPartySize(Number(event.target.value))}>
          {PARTY_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      {date.prices.length > 1 && (
        <div className="field">
          <label htmlFor={`${id}-price`}>Activity</label>
          <select
            id={`${id}-price`}
            value={priceId}
            onChange={(event) => setPriceId(event.target.value)}
            {...describedBy(errors.priceId, `${id}-price-error`)}
          >
            <option value="">Choose one</option>
            {date.prices.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.nickname}, {formatDollars(entry.unitAmount)} a person
              </option>
            ))}
          </select>
          <FieldError id={`${id}-price-error`} error={errors.priceId} />
        </div>
      )}
      <fieldset className="ops-choices" {...describedBy(errors.paidBy, `${id}-paid-error`)}>
        <legend>Payment</legend>
        {OFFICE_PAYMENTS.map((way) => (
          <label key={way} className="ops-check">
            <input type="radio" name={`${id}-paid`} checked={paidBy === way} onChange={() => setPaidBy(way)} /> {OFFICE_PAYMENT_LABELS[way]}
          </label>
        ))}
        <FieldError id={`${id}-paid-error`} error={errors.paidBy} />
      </fieldset>
      {price && paidBy && (
        <p className="ops-muted">Total: {paidBy === 'complimentary' ? 'no charge' : formatDollars(price.unitAmount * partySize)}</p>
      )}
      <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
      <FormFailure failure={failure} />
      <div className="account-actions">
        <button type="submit" className="button primary" disabled={sending}>
          Book
        </button>
        <button type="button" className="button secondary" onClick={() => setOpen(false)} disabled={sending}>
          Close
        </button>
      </div>
    </form>
  );
}
