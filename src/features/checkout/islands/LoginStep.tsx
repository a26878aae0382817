/**
 * Step 1 of the checkout: the Login / Sign Up form, in the page's HTML from the
 * start (its buttons wait for the island); for a visitor remembered as signed in on this browser,
 * a short check of their sign-in while Firebase confirms it (the form waits hidden, keeping anything
 * typed, in case they turn out to be signed out); for a visitor already signed in who came back to
 * this step, who they are with Continue and Log out. The step's heading is the form's own.
 */
import SignInForm from '../../sign-in/islands/SignInForm.tsx';

interface Props {
  /** The id of the step's heading: the section is named by it, and focus moves to it. */
  titleId: string;
  /** Whether Firebase has reported a signed-in visitor (false too while it is still loading). */
  signedIn: boolean;
  /** A visitor remembered as signed in, whose session Firebase has not confirmed yet. */
  checking: boolean;
  email: string | null;
  /** Set when the visitor came with a friend's invite link. */
  invited: boolean;
  onDone: () => void;
  onLogout: () => void;
}

export default function LoginStep({ titleId, signedIn, checking, email, invited, onDone, onLogout }: Props) {
  if (signedIn) {
    return (
      <>
        <h2 id={titleId} tabIndex={-1}>
          Login
        </h2>
        <div className="checkout-welcome">
          <p>
            Signed in as <strong>{email ?? 'you'}</strong>.
          </p>
          <div className="checkout-actions">
            <button type="button" className="button primary" onClick={onDone}>
              Continue
            </button>
            <button type="button" className="button secondary" onClick={onLogout}>
              Not you? Log out
            </button>
          </div>
        </div>
      </>
    );
  }
  return (
    <>
      {checking && (
        <>
          <h2 id={titleId} tabIndex={-1}>
            Login
          </h2>
          <p role="status" className="checkout-progress">
            <span className="spinner" aria-hidden="true" /> Checking your sign-in...
          </p>
        </>
      )}
      <div className="checkout-sign-in" hidden={checking}>
        <p className="checkout-welcome">
          {invited
            ? 'Welcome! A friend invited you on their trip. Log in or sign up, then fill in your profile, safety survey and waiver to join them.'
            : 'Welcome! Log in or sign up to book: then your profile and safety survey, the waiver, and payment.'}
        </p>
        <SignInForm page="/checkout" headingLevel={2} headingId={checking ? undefined : titleId} onSignedIn={onDone} />
      </div>
    </>
  );
}
