/**
 * Moving a booking for its customer: a date of the same activity with seats for the whole party
 * (loaded when the form opens), the change fee waived or taken by the office, and a reason; off a
 * date we called off, the move is the customer's choice of another date, at no charge. Checked by
 * the API's own schema before anything is sent.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { OpsBooking } from '../../../../shared/contract/ops-answers.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { MOVE_FEES, opsMoveSchema, type OpsMoveRequest } from '../../../../shared/contract/ops-requests.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { AccountLoading } from '../../../ui/fields.tsx';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';
import { ChoiceField, firstErrors, ReasonField, SelectField, useOpenedForm } from '../../../ui/form-parts.tsx';
import { OpenedForm } from '../../../ui/OpsForm.tsx';

type Field = 'toDateId' | 'fee' | 'reason';

function feeLabel(fee: OpsMoveRequest['fee'], amount: number): string {
  if (fee === 'waived') return 'Waived';
  return `${formatDollars(amount)} paid ${fee === 'cash' ? 'in cash' : 'by check'}`;
}

export function MoveForCustomer({ booking, onMoved }: { booking: OpsBooking; onMoved: (moved: OpsBooking) => void }) {
  const id = useId();
  const form = useOpenedForm(`${id}-title`);
  const targets = useLoaded(form.open ? `move:${booking.id}:${booking.dateId}` : null, (signal) =>
    opsApi.moveTargets({ params: { bookingId: booking.id }, signal }),
  );
  const [toDateId, setToDateId] = useState('');
  // Off a called-off date there is no fee to take.
  const [fee, setFee] = useState<OpsMoveRequest['fee'] | ''>(booking.calledOff ? 'waived' : '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(opsMoveSchema, { toDateId, fee, reason });
    if (!checked.success) {
      setErrors(firstErrors<Field>(checked.issues, 'reason'));
      form.setFailure(null);
      return;
    }
    setErrors({});
    await form.send(async () => {
      onMoved(await opsApi.moveForCustomer({ params: { bookingId: booking.id }, body: checked.output }));
      setToDateId('');
      setReason('');
    }, 'The booking could not be moved. Please try again.');
  }

  return (
    <OpenedForm
      form={form}
      id={id}
      opener="Move to another date"
      focusableHeading
      submit="Move"
      disabled={targets.status !== 'ready' || targets.value.dates.length === 0}
      onSubmit={submit}
    >
      {targets.status === 'loading' && <AccountLoading label="Loading the dates it can move to" />}
      {targets.status === 'failed' && (
        <p className="form-error" role="alert">
          {shownError(targets.error, 'The dates could not be loaded.')}
        </p>
      )}
      {targets.status === 'ready' && targets.value.dates.length === 0 && (
        <p className="ops-muted">No date of this activity has seats for the whole party.</p>
      )}
      {targets.status === 'ready' && targets.value.dates.length > 0 && (
        <>
          <SelectField id={`${id}-date`} label="New date" value={toDateId} error={errors.toDateId} onChange={setToDateId}>
            <option value="">Choose one</option>
            {targets.value.dates.map((date) => (
              <option key={date.id} value={date.id}>
                {formatDenverDateTime(Date.parse(date.startsAt))}, {date.seatsLeft} {date.seatsLeft === 1 ? 'seat' : 'seats'} left
              </option>
            ))}
          </SelectField>
          {booking.calledOff ? (
            <p className="ops-muted">We called off this date: moving it is the customer’s choice of another date, at no charge.</p>
          ) : (
            <ChoiceField
              id={`${id}-fee`}
              legend="Change fee"
              choices={MOVE_FEES.map((way) => ({ value: way, label: feeLabel(way, targets.value.moveFee) }))}
              value={fee ?? ''}
              error={errors.fee}
              onChange={setFee}
            />
          )}
          <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
        </>
      )}
    </OpenedForm>
  );
}
