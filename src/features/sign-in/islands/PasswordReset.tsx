/**
 * Forgot password: the customer's e-mail, and the identity service mails a link for choosing a new
 * password. The answer reads the same whether or not the address has an account. Like the sign-in
 * form, it posts nowhere before the island runs: its button waits until then.
 */
import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { sendPasswordReset } from '../../../stores/auth-actions.ts';

const ERROR_ID = 'password-reset-error';

interface Props {
  hydrated: boolean;
  /** What the visitor had typed as their e-mail on the Login form. */
  typedEmail: string;
  heading: 'h1' | 'h2';
  headingId: string | undefined;
  /** The Login form's address, and the switch back to it. */
  loginHref: string;
  onBackToLogin: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export default function PasswordReset({ hydrated, typedEmail, heading: Heading, headingId, loginHref, onBackToLogin }: Props) {
  const emailInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !hydrated) return;
    const email = emailInput.current?.value.trim() ?? '';
    setError(null);
    setBusy(true);
    try {
      await sendPasswordReset(email);
      setSentTo(email);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Heading id={headingId} tabIndex={headingId ? -1 : undefined}>
        Reset your password
      </Heading>
      {sentTo ? (
        <div role="status" className="reset-sent">
          <p>
            If <strong>{sentTo}</strong> belongs to an account here, we have sent it a link to choose a new password.
          </p>
          <p>Check your inbox (and your spam folder) and follow the link, then log in with your new password.</p>
        </div>
      ) : (
        <form method="post" onSubmit={(event) => void submit(event)} aria-busy={busy}>
          <p className="form-hint" id="password-reset-hint">
            Enter the e-mail you sign in with, and we will send you a link to choose a new password.
          </p>
          <label htmlFor="reset-email">Email</label>
          <input
            ref={emailInput}
            id="reset-email"
            type="email"
            autoComplete="email"
            required
            defaultValue={typedEmail}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `password-reset-hint ${ERROR_ID}` : 'password-reset-hint'}
          />
          {error && (
            <p className="form-error" id={ERROR_ID} role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button primary" disabled={!hydrated} aria-disabled={busy}>
            {busy ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
      <p>
        <a href={loginHref} onClick={onBackToLogin}>
          Back to Login
        </a>
      </p>
    </>
  );
}
