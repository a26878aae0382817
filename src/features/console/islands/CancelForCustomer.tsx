/**
 * An operator cancels a booking for its customer: a reason (kept in the record, not sent to the
 * customer) and the refund, the policy's amount to start with, at most what was paid. The form
 * never submits by itself: the button works once the island runs.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { OpsBooking } from '../../../../shared/contract/ops-answers.ts';
import { centsOf, opsCancelSchema } from '../../../../shared/contract/ops-requests.ts';
import { dollarsField, refundHint } from '../../../lib/ops-links.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { describedBy, FieldError, TextField } from '../../../ui/fields.tsx';
import { OpsForm } from '../../../ui/OpsForm.tsx';

interface Props {
  booking: OpsBooking;
  onCancelled: (booking: OpsBooking) => void;
}

export function CancelForCustomer({ booking, onCancelled }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(dollarsField(booking.policyRefund ?? booking.amount));
  const [errors, setErrors] = useState<{ reason?: string; refund?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);

  const refundCents = centsOf(refund);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = v.safeParse(opsCancelSchema, { reason, refund: refundCents ?? -1 });
    const tooMuch = refundCents !== null && refundCents > booking.amount;
    if (!checked.success || tooMuch) {
      const found: { reason?: string; refund?: string } = {};
      for (const issue of checked.success ? [] : checked.issues) {
        const field = issue.path?.[0]?.key === 'refund' ? 'refund' : 'reason';
        found[field] ??= issue.message;
      }
      if (tooMuch) found.refund = `A refund can be at most what was paid (${formatDollars(booking.amount)}).`;
      setErrors(found);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      onCancelled(await opsApi.cancelForCustomer({ params: { bookingId: booking.id }, body: checked.output }));
    } catch (error) {
      setFailure(shownError(error, 'The booking could not be cancelled. Please try again.'));
    } finally {
      setSending(false);
    }
  }

  if (!open) {
    return (
      <button
        type="button"
        className="button secondary"
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => reasonField.current?.focus());
        }}
      >
        Cancel booking
      </button>
    );
  }

  return (
    <OpsForm id={id} heading="Cancel this booking" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <p id={`${id}-reason-hint`} className="ops-muted">
          Kept in the record of operator actions; the party is told the booking was cancelled and what comes back.
        </p>
        <textarea
          id={`${id}-reason`}
          ref={reasonField}
          value={reason}
          rows={3}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          {...describedBy(errors.reason, `${id}-reason-error`, `${id}-reason-hint`)}
        />
        <FieldError id={`${id}-reason-error`} error={errors.reason} />
      </div>
      <TextField
        id={`${id}-refund`}
        label="Refund in dollars"
        error={errors.refund}
        hintId={`${id}-refund-hint`}
        inputMode="decimal"
        value={refund}
        onChange={(event) => setRefund(event.target.value)}
      >
        <p id={`${id}-refund-hint`} className="ops-muted">
          {refundHint(booking.amount, booking.policyRefund)}
        </p>
      </TextField>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="account-actions">
        <button type="submit" className="button primary" disabled={sending}>
          {sending ? 'Cancelling…' : refundCents === null ? 'Cancel booking' : `Cancel and refund ${formatDollars(refundCents)}`}
        </button>
        <button type="button" className="button secondary" onClick={() => setOpen(false)} disabled={sending}>
          Keep booking
        </button>
      </div>
    </OpsForm>
  );
}
