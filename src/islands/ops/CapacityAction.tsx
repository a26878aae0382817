/** Changing a date's capacity: a number and a reason; the API refuses a capacity below the seats taken and says how many are. */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { opsCapacitySchema } from '../../lib/ops-schemas.ts';
import { TextField } from '../account/fields.tsx';
import { firstErrors, FormButtons, FormFailure, ReasonField, useOpenedForm } from './form-parts.tsx';

interface Props {
  capacity: number;
  change: (capacity: number, reason: string) => Promise<void>;
}

export function CapacityAction({ capacity, change }: Props) {
  const id = useId();
  const { open, setOpen, button, failure, setFailure, sending, send } = useOpenedForm(`${id}-capacity`);
  const [value, setValue] = useState(String(capacity));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ capacity?: string; reason?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(opsCapacitySchema, { capacity: value.trim() === '' ? Number.NaN : Number(value), reason });
    if (!checked.success) {
      setErrors(firstErrors<'capacity' | 'reason'>(checked.issues, 'reason'));
      setFailure(null);
      return;
    }
    setErrors({});
    await send(() => change(checked.output.capacity, checked.output.reason), 'The capacity could not be changed. Please try again.');
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
      <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
      <FormFailure failure={failure} />
      <FormButtons submit="Save capacity" sending={sending} onClose={() => setOpen(false)} />
    </form>
  );
}
