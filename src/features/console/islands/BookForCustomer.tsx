/**
 * Booking a date for a customer who called or came in: their e-mail (and a name when they are new
 * to the site), the party size, the activity where the date offers several, how it is paid (by card
 * now, in the checkout's card form, or in cash, by check or complimentary) and a reason. Checked by
 * the API's own schema before anything is sent; one request id per booking asked for, so a retry
 * books once and a changed form (another customer, after going back from the card form) is a new
 * request. The customer gets the usual confirmation.
 */
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { OpsBooking, OpsCardHold, OpsDateOverview } from '../../../../shared/contract/ops-answers.ts';
import { opsBookSchema, PAYMENT_LABELS } from '../../../../shared/contract/ops-requests.ts';
import { BOOKING_PAYMENTS, type BookingPayment } from '../../../../shared/rules/paid-by.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { requestIds } from '../../../lib/request-ids.ts';
import PartySizeOptions from '../../booking/islands/PartySizeOptions.tsx';
import { opsApi } from '../../../stores/ops-api.ts';
import { bookingOf, cardHoldOf } from '../../../lib/api/ops-client.ts';
import { TextField } from '../../../ui/fields.tsx';
import { ChoiceField, firstErrors, FormButtons, FormFailure, ReasonField, useOpenedForm } from '../../../ui/form-parts.tsx';

type Field = 'email' | 'name' | 'partySize' | 'priceId' | 'paidBy' | 'reason';
// The card form's code loads only when an operator takes a card.
const OfficeCardPayment = lazy(() => import('./OfficeCardPayment.tsx'));

export function BookForCustomer({ date, onBooked }: { date: OpsDateOverview; onBooked: (booking: OpsBooking) => void }) {
  const id = useId();
  const { open, setOpen, button, failure, setFailure, sending, send } = useOpenedForm(`${id}-email`);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [partySize, setPartySize] = useState(1);
  const [priceId, setPriceId] = useState(date.prices.length === 1 ? (date.prices[0]?.id ?? '') : '');
  const [paidBy, setPaidBy] = useState<BookingPayment | ''>('');
  const [cardHold, setCardHold] = useState<OpsCardHold | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // One id per booking asked for: the same request sent again (a retry) books once; another customer,
  // date, party size, activity or payment is a new request.
  const [ids] = useState(() => requestIds());
  const price = date.prices.find((entry) => entry.id === priceId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const asked = { email: email.trim().toLowerCase(), dateId: date.id, partySize, priceId, paidBy };
    const checked = v.safeParse(opsBookSchema, {
      email,
      name,
      dateId: date.id,
      partySize,
      ...(priceId ? { priceId } : {}),
      paidBy,
      reason,
      requestId: ids.idFor(asked),
    });
    if (!checked.success) {
      setErrors(firstErrors<Field>(checked.issues, 'reason'));
      setFailure(null);
      return;
    }
    setErrors({});
    if (checked.output.paidBy === 'card') {
      // The seats are held; the form stays open for the customer's card.
      await send(
        async () => setCardHold(cardHoldOf(await opsApi.bookForCustomer({ body: checked.output }))),
        'The seats could not be held. Please try again.',
        {
          keepOpen: true,
        },
      );
      return;
    }
    await send(async () => {
      onBooked(bookingOf(await opsApi.bookForCustomer({ body: checked.output })));
      startAgain();
    }, 'The booking could not be made. Please try again.');
  }

  function startAgain() {
    ids.forget();
    setEmail('');
    setName('');
    setReason('');
    setCardHold(null);
  }

  async function cardPaid(hold: OpsCardHold) {
    try {
      const booking = await opsApi.booking({ params: { bookingId: hold.bookingId } });
      startAgain();
      setOpen(false);
      onBooked(booking);
    } catch {
      startAgain();
      setFailure('The card was paid, but the booking could not be loaded: reload the page to see it.');
    }
  }

  if (cardHold) {
    // The card form is a form of its own: it takes the place of the booking's.
    return (
      <section className="ops-form" aria-labelledby={`${id}-card-title`}>
        <h3 id={`${id}-card-title`}>The customer's card</h3>
        <Suspense fallback={<p role="status">Loading the card form…</p>}>
          <OfficeCardPayment hold={cardHold} onPaid={() => void cardPaid(cardHold)} />
        </Suspense>
        <div className="account-actions">
          <button type="button" className="button secondary" onClick={() => setCardHold(null)}>
            Back to the booking
          </button>
        </div>
      </section>
    );
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
          <PartySizeOptions />
        </select>
      </div>
      {date.prices.length > 1 && (
        <ChoiceField
          id={`${id}-price`}
          legend="Activity"
          choices={date.prices.map((entry) => ({
            value: entry.id,
            label: `${entry.nickname}, ${formatDollars(entry.unitAmount)} a person`,
          }))}
          value={priceId}
          error={errors.priceId}
          onChange={setPriceId}
        />
      )}
      <ChoiceField
        id={`${id}-paid`}
        legend="Payment"
        choices={BOOKING_PAYMENTS.map((way) => ({ value: way, label: PAYMENT_LABELS[way] }))}
        value={paidBy ?? ''}
        error={errors.paidBy}
        onChange={setPaidBy}
      />
      {price && paidBy && (
        <p className="ops-muted">Total: {paidBy === 'complimentary' ? 'no charge' : formatDollars(price.unitAmount * partySize)}</p>
      )}
      <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
      <FormFailure failure={failure} />
      <FormButtons
        submit={paidBy === 'card' ? 'Hold the seats and take the card' : 'Book'}
        sending={sending}
        onClose={() => setOpen(false)}
      />
    </form>
  );
}
