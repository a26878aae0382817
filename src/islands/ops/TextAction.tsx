/**
 * An operator action that needs one text (a reason, a note): a button that opens a small form, the
 * text checked by the shared schema before anything is sent, the failure shown in place. The form
 * never submits by itself; focus goes into it when it opens and back to the button when it closes.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { describedBy, FieldError } from '../account/fields.tsx';

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
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) field.current?.focus();
    else if (wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  async function send(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = v.safeParse(schema, text);
    if (!checked.success) {
      setError(checked.issues[0].message);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await act(checked.output);
      setText('');
      setOpen(false);
    } catch (problem) {
      setFailure(problem instanceof Error ? problem.message : 'That did not work. Please try again.');
    } finally {
      setSending(false);
    }
  }

  if (!open) {
    return (
      <button ref={button} type="button" className="button secondary" onClick={() => setOpen(true)}>
        {opener}
      </button>
    );
  }
  return (
    <form className="ops-form" onSubmit={(event) => void send(event)} noValidate aria-labelledby={`${id}-title`}>
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
          ref={field}
          value={text}
          rows={3}
          onChange={(event) => setText(event.target.value)}
          {...describedBy(error, `${id}-error`, hint ? `${id}-hint` : undefined)}
        />
        <FieldError id={`${id}-error`} error={error} />
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="account-actions">
        <button type="submit" className="button primary" disabled={sending}>
          {submit}
        </button>
        <button type="button" className="button secondary" onClick={() => setOpen(false)} disabled={sending}>
          Close
        </button>
      </div>
    </form>
  );
}
