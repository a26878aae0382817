/** A choice of one on the gift form: large radios, each with its words beside it, and the choice's message. */
import type { ReactNode } from 'react';
import { describedBy, FieldError } from '../../../ui/fields.tsx';

interface Props<Value extends string> {
  id: string;
  legend: string;
  choices: readonly { value: Value; label: ReactNode }[];
  value: Value;
  error?: string | undefined;
  onChange: (value: Value) => void;
}

export default function GiftChoices<Value extends string>({ id, legend, choices, value, error, onChange }: Props<Value>) {
  return (
    <fieldset className="gift-choices" {...describedBy(error, `${id}-error`)}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="gift-choice">
          <input type="radio" name={id} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          <span>{choice.label}</span>
        </label>
      ))}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
