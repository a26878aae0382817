/**
 * A code typed in (a promo code, a gift card's): one field and its button, the refusal in the
 * field's words beside it, and what is happening read out. Before hydration the
 * button is disabled, so nothing is sent natively; `use` says whether the field may be emptied.
 */
import { useState } from 'react';
import { useHydrated } from './hooks/use-hydrated.ts';

interface Props {
  id: string;
  /** The page the form is on: where it would go if it were ever sent natively. */
  action: string;
  label: string;
  button: string;
  maxLength: number;
  placeholder?: string;
  busy: boolean;
  /** Why the last code was refused; null when it was not. */
  error: string | null;
  /** What is happening, or what happened, read out. */
  status: string;
  /** Uses the code typed; true when the field may be emptied. */
  use: (code: string) => Promise<boolean>;
  /** What the field starts with (a code a link brought). */
  initial?: string;
}

export default function CodeForm({ id, action, label, button, maxLength, placeholder, busy, error, status, use, initial = '' }: Props) {
  const hydrated = useHydrated();
  const [code, setCode] = useState(initial);
  const messageId = `${id}-message`;

  return (
    <form
      className="code-form"
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || !hydrated) return;
        void use(code).then((used) => {
          if (used) setCode('');
        });
      }}
      aria-busy={busy}
    >
      <label htmlFor={id}>{label}</label>
      <div className="code-form-row">
        <input
          id={id}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={maxLength}
          {...(placeholder ? { placeholder } : {})}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error !== null}
          {...(error !== null ? { 'aria-describedby': messageId } : {})}
        />
        <button type="submit" className="button secondary" disabled={!hydrated} aria-disabled={busy}>
          {button}
        </button>
      </div>
      {error !== null && (
        <p id={messageId} className="form-error" role="alert">
          {error}
        </p>
      )}
      <p className="form-hint code-form-status" role="status">
        {status}
      </p>
    </form>
  );
}
