/**
 * An operator action that needs one text (a reason, a note): a button that opens a small form, the
 * text checked by the shared schema before anything is sent, the failure shown in place. The form
 * never submits by itself; focus goes into it when it opens and back to the button when it closes.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { describedBy, FieldError } from '../account/fields.tsx';
import { FormButtons, FormFailure, useOpenedForm } from './form-parts.tsx';

interface Props {
  /** The button that opens the form, and the form's heading. */
  opener: string;
  heading: string;
  label: string;
  hint?: string;
  submit: string;
  schema: v.GenericSchema<string, string>;
  act: (text: string) => Promise<void>;
}

export function TextAction({ opener, heading, label, hint, submit, schema, act }: Props) {
  const id = useId();
  const { open, setOpen, button, failure, setFailure, sending, send } = useOpenedForm(`${id}-text`);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function sendText(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(schema, text);
    if (!checked.success) {
      setError(checked.issues[0].message);
      setFailure(null);
      return;
    }
    setError(undefined);
    await send(async () => {
      await act(checked.output);
      setText('');
    }, 'That did not work. Please try again.');
  }

  if (!open) {
    return (
      <button ref={button} type="button" className="button secondary" onClick={() => setOpen(true)}>
        {opener}
      </button>
    );
  }
  return (
    <form className="ops-form" onSubmit={(event) => void sendText(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{heading}</h3>
      <div className="field">
        <label htmlFor={`${id}-text`}>{label}</label>
        {hint && (
          <p id={`${id}-hint`} className="ops-muted">
            {hint}
          </p>
        )}
        <textarea
          id={`${id}-text`}
          value={text}
          rows={3}
          onChange={(event) => setText(event.target.value)}
          {...describedBy(error, `${id}-error`, hint ? `${id}-hint` : undefined)}
        />
        <FieldError id={`${id}-error`} error={error} />
      </div>
      <FormFailure failure={failure} />
      <FormButtons submit={submit} sending={sending} onClose={() => setOpen(false)} />
    </form>
  );
}
