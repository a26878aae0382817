import { describe, expect, it } from 'vitest';
import {
  afterSignIn,
  canOpen,
  CHECKOUT_STEPS,
  finishStep,
  FIRST_STEP,
  openStep,
} from '../../src/features/checkout/rules/checkout-steps.ts';
import { describeTimeLeft, formatTimeLeft, msLeft } from '../../src/features/checkout/rules/countdown.ts';

describe('the checkout steps', () => {
  it('are Login, Survey, Waiver, Payment', () => {
    expect(CHECKOUT_STEPS).toEqual(['Login', 'Survey', 'Waiver', 'Payment']);
  });

  it('move a signed-in visitor from step 1 to step 2, and leave later steps alone', () => {
    expect(afterSignIn(FIRST_STEP)).toEqual({ current: 2, reached: 2 });
    expect(afterSignIn({ current: 3, reached: 3 })).toEqual({ current: 3, reached: 3 });
  });

  it('lead from login to 2, the survey to 3 and the waiver to 4', () => {
    let state = finishStep(FIRST_STEP, 1);
    expect(state).toEqual({ current: 2, reached: 2 });
    state = finishStep(state, 2);
    expect(state).toEqual({ current: 3, reached: 3 });
    state = finishStep(state, 3);
    expect(state).toEqual({ current: 4, reached: 4 });
    expect(finishStep(state, 4)).toEqual(state);
    // Finishing a step that is not the one shown changes nothing.
    expect(finishStep({ current: 2, reached: 3 }, 3)).toEqual({ current: 2, reached: 3 });
  });

  it('reopen earlier steps and the furthest reached, never a later one', () => {
    const state = { current: 3, reached: 3 } as const;
    expect([1, 2, 3, 4].map((step) => canOpen(state, step as 1 | 2 | 3 | 4))).toEqual([true, true, true, false]);
    const back = openStep(state, 1);
    expect(back).toEqual({ current: 1, reached: 3 });
    expect(openStep(back, 3)).toEqual({ current: 3, reached: 3 });
    expect(openStep(back, 4)).toEqual(back);
    // Passing step 1 again after going back does not forget how far the visitor had got.
    expect(finishStep(back, 1)).toEqual({ current: 2, reached: 3 });
  });
});

describe('the hold countdown', () => {
  const now = Date.parse('2026-12-01T15:00:00Z');

  it('counts what is left until the hold expires, never below zero', () => {
    expect(msLeft('2026-12-01T15:15:00Z', now)).toBe(15 * 60_000);
    expect(msLeft(new Date(now - 1), now)).toBe(0);
    expect(msLeft('not a date', now)).toBe(0);
  });

  it('reads minutes and seconds, rounding up so 0:00 means over', () => {
    expect(formatTimeLeft(15 * 60_000)).toBe('15:00');
    expect(formatTimeLeft(14 * 60_000 + 5_000)).toBe('14:05');
    expect(formatTimeLeft(400)).toBe('0:01');
    expect(formatTimeLeft(0)).toBe('0:00');
    expect(formatTimeLeft(-5)).toBe('0:00');
  });

  it('reads hours too for a hold of hours (a waitlist offer)', () => {
    expect(formatTimeLeft(2 * 3_600_000)).toBe('2:00:00');
    expect(formatTimeLeft(3_600_000 + 59 * 60_000 + 30_000)).toBe('1:59:30');
    expect(formatTimeLeft(3_600_000 - 1_000)).toBe('59:59');
    expect(formatTimeLeft(3_600_000 - 1)).toBe('1:00:00');
    expect(describeTimeLeft(3_600_000 + 5 * 60_000)).toBe('1 hour 5 minutes');
    expect(describeTimeLeft(2 * 3_600_000 + 1_000)).toBe('2 hours 1 second');
  });

  it('says the time in words for a screen reader', () => {
    expect(describeTimeLeft(14 * 60_000 + 5_000)).toBe('14 minutes 5 seconds');
    expect(describeTimeLeft(60_000)).toBe('1 minute');
    expect(describeTimeLeft(1_000)).toBe('1 second');
    expect(describeTimeLeft(0)).toBe('0 seconds');
  });
});
