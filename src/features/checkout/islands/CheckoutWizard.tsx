/**
 * /checkout: Login, then the profile and the safety survey, then the waiver,
 * then payment, or for an invited friend (`?invite=CODE`) joining the booking, whose trip is named
 * above the steps; a waitlist offer's link (`?offer=ID`) pays the seats held for the party. A signed-in visitor
 * starts at step 2 (one remembered on this browser sees a short check of their sign-in, not the
 * sign-in form, until Firebase confirms it); a reached step can be reopened, a later one cannot.
 */
import { Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { afterSignIn, FIRST_STEP, finishStep, LOGIN_STEP, openStep, type CheckoutStep, type StepState } from '../rules/checkout-steps.ts';
import { logout } from '../../../stores/auth-actions.ts';
import { $authStatus, $authUser, $confirmingKnownUser, $knownUser, startAuth } from '../../../stores/auth.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import InvitationNote from './InvitationNote.tsx';
import InviteStep from './InviteStep.tsx';
import { PaymentStep, preloadLaterSteps, ProfileAndSurvey, StepLoading, WaiverStep } from './later-steps.tsx';
import LoginStep from './LoginStep.tsx';
import StepBar from './StepBar.tsx';
import { useInvitation } from './use-invitation.ts';
import OfferNote from '../../waitlist/islands/OfferNote.tsx';
import { useOffer } from '../../waitlist/islands/use-offer.ts';
import '../../../styles/checkout.css';

const STEP_TITLE_ID = 'checkout-step-title';

export default function CheckoutWizard() {
  const hydrated = useHydrated();
  const inviteCode = useSearchParam('invite');
  const offerId = useSearchParam('offer');
  const status = useStore($authStatus);
  const user = useStore($authUser);
  const [steps, setSteps] = useState<StepState>(FIRST_STEP);
  const [profileSaved, setProfileSaved] = useState(false);
  const signedIn = hydrated && status === 'signed-in';
  const invitation = useInvitation(inviteCode, signedIn);
  const offer = useOffer(offerId, signedIn);
  const confirmingKnownUser = useStore($confirmingKnownUser);
  // A remembered user (stored on this browser) counts only once the island runs: the first render matches the page's HTML.
  const checking = hydrated && confirmingKnownUser;

  // Firebase is needed at once only by a visitor who has signed in on this browser before and may
  // skip Login; anyone else gets it on turning to the sign-in form, or on signing in in another tab.
  // Such a visitor most likely goes on to step 2: its forms are fetched while Firebase answers.
  useEffect(
    () =>
      $knownUser.subscribe((known) => {
        if (!known) return;
        preloadLaterSteps();
        void startAuth();
      }),
    [],
  );

  // The later steps' forms are fetched once they are in sight: the visitor is signed in, or turns to the sign-in form.
  useEffect(() => {
    if (signedIn) preloadLaterSteps();
  }, [signedIn]);

  // Signed in at step 1 moves to 2; signed out (another tab logged out) goes back to 1.
  const [seenStatus, setSeenStatus] = useState(status);
  if (status !== seenStatus) {
    setSeenStatus(status);
    if (status === 'signed-in') setSteps(afterSignIn(steps));
    if (status === 'signed-out') {
      setSteps(FIRST_STEP);
      setProfileSaved(false);
    }
  }

  // A step the visitor moved to (finished the last one, or chose it in the step bar) takes focus on
  // its heading: the control they used has gone, and the new step is announced and scrolled to.
  // Signing in may have moved to step 2 already (the auth status changed first): it still gets focus.
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) document.getElementById(STEP_TITLE_ID)?.focus();
  }, [focusRequests]);

  const finish = (step: CheckoutStep) => {
    setSteps((state) => finishStep(state, step));
    setFocusRequests((count) => count + 1);
  };
  const open = (step: CheckoutStep) => {
    setSteps((state) => openStep(state, step));
    setFocusRequests((count) => count + 1);
  };

  return (
    <div className="checkout">
      {inviteCode && <InvitationNote state={invitation} />}
      {offerId && !inviteCode && <OfferNote state={offer} />}
      <StepBar state={steps} onOpen={open} enabled={hydrated} />
      <section className="checkout-step" aria-labelledby={STEP_TITLE_ID} onFocus={preloadLaterSteps}>
        {steps.current === LOGIN_STEP && (
          <LoginStep
            titleId={STEP_TITLE_ID}
            signedIn={signedIn}
            checking={checking}
            email={user?.email ?? null}
            invited={inviteCode !== null}
            onDone={() => finish(LOGIN_STEP)}
            onLogout={() => void logout().catch(() => undefined)}
          />
        )}
        {steps.current === 2 && signedIn && (
          <>
            <h2 id={STEP_TITLE_ID} tabIndex={-1}>
              Your profile and safety survey
            </h2>
            <Suspense fallback={<StepLoading />}>
              <ProfileAndSurvey profileSaved={profileSaved} onProfileSaved={() => setProfileSaved(true)} onSurveySaved={() => finish(2)} />
            </Suspense>
          </>
        )}
        {steps.current === 3 && signedIn && (
          <>
            <h2 id={STEP_TITLE_ID} tabIndex={-1}>
              Waiver
            </h2>
            <Suspense fallback={<StepLoading />}>
              <WaiverStep onSigned={() => finish(3)} />
            </Suspense>
          </>
        )}
        {steps.current === 4 && signedIn && (
          <>
            <h2 id={STEP_TITLE_ID} tabIndex={-1}>
              {inviteCode ? 'Join the trip' : 'Payment'}
            </h2>
            {inviteCode ? (
              <InviteStep inviteCode={inviteCode} invitation={invitation.status === 'ready' ? invitation.invitation : null} />
            ) : (
              <Suspense fallback={<StepLoading />}>
                {/* Nothing is held before the offer says which seats are the party's. */}
                {offer.status === 'loading' ? (
                  <StepLoading />
                ) : (
                  <PaymentStep inviteCode={null} offerId={offer.status === 'ready' && offer.offer.state === 'open' ? offerId : null} />
                )}
              </Suspense>
            )}
          </>
        )}
      </section>
    </div>
  );
}
