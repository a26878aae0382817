import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $authError, passwordPolicy, signIn, signInWithGoogle, signUp, startAuth } from '../../stores/auth.ts';
import { passwordProblems } from '../../lib/password-policy.ts';
import { returnPath } from '../../lib/navigation.ts';

type Mode = 'login' | 'signup';

export default function SignInForm() {
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const authError = useStore($authError);
  const error = localError ?? authError;

  const done = () => {
    window.location.assign(returnPath(document.referrer, window.location.origin));
  };

  async function submit() {
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
      void startAuth();
      await (mode === 'login' ? signIn(email, password) : signUp(email, password));
      done();
    } catch {
      // The store holds the message.
      setBusy(false);
    }
  }

  async function google() {
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

  const title = mode === 'login' ? 'Login' : 'Sign Up';
  return (
    <div className="auth-card">
      <h1>{title}</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          required
          minLength={6}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Please wait...' : title}
        </button>
      </form>
      <button type="button" className="button secondary" onClick={google} disabled={busy}>
        {mode === 'login' ? 'Login with Google' : 'Sign Up with Google'}
      </button>
      <p>
        {mode === 'login' ? 'New here?' : 'Already have an account?'}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setMode(mode === 'login' ? 'signup' : 'login');
            setLocalError(null);
            $authError.set(null);
          }}
        >
          {mode === 'login' ? 'Sign Up' : 'Login'}
        </button>
      </p>
    </div>
  );
}
