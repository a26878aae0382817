/**
 * Changing a date's capacity: a number and a reason; the API refuses a capacity below the seats taken
 * and says how many are. Seats it adds go to the waitlist first, offered at once, as the form says.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { opsCapacitySchema } from '../../../../shared/contract/ops-requests.ts';
import { TextField } from '../../../ui/fields.tsx';
import { firstErrors, ReasonField, textValue, useOpenedForm } from '../../../ui/form-parts.tsx';
import { OpenedForm } from '../../../ui/OpsForm.tsx';

interface Props {
  capacity: number;
  change: (capacity: number, reason: string) => Promise<void>;
}

export function CapacityAction({ capacity, change }: Props) {
  const id = useId();
  const form = useOpenedForm(`${id}-capacity`);
  const [value, setValue] = useState(String(capacity));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ capacity?: string; reason?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(opsCapacitySchema, { capacity: value.trim() === '' ? Number.NaN : Number(value), reason });
    if (!checked.success) {
      setErrors(firstErrors<'capacity' | 'reason'>(checked.issues, 'reason'));
      form.setFailure(null);
      return;
    }
    setErrors({});
    await form.send(() => change(checked.output.capacity, checked.output.reason), 'The capacity could not be changed. Please try again.');
  }

  return (
    <OpenedForm form={form} id={id} opener="Change capacity" submit="Save capacity" onSubmit={submit}>
      <p className="ops-muted">
        Seats you add are offered at once to the parties on the waitlist, in line order, before anyone else can book them.
      </p>
      <TextField id={`${id}-capacity`} label="Capacity" inputMode="numeric" {...textValue(value, setValue, errors.capacity)} />
      <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
    </OpenedForm>
  );
}
