/**
 * A payer changes the date of their booking: the fee and the dates that fit the party, from the
 * server; then the new seats are held while the fee is paid (./FeePayment.tsx: gift cards, and the
 * same card form as checkout for the rest). Only a paid fee moves the booking; a declined card keeps
 * everything as it was, and keeping the date while paying gives the held seats back at once.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { QuoteChanged } from '../../../lib/api/api-error.ts';
import type { DateChangeOptions, MoveTarget } from '../../../../shared/contract/answers.ts';
import { moveFeeWords, moveWarning, policyOf } from '../../../../shared/rules/cancellation-policy.ts';
import { QUOTE_CHANGED_NOTICE, quoteHolds } from '../../../lib/cancellation-quote.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { ApiError } from '../../../lib/api/http.ts';
import { api } from '../../../stores/api.ts';
import DateChoice from './DateChoice.tsx';
import FeePayment, { type FeeHold } from './FeePayment.tsx';

type Step =
  | { name: 'loading' }
  | { name: 'choosing'; options: DateChangeOptions; changed: boolean }
  | { name: 'holding'; options: DateChangeOptions }
  | { name: 'paying'; options: DateChangeOptions; hold: FeeHold; codes: string[] };

interface Props {
  bookingId: string;
  /** The booking moved to `date`: My Bookings shows it there, saying `notice`. */
  onMoved: (notice: string, date: MoveTarget) => void;
  /** The customer keeps the date they have. */
  onClose: () => void;
}

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

export const movedNotice = (date: MoveTarget) =>
  `Date changed. Your booking is now on ${formatDenverDateTime(Date.parse(date.startsAt))}; your party, invite link and QR code stay the same.`;

export default function DateChange({ bookingId, onMoved, onClose }: Props) {
  const id = useId();
  const [step, setStep] = useState<Step>({ name: 'loading' });
  const [picked, setPicked] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [keeping, setKeeping] = useState(false);
  // The notice a move's warning counts from: the day the panel opened, as the quote's.
  const [openedAt] = useState(() => Date.now());
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.dateChangeOptions({ params: { bookingId }, signal: controller.signal }).then(
      (options) => setStep({ name: 'choosing', options, changed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFailure(failureText(error));
      },
    );
    return () => controller.abort();
  }, [bookingId]);

  useEffect(() => {
    if (step.name === 'choosing' || step.name === 'paying') heading.current?.focus();
  }, [step.name]);

  /** Holds `date`'s seats with the fee on `codes`' gift cards first; a quote changed meanwhile goes back to the choice, with the new one. */
  async function holdFee(options: DateChangeOptions, date: MoveTarget, codes: string[]): Promise<string | null> {
    try {
      const held = await api.startDateChange({
        params: { bookingId },
        body: { quoteId: options.quote.quoteId, dateId: date.id, ...(codes.length > 0 ? { giftCodes: codes } : {}) },
      });
      const { clientSecret, provider, amount, total, giftCards, expiresAt } = held;
      setStep({
        name: 'paying',
        options,
        codes,
        hold: {
          bookingId: held.bookingId,
          clientSecret: clientSecret ?? '',
          provider,
          amount,
          total: total ?? amount,
          giftCards: giftCards ?? [],
          expiresAt,
          date,
        },
      });
      return null;
    } catch (error) {
      if (!(error instanceof QuoteChanged)) return failureText(error);
      setStep({ name: 'choosing', options: { ...options, quote: error.quote }, changed: true });
      return null;
    }
  }

  async function hold(options: DateChangeOptions) {
    const date = options.dates.find((candidate) => candidate.id === picked);
    if (!date) {
      setFailure('Choose a date first.');
      return;
    }
    setFailure(null);
    setStep({ name: 'holding', options });
    const refused = await holdFee(options, date, []);
    if (refused) {
      setFailure(refused);
      setStep({ name: 'choosing', options, changed: false });
    }
  }

  /** Keeps the date while the fee is unpaid: the new date's held seats go back now (else they lapse with the hold). */
  async function keepDate() {
    setKeeping(true);
    try {
      await api.keepDate({ params: { bookingId } });
    } catch (error) {
      console.warn('The held date could not be given back; its hold lapses by itself', error);
    }
    onClose();
  }

  const busy = step.name === 'holding';
  const options = step.name === 'choosing' || step.name === 'holding' ? step.options : null;
  const pickedDate = options?.dates.find((date) => date.id === picked);
  // Said before the move is made: a date near enough gives up a refund, or any further change.
  const warning =
    options && pickedDate ? moveWarning(policyOf(options.quote.policyVersion), openedAt, Date.parse(pickedDate.startsAt)) : null;

  return (
    <section className="booking-change-panel" aria-labelledby={`${id}-heading`} aria-busy={step.name === 'loading' || busy}>
      <h4 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Change the date?
      </h4>
      {step.name === 'loading' && !failure && <p role="status">Loading the dates you can move to...</p>}
      {options && (
        <>
          {step.name === 'choosing' && step.changed && <p role="status">{QUOTE_CHANGED_NOTICE}</p>}
          <p className="booking-quote">{moveFeeWords(options.quote)}</p>
          <p className="booking-quote-holds">
            {quoteHolds(options.quote)} <a href="/cancellation-policy">Cancellation Policy</a>
          </p>
          {options.dates.length === 0 ? (
            <p>No other date has seats for your whole party right now.</p>
          ) : (
            <DateChoice
              legend="Dates with seats for your party:"
              dates={options.dates}
              picked={picked}
              onPick={setPicked}
              name={`${id}-date`}
              headingLevel={5}
            />
          )}
          {warning && <p className="booking-move-warning">{warning}</p>}
          <div className="booking-change-buttons">
            {options.dates.length > 0 && (
              <button type="button" className="button primary" aria-disabled={busy} onClick={() => busy || void hold(options)}>
                {busy ? 'Holding the new date...' : 'Continue to payment'}
              </button>
            )}
            <button type="button" className="button secondary" aria-disabled={busy} onClick={() => busy || onClose()}>
              Keep this date
            </button>
          </div>
        </>
      )}
      {step.name === 'paying' && (
        <FeePayment
          key={step.hold.date.id}
          hold={step.hold}
          codes={step.codes}
          holdAgain={(codes) => holdFee(step.options, step.hold.date, codes)}
          onPaid={() => onMoved(movedNotice(step.hold.date), step.hold.date)}
          keepDate={() => void keepDate()}
          keeping={keeping}
        />
      )}
      {(step.name === 'loading' || options) && failure && (
        <>
          <p role="alert" className="form-error">
            {failure}
          </p>
          {step.name === 'loading' && (
            <button type="button" className="button secondary" onClick={onClose}>
              Close
            </button>
          )}
        </>
      )}
    </section>
  );
}
