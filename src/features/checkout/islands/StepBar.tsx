/** The checkout's step bar (Login, Survey, Waiver, Payment): an ordered list that says which step is current; reached steps can be reopened. */
import { canOpen, CHECKOUT_STEPS, type CheckoutStep, type StepState } from '../rules/checkout-steps.ts';

interface Props {
  state: StepState;
  onOpen: (step: CheckoutStep) => void;
  enabled: boolean;
}

export default function StepBar({ state, onOpen, enabled }: Props) {
  return (
    <nav aria-label="Checkout steps">
      <ol className="step-bar">
        {CHECKOUT_STEPS.map((label, index) => {
          const step = (index + 1) as CheckoutStep;
          const current = step === state.current;
          const done = step < state.reached && !current;
          const status = current ? 'current' : done ? 'done' : step <= state.reached ? 'reached' : 'ahead';
          return (
            <li key={label} className={`step ${status}`} aria-current={current ? 'step' : undefined}>
              {canOpen(state, step) && !current ? (
                <button type="button" className="step-link" disabled={!enabled} onClick={() => onOpen(step)}>
                  <span className="step-number" aria-hidden="true">
                    {step}
                  </span>
                  {label}
                  {done && <span className="visually-hidden"> (done)</span>}
                </button>
              ) : (
                <span className="step-link">
                  <span className="step-number" aria-hidden="true">
                    {step}
                  </span>
                  {label}
                  {current && <span className="visually-hidden"> (current step)</span>}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
