/**
 * The checkout wizard's four steps: Login, Survey, Waiver, Payment. A step
 * once reached can be revisited; a later one cannot be jumped to. A signed-in visitor never stays on Login.
 */
export const CHECKOUT_STEPS = ['Login', 'Survey', 'Waiver', 'Payment'] as const;
export type CheckoutStep = 1 | 2 | 3 | 4;

export const LOGIN_STEP: CheckoutStep = 1;
export const SURVEY_STEP: CheckoutStep = 2;
export const WAIVER_STEP: CheckoutStep = 3;
export const PAYMENT_STEP: CheckoutStep = 4;

export interface StepState {
  /** The step shown. */
  current: CheckoutStep;
  /** The furthest step reached so far. */
  reached: CheckoutStep;
}

export const FIRST_STEP: StepState = { current: LOGIN_STEP, reached: LOGIN_STEP };

/** Signed in at step 1 moves to step 2. */
export function afterSignIn(state: StepState): StepState {
  if (state.current !== LOGIN_STEP) return state;
  return { current: SURVEY_STEP, reached: state.reached < SURVEY_STEP ? SURVEY_STEP : state.reached };
}

/** A finished step leads to the next: login to 2, the survey to 3, the waiver to 4. */
export function finishStep(state: StepState, finished: CheckoutStep): StepState {
  if (finished !== state.current || finished === PAYMENT_STEP) return state;
  const next = (finished + 1) as CheckoutStep;
  return { current: next, reached: next > state.reached ? next : state.reached };
}

/** Earlier steps, and the furthest reached, can be opened again; later ones cannot. */
export function canOpen(state: StepState, step: CheckoutStep): boolean {
  return step <= state.reached;
}

export function openStep(state: StepState, step: CheckoutStep): StepState {
  return canOpen(state, step) ? { ...state, current: step } : state;
}
