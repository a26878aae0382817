/**
 * Pieces the console's forms share: text, select and choice fields, the reason an operator gives, what went
 * wrong, the send and Close buttons, sending, and the form that opens from a button.
 */
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type * as v from 'valibot';
import { shownError } from '../lib/api/api-error.ts';
import { describedBy, FieldError } from './fields.tsx';

/** What a text input shows and says, and how it changes, for a value kept as a string in state. */
export function textValue(value: string, setValue: (value: string) => void, error: string | undefined) {
  return { value, error, onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value) };
}

/** A labelled select with its message (id `{id}-error`); its options are its children. */
export function SelectField({
  id,
  label,
  value,
  error,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} {...describedBy(error, `${id}-error`)}>
        {children}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * A labelled choice of one, one large radio per line with its words beside it (whole at any width),
 * and its message (id `{id}-error`); styled as the console's unless given the classes of its page.
 */
export function ChoiceField<Value extends string>({
  id,
  legend,
  choices,
  value,
  error,
  onChange,
  classes = { group: 'ops-choices', choice: 'ops-check' },
}: {
  id: string;
  legend: string;
  choices: readonly { value: Value; label: ReactNode }[];
  /** The chosen value; none is chosen while it matches no choice. */
  value: string;
  error?: string | undefined;
  onChange: (value: Value) => void;
  classes?: { group: string; choice: string };
}) {
  return (
    <fieldset className={classes.group} {...describedBy(error, `${id}-error`)}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={classes.choice}>
          <input type="radio" name={id} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          <span>{choice.label}</span>
        </label>
      ))}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** Why the operator acts: kept with the action in the record. */
export function ReasonField({
  id,
  label = 'Reason',
  value,
  error,
  onChange,
}: {
  id: string;
  /** What the reason is asked as ('How it was dealt with'). */
  label?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={2}
        value={value}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
        {...describedBy(error, `${id}-error`)}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A form's send button and, when it can be closed, its Close button; both wait while it sends. */
export function FormButtons({
  submit,
  sending,
  disabled = false,
  danger = false,
  onClose,
}: {
  submit: ReactNode;
  sending: boolean;
  /** The form cannot be sent yet (what it needs is still loading). */
  disabled?: boolean | undefined;
  /** What the form does cannot be undone: its button says so by its colour. */
  danger?: boolean | undefined;
  onClose?: (() => void) | undefined;
}) {
  return (
    <div className="account-actions">
      <button type="submit" className={danger ? 'button danger' : 'button primary'} disabled={sending || disabled}>
        {submit}
      </button>
      {onClose && (
        <button type="button" className="button secondary" onClick={onClose} disabled={sending}>
          Close
        </button>
      )}
    </div>
  );
}

export function FormFailure({ failure }: { failure: string | null }) {
  if (!failure) return null;
  return (
    <p className="form-error" role="alert">
      {failure}
    </p>
  );
}

/** Each field's first message, by the request's key it concerns. */
export function firstErrors<Field extends string>(
  issues: readonly v.BaseIssue<unknown>[],
  otherwise: Field,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    errors[typeof key === 'string' ? (key as Field) : otherwise] ??= issue.message;
  }
  return errors;
}

/** Sending a form's request: `send` runs it while `sending`, and keeps its failure (or `fallback`) to show in place; true when it worked. */
export function useSending() {
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send(action: () => Promise<void>, fallback: string): Promise<boolean> {
    setFailure(null);
    setSending(true);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(shownError(error, fallback));
      return false;
    } finally {
      setSending(false);
    }
  }

  return { failure, setFailure, sending, send };
}

/**
 * A form that opens from a button: focus goes to `firstField` when it opens and back to the button
 * when it closes; `send` runs the action, shows its failure in place, and closes the form when it worked
 * (unless `keepOpen`: the form goes on to a next step).
 */
export function useOpenedForm(firstField: string) {
  const [open, setOpen] = useState(false);
  const sending = useSending();
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) document.getElementById(firstField)?.focus();
    else if (wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open, firstField]);

  async function send(action: () => Promise<void>, fallback: string, { keepOpen = false } = {}) {
    if ((await sending.send(action, fallback)) && !keepOpen) setOpen(false);
  }

  return { open, setOpen, button, failure: sending.failure, setFailure: sending.setFailure, sending: sending.sending, send };
}
