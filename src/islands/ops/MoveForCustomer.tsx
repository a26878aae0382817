/**
 * Moving a booking for its customer: a date of the same activity with seats for the whole party
 * (loaded when the form opens), the change fee waived or taken by the office, and a reason.
 * Checked by the API's own schema before anything is sent.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { OpsBooking } from '../../lib/api/ops-types.ts';
import { formatDenverDateTime } from '../../lib/dates.ts';
import { MOVE_FEES, opsMoveSchema, type OpsMoveRequest } from '../../lib/ops-schemas.ts';
import { formatDollars } from '../../lib/pricing.ts';
import { opsApi } from '../../stores/ops-api.ts';
import { AccountLoading, describedBy, FieldError } from '../account/fields.tsx';
import { useLoaded } from '../shared/use-loaded.ts';
import { firstErrors, FormButtons, FormFailure, ReasonField, useOpenedForm } from './form-parts.tsx';

type Field = 'toDateId' | 'fee' | 'reason';

function feeLabel(fee: OpsMoveRequest['fee'], amount: number): string {
  if (fee === 'waived') return 'Waived';
  return `${formatDollars(amount)} paid ${fee === 'cash' ? 'in cash' : 'by check'}`;
}

export function MoveForCustomer({ booking, onMoved }: { booking: OpsBooking; onMoved: (moved: OpsBooking) => void }) {
  const id = useId();
  const { open, setOpen, button, failure, setFailure, sending, send } = useOpenedForm(`${id}-title`);
  const targets = useLoaded(open ? `move:${booking.id}:${booking.dateId}` : null, (signal) => opsApi.moveTargets(booking.id, signal));
  const [toDateId, setToDateId] = useState('');
  const [fee, setFee] = useState<OpsMoveRequest['fee'] | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(opsMoveSchema, { toDateId, fee, reason });
    if (!checked.success) {
      setErrors(firstErrors<Field>(checked.issues, 'reason'));
      setFailure(null);
      return;
    }
    setErrors({});
    await send(async () => {
      onMoved(await opsApi.moveBooking(booking.id, checked.output));
      setToDateId('');
      setReason('');
    }, 'The booking could not be moved. Please try again.');
  }

  if (!open) {
    return (
      <button ref={button} type="button" className="button secondary" onClick={() => setOpen(true)}>
        Move to another date
      </button>
    );
  }
  return (
    <form className="ops-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} tabIndex={-1}>
        Move to another date
      </h3>
      {targets.status === 'loading' && <AccountLoading label="Loading the dates it can move to" />}
      {targets.status === 'failed' && (
        <p className="form-error" role="alert">
          {targets.error instanceof Error ? targets.error.message : 'The dates could not be loaded.'}
        </p>
      )}
      {targets.status === 'ready' && targets.value.dates.length === 0 && (
        <p className="ops-muted">No date of this activity has seats for the whole party.</p>
      )}
      {targets.status === 'ready' && targets.value.dates.length > 0 && (
        <>
          <div className="field">
            <label htmlFor={`${id}-date`}>New date</label>
            <select
              id={`${id}-date`}
              value={toDateId}
              onChange={(event) => setToDateId(event.target.value)}
              {...describedBy(errors.toDateId, `${id}-date-error`)}
            >
              <option value="">Choose one</option>
              {targets.value.dates.map((date) => (
                <option key={date.id} value={date.id}>
                  {formatDenverDateTime(Date.parse(date.startsAt))}, {date.seatsLeft} {date.seatsLeft === 1 ? 'seat' : 'seats'} left
                </option>
              ))}
            </select>
            <FieldError id={`${id}-date-error`} error={errors.toDateId} />
          </div>
          <fieldset className="ops-choices" {...describedBy(errors.fee, `${id}-fee-error`)}>
            <legend>Change fee</legend>
            {MOVE_FEES.map((way) => (
              <label key={way} className="ops-check">
                <input type="radio" name={`${id}-fee`} checked={fee === way} onChange={() => setFee(way)} />{' '}
                {feeLabel(way, targets.value.moveFee)}
              </label>
            ))}
            <FieldError id={`${id}-fee-error`} error={errors.fee} />
          </fieldset>
          <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
        </>
      )}
      <FormFailure failure={failure} />
      <FormButtons
        submit="Move"
        sending={sending}
        disabled={targets.status !== 'ready' || targets.value.dates.length === 0}
        onClose={() => setOpen(false)}
      />
    </form>
  );
}
