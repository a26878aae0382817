/**
 * /profile: a loading indicator while sign-in is checked, home (/) for a
 * visitor who is signed out, and for a customer their details, their bookings, the safety survey
 * ('Survey saved') and the waiver ('Waiver saved') with the signed copies of it. A saved name is read
 * back from the identity service. A new e-mail waits for its confirmation link (the profile form says
 * so); the customer stays signed in with the address they proved.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $authStatus, $authUser } from '../../../stores/auth.ts';
import ProfileForm from '../../account/islands/ProfileForm.tsx';
import SurveyForm from '../../account/islands/SurveyForm.tsx';
import SignedWaivers from '../../account/islands/SignedWaivers.tsx';
import { AccountLoading } from '../../../ui/fields.tsx';
import { useNeverSignedIn } from '../../account/islands/use-account-user.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';
import MyBookings from './MyBookings.tsx';
import '../../../styles/account.css';
import '../../../styles/profile.css';

/** The waiver form (its text, checks and signature pad) loads after the rest of the page. */
const WaiverForm = lazy(() => import('../../account/islands/WaiverForm.tsx'));

export const SURVEY_SAVED = 'Survey saved';
export const WAIVER_SAVED = 'Waiver saved';

/** A message that is announced each time it is set, even to the same text. */
function useAlert() {
  const [alert, setAlert] = useState<{ text: string; count: number } | null>(null);
  return { alert, raise: (text: string) => setAlert((last) => ({ text, count: (last?.count ?? 0) + 1 })) };
}

function SavedAlert({ alert }: { alert: { text: string; count: number } | null }) {
  return (
    <div role="alert" className="profile-alert-region">
      {alert && (
        <p key={alert.count} className="toast toast-success">
          {alert.text}
        </p>
      )}
    </div>
  );
}

/** After a saved profile, the account menu reads the account again; the sign-in actions load only then. */
function refreshAccount() {
  import('../../../stores/auth-actions.ts')
    .then(({ refreshSignedInUser }) => refreshSignedInUser())
    .catch((error: unknown) => console.warn('Could not read the updated account', error));
}

export default function ProfilePage() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const user = useStore($authUser);
  const id = useId();
  const survey = useAlert();
  const waiver = useAlert();
  // A browser that has never signed in here is sent home without loading Firebase.
  const neverSignedIn = useNeverSignedIn();
  const signedOut = hydrated && (status === 'signed-out' || (status === 'loading' && neverSignedIn));

  useEffect(() => {
    if (signedOut) window.location.replace('/');
  }, [signedOut]);

  // Opened at the survey or the waiver (a new account's welcome links there): scrolled to it once the
  // bookings above it are drawn, since the browser looked for it before the profile was.
  const [bookingsDrawn, setBookingsDrawn] = useState(false);
  const onBookingsDrawn = useCallback(() => setBookingsDrawn(true), []);
  useEffect(() => {
    const hash = window.location.hash;
    if (bookingsDrawn && (hash === '#survey' || hash === '#waiver'))
      document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [bookingsDrawn]);

  if (!hydrated || status === 'loading' || (status === 'signed-in' && !user)) {
    return (
      <div className="profile-page profile-page-loading">
        <AccountLoading label="Loading your profile" />
      </div>
    );
  }
  if (signedOut || !user) {
    return (
      <p className="account-signed-out" role="status">
        You are signed out. Taking you to the <a href="/">home page</a>...
      </p>
    );
  }

  return (
    <div className="profile-page">
      <section className="profile-section profile-details" aria-labelledby={`${id}-details`}>
        <h2 id={`${id}-details`}>Your details</h2>
        <ProfileForm onSave={refreshAccount} />
      </section>
      <MyBookings uid={user.uid} onDrawn={onBookingsDrawn} />
      <section id="survey" className="profile-section profile-survey" aria-labelledby={`${id}-survey`}>
        <h2 id={`${id}-survey`}>Survey</h2>
        <SurveyForm submitLabel="Save" onSaved={() => survey.raise(SURVEY_SAVED)} />
        <SavedAlert alert={survey.alert} />
      </section>
      <section id="waiver" className="profile-section profile-waiver" aria-labelledby={`${id}-waiver`}>
        <h2 id={`${id}-waiver`}>Waiver</h2>
        <SignedWaivers history />
        <Suspense fallback={<AccountLoading label="Loading the waiver" />}>
          <WaiverForm onSigned={() => waiver.raise(WAIVER_SAVED)} />
        </Suspense>
        <SavedAlert alert={waiver.alert} />
      </section>
    </div>
  );
}
