/** Small pieces the account forms share: field messages tied to their inputs, the loading and signed-out states. */
import type { InputHTMLAttributes, ReactNode } from 'react';

/** The ARIA of a control: invalid with its message, and described by its hint and message. */
export function describedBy(error: string | undefined, errorId: string, hintId?: string) {
  const ids = [hintId, error ? errorId : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': Boolean(error), ...(ids ? { 'aria-describedby': ids } : {}) };
}

/** A labelled text input with its message (id `{id}-error`) and, between them, anything it needs to say (`children`, described by `hintId`). */
export function TextField({
  id,
  label,
  error,
  hintId,
  children,
  ...input
}: {
  id: string;
  label: string;
  error: string | undefined;
  hintId?: string | undefined;
  children?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} {...describedBy(error, `${id}-error`, hintId)} />
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="form-error field-error" id={id}>
      {error}
    </p>
  );
}

/** A centered spinner while the user loads; its name is read out, the wheel is not. */
export function AccountLoading({ label }: { label: string }) {
  return (
    <div className="account-loading" role="status">
      <span className="spinner account-spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function NeedsJavaScript({ children }: { children: ReactNode }) {
  return (
    <noscript>
      <p className="form-error">
        {children} Please turn on JavaScript in your browser, or call or e-mail us and we will help you directly.
      </p>
    </noscript>
  );
}

export function SignedOutNotice({ toDo }: { toDo: string }) {
  return (
    <p className="account-signed-out">
      Please <a href="/sign-in">log in</a> to {toDo}.
    </p>
  );
}
