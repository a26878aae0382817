/**
 * /booking/called-off?booking=BOOKING_ID, the page our call-off message links to: the payer reads
 * why we called off their day and chooses a full refund, credit worth more (a gift card), or another
 * date with seats for the party, at no charge (GET and POST /bookings/{id}/call-off). A signed-out visitor is sent to /sign-in,
 * which brings them back here.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type * as v from 'valibot';
import { ApiError } from '../../../lib/api/http.ts';
import type { CallOffChoice } from '../../../../shared/contract/answers.ts';
import type { callOffChoiceSchema } from '../../../../shared/contract/requests.ts';
import { calledOffLine, chosenLine, creditOffer, deadlineLine, partyLine, refundOffer } from '../../../../shared/rules/called-off.ts';
import { BOOKING_NOT_FOUND } from '../../../../shared/contract/messages.ts';
import { site } from '../../../../shared/company/site.ts';
import { api } from '../../../stores/api.ts';
import { AccountLoading } from '../../../ui/fields.tsx';
import { useAccountUser } from '../../account/islands/use-account-user.ts';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { SignInFirst, useSignInFirst } from '../../../ui/signed-in-only.tsx';
import DateChoice from './DateChoice.tsx';
import '../../../styles/account.css';
import '../../../styles/called-off.css';

type Choice = v.InferOutput<typeof callOffChoiceSchema>;

const failureText = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? error.message
    : 'Your booking could not be loaded. Please check your connection and reload the page.';

function Choices({ initial }: { initial: CallOffChoice }) {
  const id = useId();
  const [choice, setChoice] = useState(initial);
  const [picked, setPicked] = useState<string | null>(null);
  const [sending, setSending] = useState<Choice['choice'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const chosen = chosenLine(choice);

  useEffect(() => {
    if (chosen) outcome.current?.focus();
  }, [chosen]);

  const credit = creditOffer(choice);

  async function send(body: Choice) {
    if (sending) return;
    setFailure(null);
    setSending(body.choice);
    try {
      setChoice(await api.chooseAfterCallOff({ params: { bookingId: choice.bookingId }, body }));
    } catch (error) {
      setFailure(failureText(error));
      // The dates may have filled meanwhile: show them as they are now.
      api.callOffChoice({ params: { bookingId: choice.bookingId } }).then(setChoice, () => undefined);
      setPicked(null);
    } finally {
      setSending(null);
    }
  }

  return (
    <article className="called-off" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{choice.title}</h2>
      <p>{calledOffLine(choice)}</p>
      <p>
        <strong>Reason:</strong> {choice.reason}
      </p>
      {chosen ? (
        <>
          <p className="called-off-outcome" role="status" tabIndex={-1} ref={outcome}>
            {chosen}
          </p>
          <p>
            <a href="/profile">My Bookings</a>
          </p>
        </>
      ) : (
        <>
          <p>{deadlineLine(choice)}</p>
          <section className="called-off-option" aria-labelledby={`${id}-refund`}>
            <h3 id={`${id}-refund`}>A full refund</h3>
            <p>{refundOffer(choice)}</p>
            <button
              type="button"
              className="button secondary"
              aria-disabled={sending !== null}
              onClick={() => void send({ choice: 'refund' })}
            >
              {sending === 'refund' ? 'Refunding...' : 'Refund me in full'}
            </button>
          </section>
          {credit && (
            <section className="called-off-option" aria-labelledby={`${id}-credit`}>
              <h3 id={`${id}-credit`}>Keep it as credit</h3>
              <p>{credit}</p>
              <button
                type="button"
                className="button secondary"
                aria-disabled={sending !== null}
                onClick={() => void send({ choice: 'credit' })}
              >
                {sending === 'credit' ? 'Keeping it as credit...' : 'Keep it as credit'}
              </button>
            </section>
          )}
          <section className="called-off-option" aria-labelledby={`${id}-move`}>
            <h3 id={`${id}-move`}>A new date</h3>
            {choice.dates.length === 0 ? (
              <p>
                No date has seats for your whole party right now. Choose the refund, or call us at{' '}
                <a href={site.phone.href}>{site.phone.display}</a>.
              </p>
            ) : (
              <DateChoice
                legend={partyLine(choice)}
                dates={choice.dates}
                picked={picked}
                onPick={setPicked}
                name={`${id}-date`}
                headingLevel={4}
              />
            )}
            {choice.dates.length > 0 && (
              <button
                type="button"
                className="button primary"
                aria-disabled={sending !== null}
                onClick={() => {
                  if (sending) return;
                  if (picked) void send({ choice: 'move', dateId: picked });
                  else setFailure('Choose a date first.');
                }}
              >
                {sending === 'move' ? 'Moving...' : 'Move to this date'}
              </button>
            )}
          </section>
        </>
      )}
      <p role="alert" className="form-error called-off-error">
        {failure ?? ''}
      </p>
    </article>
  );
}

export default function CalledOffPage() {
  const { state, authUser } = useAccountUser();
  const bookingId = useSearchParam('booking');
  const uid = state === 'ready' ? (authUser?.uid ?? null) : null;
  const loaded = useLoaded(uid && bookingId ? `${uid}/${bookingId}` : null, (signal) =>
    api.callOffChoice({ params: { bookingId: bookingId ?? '' }, signal }),
  );

  useSignInFirst(state === 'signed-out');

  if (state === 'signed-out') return <SignInFirst toDo="choose for your booking" />;
  if (state === 'ready' && (!bookingId || loaded.status === 'failed')) {
    return (
      <div className="called-off-problem">
        <p role="alert" className="form-error">
          {loaded.status === 'failed' ? failureText(loaded.error) : BOOKING_NOT_FOUND}
        </p>
        <p>
          Your bookings are listed on <a href="/profile">your profile</a>.
        </p>
      </div>
    );
  }
  if (loaded.status !== 'ready') return <AccountLoading label="Loading your booking" />;
  return <Choices initial={loaded.value} />;
}
