/**
 * The Login / Sign Up form. Safe before it hydrates and without JavaScript: its
 * inputs have no names and it posts, so a password can never land in an address; its buttons stay
 * disabled until the island runs; the Login / Sign Up / Forgot password? switches are plain links
 * (`?mode=signup`, `?mode=reset`).
 */
import { useRef, useState, useSyncExternalStore, type FormEvent, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { passwordPolicy, signIn, signInWithGoogle, signUp } from '../../../stores/auth-actions.ts';
import { $authError, clearAuthError, startAuth } from '../../../stores/auth.ts';
import { passwordProblems } from '../../../lib/password-policy.ts';
import { goBackOnePage } from '../../../scripts/page-history.ts';
import { rememberNewAccount } from '../../../lib/new-account.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';
import PasswordReset from './PasswordReset.tsx';
import type { AuthField } from '../../../lib/auth-errors.ts';

type Mode = 'login' | 'signup' | 'reset';
const MODES: readonly Mode[] = ['login', 'signup', 'reset'];

const ERROR_ID = 'sign-in-error';
/** The address of a mode on this page, keeping its other parameters (such as an invite code). */
function modeHref(page: string, mode: Mode, search = ''): string {
  const params = new URLSearchParams(search);
  if (mode === 'login') params.delete('mode');
  else params.set('mode', mode);
  const query = params.toString();
  return query ? `${page}?${query}` : page;
}

const noChanges = () => () => undefined;
/** The mode a plain link (before the island ran) asked for. */
const useModeInAddress = () =>
  useSyncExternalStore(
    noChanges,
    (): Mode => MODES.find((mode) => mode === new URLSearchParams(window.location.search).get('mode')) ?? 'login',
    (): Mode => 'login',
  );

interface Props {
  /** The page the form is on; its Login / Sign Up links stay there. */
  page?: string;
  /** The heading level: 1 on /sign-in, 2 inside checkout. */
  headingLevel?: 1 | 2;
  /** An id for the heading, when it also titles a larger part of the page (a checkout step) that moves focus to it. */
  headingId?: string | undefined;
  /** Called once signed in; without it the visitor goes back one page. */
  onSignedIn?: () => void;
}

/**
 * The sign-in code (Firebase, about 30 KB) loads when the visitor first reaches for the form (a
 * pointer over it, a touch, focus), not as soon as the form shows, so a phone on a slow connection
 * gets the page and the form first; by the time an address and a password are typed, it is there.
 */
export default function SignInForm({ page = '/sign-in', headingLevel = 1, headingId, onSignedIn }: Props) {
  const hydrated = useHydrated();
  const modeInAddress = useModeInAddress();
  const [chosenMode, setChosenMode] = useState<Mode | null>(null);
  const mode = chosenMode ?? modeInAddress;
  const [localError, setLocalError] = useState<string | null>(null);
  const [typedEmail, setTypedEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const authError = useStore($authError);
  // Uncontrolled inputs: what a quick visitor typed before the island ran is what it signs in with.
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const error: { message: string; field: AuthField | null } | null = localError ? { message: localError, field: 'password' } : authError;
  const invalid = (field: 'email' | 'password') => Boolean(error && (error.field === field || error.field === 'both'));
  const fieldProps = (field: 'email' | 'password') =>
    invalid(field) ? { 'aria-invalid': true, 'aria-describedby': ERROR_ID } : { 'aria-invalid': false };

  function switchMode(event: MouseEvent<HTMLAnchorElement>, next: Mode) {
    event.preventDefault();
    setTypedEmail(emailInput.current?.value ?? typedEmail);
    setChosenMode(next);
    setLocalError(null);
    clearAuthError();
    window.history.replaceState(window.history.state, '', modeHref(window.location.pathname, next, window.location.search));
  }

  function done() {
    if (onSignedIn) {
      setBusy(false);
      onSignedIn();
    } else goBackOnePage();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !hydrated) return;
    const email = emailInput.current?.value ?? '';
    const password = passwordInput.current?.value ?? '';
    setLocalError(null);
    setBusy(true);
    if (mode === 'signup') {
      const problems = passwordProblems(password, await passwordPolicy());
      if (problems.length > 0) {
        setLocalError(problems.join(' '));
        setBusy(false);
        return;
      }
    }
    try {
      await (mode === 'login' ? signIn(email, password) : signUp(email, password));
      // The page gone back to says what a new account needs before booking.
      if (mode === 'signup' && !onSignedIn) rememberNewAccount(email);
      done();
    } catch {
      // The store holds the message.
      setBusy(false);
    }
  }

  async function google() {
    if (busy || !hydrated) return;
    setLocalError(null);
    setBusy(true);
    try {
      await signInWithGoogle();
      done();
    } catch {
      // The store holds the message.
      setBusy(false);
    }
  }

  // The visitor reaching for the form (a pointer over it, a touch, focus) loads the sign-in code, so it is ready by the click.
  const turnToForm = () => void startAuth();
  const title = mode === 'login' ? 'Login' : 'Sign Up';
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const other: Mode = mode === 'login' ? 'signup' : 'login';
  if (mode === 'reset') {
    return (
      <div className="auth-card" onFocus={turnToForm} onPointerEnter={turnToForm} onTouchStart={turnToForm}>
        <PasswordReset
          hydrated={hydrated}
          typedEmail={typedEmail}
          heading={Heading}
          headingId={headingId}
          loginHref={modeHref(page, 'login')}
          onBackToLogin={(event) => switchMode(event, 'login')}
        />
      </div>
    );
  }
  return (
    <div className="auth-card" onFocus={turnToForm} onPointerEnter={turnToForm} onTouchStart={turnToForm}>
      <Heading id={headingId} tabIndex={headingId ? -1 : undefined}>
        {title}
      </Heading>
      <noscript>
        <p className="form-error">
          Signing in needs JavaScript. Please turn it on in your browser, or call or e-mail us and we will book you in directly.
        </p>
      </noscript>
      <form method="post" action={page} onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <label htmlFor="email">Email</label>
        <input ref={emailInput} id="email" type="email" autoComplete="email" required {...fieldProps('email')} />
        <label htmlFor="password">Password</label>
        <input
          ref={passwordInput}
          id="password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          required
          minLength={6}
          {...fieldProps('password')}
        />
        {mode === 'login' && (
          <a className="forgot-password" href={modeHref(page, 'reset')} onClick={(event) => switchMode(event, 'reset')}>
            Forgot password?
          </a>
        )}
        {error && (
          <p className="form-error" id={ERROR_ID} role="alert">
            {error.message}
          </p>
        )}
        <button type="submit" className="button primary" disabled={!hydrated} aria-disabled={busy}>
          {busy ? 'Please wait...' : title}
        </button>
      </form>
      <button type="button" className="button secondary" onClick={() => void google()} disabled={!hydrated} aria-disabled={busy}>
        {mode === 'login' ? 'Login with Google' : 'Sign Up with Google'}
      </button>
      <p>
        {mode === 'login' ? 'New here?' : 'Already have an account?'}{' '}
        <a href={modeHref(page, other)} onClick={(event) => switchMode(event, other)}>
          {other === 'signup' ? 'Sign Up' : 'Login'}
        </a>
      </p>
    </div>
  );
}
