/** The console's forms: each under its heading, and the one that opens from a button with its send and Close buttons. */
import type { FormEvent, ReactNode } from 'react';
import { FormButtons, FormFailure, type useOpenedForm } from './form-parts.tsx';

/** A console form under its heading (`{id}-title`), which names it; it never submits by itself. */
export function OpsForm({
  id,
  heading,
  headingLevel = 3,
  focusableHeading = false,
  onSubmit,
  children,
}: {
  id: string;
  heading: ReactNode;
  headingLevel?: 2 | 3;
  /** Focus goes to the heading when the form opens (its fields come later). */
  focusableHeading?: boolean | undefined;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <form className="ops-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} tabIndex={focusableHeading ? -1 : undefined}>
        {heading}
      </Heading>
      {children}
    </form>
  );
}

/**
 * The form of `useOpenedForm`: while closed, the button that opens it; once open, the form with its
 * fields, what went wrong, and its send and Close buttons.
 */
export function OpenedForm({
  form,
  id,
  opener,
  heading = opener,
  focusableHeading,
  submit,
  disabled,
  danger,
  onSubmit,
  children,
}: {
  form: ReturnType<typeof useOpenedForm>;
  id: string;
  /** The button that opens the form; the form's heading too, unless it has its own. */
  opener: string;
  heading?: string | undefined;
  focusableHeading?: boolean;
  submit: string;
  /** The form cannot be sent yet. */
  disabled?: boolean;
  /** What the form does cannot be undone. */
  danger?: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  const { open, setOpen, button, failure, sending } = form;
  if (!open) {
    return (
      <button ref={button} type="button" className="button secondary" onClick={() => setOpen(true)}>
        {opener}
      </button>
    );
  }
  return (
    <OpsForm id={id} heading={heading} focusableHeading={focusableHeading} onSubmit={onSubmit}>
      {children}
      <FormFailure failure={failure} />
      <FormButtons submit={submit} sending={sending} disabled={disabled} danger={danger} onClose={() => setOpen(false)} />
    </OpsForm>
  );
}
