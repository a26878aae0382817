/**
 * An operator action that needs one text (a reason, a note): a button that opens a small form, the
 * text checked by the shared schema before anything is sent, the failure shown in place. The form
 * never submits by itself; focus goes into it when it opens and back to the button when it closes.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { reasonSchema } from '../../../../shared/contract/ops-requests.ts';
import { describedBy, FieldError } from '../../../ui/fields.tsx';
import { useOpenedForm } from '../../../ui/form-parts.tsx';
import { OpenedForm } from '../../../ui/OpsForm.tsx';

interface Props {
  /** The button that opens the form; the form's heading too, unless it has its own. */
  opener: string;
  heading?: string;
  label: string;
  hint?: string;
  submit: string;
  schema: v.GenericSchema<string, string>;
  act: (text: string) => Promise<void>;
  /**
   * What cannot be undone, said before it is done: the first send shows it and asks again
   * (`Yes, …`), and the button is styled as destructive.
   */
  confirm?: string;
}

export function TextAction({ opener, heading, label, hint, submit, schema, act, confirm }: Props) {
  const id = useId();
  const form = useOpenedForm(`${id}-text`);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  /** Asked to confirm: the next send does it. */
  const [confirming, setConfirming] = useState(false);

  async function sendText(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(schema, text);
    if (!checked.success) {
      setError(checked.issues[0].message);
      form.setFailure(null);
      return;
    }
    setError(undefined);
    if (confirm && !confirming) {
      setConfirming(true);
      return;
    }
    await form.send(async () => {
      await act(checked.output);
      setText('');
    }, 'That did not work. Please try again.');
  }

  return (
    <OpenedForm
      form={form}
      id={id}
      opener={opener}
      heading={heading}
      submit={confirming ? `Yes, ${submit.charAt(0).toLowerCase()}${submit.slice(1)}` : submit}
      danger={confirm !== undefined}
      onSubmit={sendText}
    >
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
          onChange={(event) => {
            setText(event.target.value);
            setConfirming(false);
          }}
          {...describedBy(error, `${id}-error`, hint ? `${id}-hint` : undefined)}
        />
        <FieldError id={`${id}-error`} error={error} />
      </div>
      {confirming && (
        <p className="ops-confirm" role="alert">
          {confirm}
        </p>
      )}
    </OpenedForm>
  );
}

/** An operator action that needs only a reason, which the record keeps with it. */
export function ReasonAction(props: Omit<Props, 'label' | 'schema'>) {
  return <TextAction {...props} label="Reason" schema={reasonSchema} />;
}
