/**
 * The forms of checkout steps 2 to 4 (profile, survey, waiver, payment) are fetched only once a
 * visitor is on their way past Login: the first step's page stays light. `preloadLaterSteps` starts
 * the fetch early (when the visitor turns to the sign-in form, or is known to be signed in), so
 * the next step rarely waits. A form whose code cannot be fetched (offline, a stale chunk after a
 * deploy) says so in its place.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';

type StepForms = typeof import('./step-forms.ts');

let loading: Promise<StepForms> | null = null;
function loadStepForms(): Promise<StepForms> {
  loading ??= import('./step-forms.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Starts fetching the later steps' code; safe to call again. */
export function preloadLaterSteps(): void {
  loadStepForms().catch(() => undefined);
}

function StepUnavailable() {
  return (
    <p role="alert" className="form-error">
      This step could not load. Check your connection and reload the page.
    </p>
  );
}

function lazyStep<Name extends keyof StepForms>(name: Name) {
  type Props = StepForms[Name] extends ComponentType<infer P> ? P : never;
  return lazy(() =>
    loadStepForms().then(
      (forms) => ({ default: forms[name] as ComponentType<Props> }),
      (error: unknown) => {
        console.error('A checkout step could not load', error);
        return { default: StepUnavailable as ComponentType<Props> };
      },
    ),
  );
}

export const ProfileAndSurvey = lazyStep('ProfileAndSurvey');
export const WaiverStep = lazyStep('WaiverStep');
export const PaymentStep = lazyStep('PaymentStep');

/** What a step shows while its form's code arrives. */
export function StepLoading(): ReactNode {
  return (
    <p role="status" className="checkout-progress">
      <span className="spinner" aria-hidden="true" /> Loading this step...
    </p>
  );
}
