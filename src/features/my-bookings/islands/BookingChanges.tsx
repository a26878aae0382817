/**
 * Under a booking card: the payer's `Cancel booking`, which asks the server for the refund first and
 * cancels only when the customer confirms that quote, and `Change date` while the policy allows it
 * (./DateChange.tsx); a member's `Leave party`, confirmed the same way. A quote that no longer holds
 * comes back with the new one, shown in its place.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { QuoteChanged, shownError } from '../../../lib/api/api-error.ts';
import type { CancellationQuote } from '../../../../shared/contract/answers.ts';
import { creditOfferWords } from '../../../../shared/rules/gift-card-credit.ts';
import { cancelledNotice, LEFT_NOTICE, QUOTE_CHANGED_NOTICE, quoteHolds, quoteSummary } from '../../../lib/cancellation-quote.ts';
import type { Party } from '../../../../shared/contract/answers.ts';
import { api } from '../../../stores/api.ts';

type Step =
  | { name: 'idle' }
  | { name: 'asking' }
  | { name: 'quoted'; quote: CancellationQuote; changed: boolean }
  | { name: 'leaving' }
  | { name: 'sending'; quote?: CancellationQuote }
  | { name: 'changing-date' };

interface Props {
  party: Party;
  /** The booking's title and date, for the buttons' names. */
  label: string;
  /** The booking ended for this customer: the card shows `notice` instead. */
  onEnded: (notice: string) => void;
  /** The booking moved to the date `dateId`, saying `notice`. */
  onMoved: (notice: string, dateId: string) => void;
}

// The change of date brings the card form with it: fetched only when a customer opens it, so /profile loads no payment code.
const DateChange = lazy(() => import('./DateChange.tsx'));

const failureText = (error: unknown) => shownError(error, 'Something went wrong. Please try again.');

export default function BookingChanges({ party, label, onEnded, onMoved }: Props) {
  const id = useId();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  /** The refund is to be kept as credit (a gift card worth more) instead of going back. */
  const [asCredit, setAsCredit] = useState(false);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const open = step.name === 'quoted' || step.name === 'leaving' || step.name === 'sending' || step.name === 'changing-date';
  const dateOpener = useRef<HTMLButtonElement>(null);
  /** Which button opened the panel, for focus to go back to when it closes. */
  const openedBy = useRef<'cancel-or-leave' | 'change-date'>('cancel-or-leave');

  const focusOpener = useRef(false);
  useEffect(() => {
    if (step.name === 'quoted' || step.name === 'leaving') panelHeading.current?.focus();
    if (step.name === 'idle' && focusOpener.current) {
      focusOpener.current = false;
      (openedBy.current === 'change-date' ? dateOpener : opener).current?.focus();
    }
  }, [step.name]);

  /** The customer changed their mind: the panel closes and focus goes back to the button that opened it. */
  function close() {
    focusOpener.current = true;
    setStep({ name: 'idle' });
    setFailure(null);
  }

  function changeDate() {
    openedBy.current = 'change-date';
    setFailure(null);
    setStep({ name: 'changing-date' });
  }

  async function askQuote() {
    setFailure(null);
    setStep({ name: 'asking' });
    try {
      setStep({ name: 'quoted', quote: await api.cancellationQuote({ params: { bookingId: party.bookingId } }), changed: false });
    } catch (error) {
      setStep({ name: 'idle' });
      setFailure(failureText(error));
    }
  }

  async function confirmCancel(quote: CancellationQuote) {
    setFailure(null);
    setStep({ name: 'sending', quote });
    try {
      const body = { quoteId: quote.quoteId, asCredit: asCredit && quote.credit !== null };
      const done = await api.cancelBooking({ params: { bookingId: party.bookingId }, body });
      onEnded(cancelledNotice(done.refund, quote.paidBy, quote.toGiftCards, done.credit));
    } catch (error) {
      if (error instanceof QuoteChanged) {
        setStep({ name: 'quoted', quote: error.quote, changed: true });
        return;
      }
      setStep({ name: 'quoted', quote, changed: false });
      setFailure(failureText(error));
    }
  }

  async function confirmLeave() {
    setFailure(null);
    setStep({ name: 'sending' });
    try {
      await api.leaveParty({ params: { bookingId: party.bookingId } });
      onEnded(LEFT_NOTICE);
    } catch (error) {
      setStep({ name: 'leaving' });
      setFailure(failureText(error));
    }
  }

  const sending = step.name === 'sending';
  const quote = step.name === 'quoted' ? step.quote : step.name === 'sending' ? step.quote : undefined;

  return (
    <div className="booking-changes">
      {!open && (
        <button
          ref={opener}
          type="button"
          className="button secondary"
          aria-disabled={step.name === 'asking'}
          onClick={() => {
            if (step.name === 'asking') return;
            openedBy.current = 'cancel-or-leave';
            if (party.youPaid) void askQuote();
            else setStep({ name: 'leaving' });
          }}
        >
          {party.youPaid ? (step.name === 'asking' ? 'Checking your refund...' : 'Cancel booking') : 'Leave party'}
          <span className="visually-hidden">: {label}</span>
        </button>
      )}
      {!open && party.canChangeDate && (
        <button ref={dateOpener} type="button" className="button secondary" onClick={changeDate}>
          Change date<span className="visually-hidden">: {label}</span>
        </button>
      )}
      {step.name === 'changing-date' && (
        <Suspense fallback={<p role="status">Loading the dates you can move to...</p>}>
          <DateChange bookingId={party.bookingId} onMoved={(notice, date) => onMoved(notice, date.id)} onClose={close} />
        </Suspense>
      )}
      {open && party.youPaid && quote && (
        <section className="booking-change-panel" aria-labelledby={`${id}-heading`}>
          <h4 id={`${id}-heading`} ref={panelHeading} tabIndex={-1}>
            Cancel this booking?
          </h4>
          {step.name === 'quoted' && step.changed && <p role="status">{QUOTE_CHANGED_NOTICE}</p>}
          <p className="booking-quote">{quoteSummary(quote)}</p>
          <p className="booking-quote-holds">
            {quoteHolds(quote)} <a href="/cancellation-policy">Cancellation Policy</a>
          </p>
          {quote.credit && (
            <fieldset className="booking-refund-way">
              <legend>How it comes back</legend>
              <label>
                <input type="radio" name={`${id}-way`} checked={!asCredit} onChange={() => setAsCredit(false)} />
                <span>As a refund, as above</span>
              </label>
              <label>
                <input type="radio" name={`${id}-way`} checked={asCredit} onChange={() => setAsCredit(true)} />
                <span>As credit: {creditOfferWords(quote.credit, 'the refund')}</span>
              </label>
            </fieldset>
          )}
          <p>Everyone in your party loses their seat, and is told by e-mail.</p>
          <div className="booking-change-buttons">
            <button type="button" className="button danger" aria-disabled={sending} onClick={() => sending || void confirmCancel(quote)}>
              {sending ? 'Cancelling...' : 'Confirm cancellation'}
            </button>
            <button type="button" className="button secondary" aria-disabled={sending} onClick={() => sending || close()}>
              Keep booking
            </button>
          </div>
        </section>
      )}
      {open && !party.youPaid && (
        <section className="booking-change-panel" aria-labelledby={`${id}-heading`}>
          <h4 id={`${id}-heading`} ref={panelHeading} tabIndex={-1}>
            Leave this party?
          </h4>
          <p>Your seat becomes an open spot the person who booked can share again. No money moves: they paid for the booking.</p>
          <div className="booking-change-buttons">
            <button type="button" className="button danger" aria-disabled={sending} onClick={() => sending || void confirmLeave()}>
              {sending ? 'Leaving...' : 'Leave party'}
            </button>
            <button type="button" className="button secondary" aria-disabled={sending} onClick={() => sending || close()}>
              Stay in the party
            </button>
          </div>
        </section>
      )}
      <p role="alert" className="form-error booking-change-error">
        {failure ?? ''}
      </p>
    </div>
  );
}
