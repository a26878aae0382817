/** Changing a date's capacity: a number and a reason; the API refuses a capacity below the seats taken and says how many are. */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { opsCapacitySchema } from '../../lib/ops-schemas.ts';
import { describedBy, FieldError, TextField } from '../account/fields.tsx';

interface Props {
  capacity: number;
  change: (capacity: number, reason: string) => Promise<void>;
}

export function CapacityAction({ capacity, change }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(String(capacity));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ capacity?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) document.getElementById(`${id}-capacity`)?.focus();
    else if (wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open, id]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = v.safeParse(opsCapacitySchema, { capacity: value.trim() === '' ? Number.NaN : Number(value), reason });
    if (!checked.success) {
      const found: { capacity?: string; reason?: string } = {};
      for (const issue of checked.issues) found[issue.path?.[0]?.key === 'capacity' ? 'capacity' : 'reason'] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await change(checked.output.capacity, checked.output.reason);
      setOpen(false);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The capacity could not be changed. Please try again.');
    } finally {
      setSending(false);
    }
  }

  if (!open) {
    return (
      <button ref={button} type="button" className="button secondary" onClick={() => setOpen(true)}>
        Change capacity
      </button>
    );
  }
  return (
    <form className="ops-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Change capacity</h3>
      <TextField
        id={`${id}-capacity`}
        label="Capacity"
        inputMode="numeric"
        value={value}
        error={errors.capacity}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          {...describedBy(errors.reason, `${id}-reason-error`)}
        />
        <FieldError id={`${id}-reason-error`} error={errors.reason} />
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="account-actions">
        <button type="submit" className="button primary" disabled={sending}>
          Save capacity
        </button>
        <button type="button" className="button secondary" onClick={() => setOpen(false)} disabled={sending}>
          Close
        </button>
      </div>
    </form>
  );
}
