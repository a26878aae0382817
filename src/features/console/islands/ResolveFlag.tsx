/**
 * Resolving a flag from the console: what was given back, in dollars (0 when nothing was), and how it
 * was dealt with, checked by the API's own schema before anything is sent; it goes in the record.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { OpsFlagResolved, OpsOpenFlag } from '../../../../shared/contract/ops-answers.ts';
import { centsOf, opsResolveFlagSchema } from '../../../../shared/contract/ops-requests.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { TextField } from '../../../ui/fields.tsx';
import { firstErrors, ReasonField, textValue, useOpenedForm } from '../../../ui/form-parts.tsx';
import { OpenedForm } from '../../../ui/OpsForm.tsx';

type Field = 'gaveBack' | 'note';

export function ResolveFlag({ flag, onResolved }: { flag: OpsOpenFlag; onResolved: (answer: OpsFlagResolved) => void }) {
  const id = useId();
  const form = useOpenedForm(`${id}-gave-back`);
  const [gaveBack, setGaveBack] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(opsResolveFlagSchema, { gaveBack: centsOf(gaveBack) ?? -1, note });
    setErrors(checked.success ? {} : firstErrors<Field>(checked.issues, 'note'));
    if (!checked.success) {
      form.setFailure(null);
      return;
    }
    await form.send(
      async () => onResolved(await opsApi.resolveFlag({ params: { flagId: flag.id }, body: checked.output })),
      'The flag could not be resolved. Please try again.',
    );
  }

  return (
    <OpenedForm form={form} id={id} opener="Resolve" heading={`Resolve: ${flag.what}`} submit="Resolve" onSubmit={submit}>
      <TextField
        id={`${id}-gave-back`}
        label="Given back by hand, in dollars (0 when nothing was)"
        inputMode="decimal"
        {...textValue(gaveBack, setGaveBack, errors.gaveBack)}
      />
      <ReasonField id={`${id}-note`} label="How it was dealt with" value={note} error={errors.note} onChange={setNote} />
    </OpenedForm>
  );
}
