/**
 * What an account form keeps while the customer edits it: the values shown (the saved ones until a
 * field changes, and again after a save), each field's message and whether a save is under way. A
 * submit checks the values with the shared schema and focuses the first field that failed; otherwise
 * it saves them and tells the form how the save went. A failed save keeps what was typed.
 */
import { useId, useState, type FormEvent } from 'react';
import type * as v from 'valibot';
import type { DatabaseUser } from '../../../../shared/contract/answers.ts';
import { describedBy } from '../../../ui/fields.tsx';
import { checkFields, firstFailed, type FieldErrors, type FormValues } from './form-values.ts';

interface Options<K extends string, S extends v.GenericSchema, R> {
  /** Whether the form has hydrated: a submit before that does nothing. */
  hydrated: boolean;
  /** The saved values the form starts from. */
  saved: FormValues<K>;
  schema: S;
  /** The fields in the order they are shown. */
  order: readonly K[];
  /** Saves the checked values; what it answers (the saved database user, for the account's forms) goes to `onSaved`. */
  save: (value: v.InferOutput<S>) => Promise<R>;
  /** Called as a submit starts, before the values are checked. */
  onStart: () => void;
  onSaved: (saved: R) => void;
  onFailed: (error: unknown) => void;
}

export function useAccountForm<K extends string, S extends v.GenericSchema, R = DatabaseUser>(options: Options<K, S, R>) {
  const id = useId();
  /** What the customer changed since the last save; null shows the saved values. */
  const [draft, setDraft] = useState<FormValues<K> | null>(null);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [busy, setBusy] = useState(false);

  const values = draft ?? options.saved;
  const fieldId = (field: K) => `${id}-${field}`;
  const errorId = (field: K) => `${id}-${field}-error`;

  function change(field: K, value: string) {
    setDraft({ ...values, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }
  const onChange = (field: K) => (event: { target: { value: string } }) => change(field, event.target.value);
  /** A control's id, value and changes, and its ARIA: invalid with its message, described by `hintId` too when given. */
  const control = (field: K, hintId?: string) => ({
    id: fieldId(field),
    value: values[field],
    onChange: onChange(field),
    ...describedBy(errors[field], errorId(field), hintId),
  });
  /** What a TextField needs of its field: the id, the message, the value and changes. */
  const textField = (field: K) => ({ id: fieldId(field), error: errors[field], value: values[field], onChange: onChange(field) });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!options.hydrated || busy) return;
    options.onStart();
    const result = checkFields(options.schema, values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = firstFailed(options.order, result.errors);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await options.save(result.value);
      setDraft(null);
      options.onSaved(saved);
    } catch (error) {
      options.onFailed(error);
    } finally {
      setBusy(false);
    }
  }

  return { id, errors, busy, fieldId, errorId, control, textField, submit };
}
