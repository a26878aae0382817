/**
 * What the waiver form shows after each thing the signer or the API does, without a browser: the
 * box, the way of signing, the pad, the typed name, the button while signing and the notice that a
 * new text came into force. Each reset puts the box, the pad and the typed name back together.
 */
import { describe, expect, it } from 'vitest';
import {
  initialWaiverFormState,
  waiverFormReducer,
  type WaiverFormAction,
  type WaiverFormState,
} from '../../src/features/account/islands/waiver-form-state.ts';

const TEXT = 'a'.repeat(64);
const NEW_TEXT = 'b'.repeat(64);

/** The state after `actions`, from a fresh form for TEXT. */
const after = (...actions: WaiverFormAction[]) => actions.reduce(waiverFormReducer, initialWaiverFormState(TEXT));

/** A form with the box ticked and a name typed, as the signer leaves it before signing by typing. */
const typedAndTicked: WaiverFormAction[] = [
  { type: 'agreement-set', agreed: true },
  { type: 'method-chosen', method: 'type' },
  { type: 'name-typed', name: 'Rowan Cornice' },
];

describe('a fresh waiver form', () => {
  it('shows what the customer saved: the saved signature in the pad, the box as saved, drawing chosen', () => {
    expect(initialWaiverFormState(TEXT)).toEqual({
      text: TEXT,
      method: 'draw',
      pad: 'saved',
      typedName: '',
      agreedChoice: null,
      busy: false,
      textReplaced: false,
    });
  });
});

describe('the signer', () => {
  it('ticks and unticks the box', () => {
    expect(after({ type: 'agreement-set', agreed: true }).agreedChoice).toBe(true);
    expect(after({ type: 'agreement-set', agreed: true }, { type: 'agreement-set', agreed: false }).agreedChoice).toBe(false);
  });

  it('draws a stroke, and the pad holds a drawn signature', () => {
    expect(after({ type: 'stroke-drawn' }).pad).toBe('drawn');
  });

  it('clears the pad, which empties it and the typed name but leaves the box and the way of signing', () => {
    const state = after(...typedAndTicked, { type: 'pad-cleared' });
    expect(state).toMatchObject({ pad: 'empty', typedName: '', method: 'type', agreedChoice: true });
  });

  it('switches to typing, which empties the pad; the name then shows as typed', () => {
    expect(after({ type: 'stroke-drawn' }, { type: 'method-chosen', method: 'type' })).toMatchObject({ method: 'type', pad: 'empty' });
    expect(after(...typedAndTicked).typedName).toBe('Rowan Cornice');
  });

  it('switches back to drawing, which empties the pad and the typed name', () => {
    const state = after(...typedAndTicked, { type: 'method-chosen', method: 'draw' });
    expect(state).toMatchObject({ method: 'draw', pad: 'empty', typedName: '', agreedChoice: true });
  });
});

describe('signing', () => {
  const signing = after(...typedAndTicked, { type: 'signing-started' });

  it('shows the form as busy while the signature is on its way', () => {
    expect(signing.busy).toBe(true);
  });

  it('once signed, the pad and the box show what is now saved, and drawing is chosen again', () => {
    const signed = waiverFormReducer(signing, { type: 'signed' });
    expect(signed).toEqual(initialWaiverFormState(TEXT));
  });

  it('after a failure, the signature and the box stay as they were and the form can sign again', () => {
    const failed = waiverFormReducer(signing, { type: 'signing-failed' });
    expect(failed).toEqual({ ...signing, busy: false });
  });

  it('refused for a text no longer in force, says so until the next signature', () => {
    const refused = waiverFormReducer(signing, { type: 'text-replaced' });
    expect(refused).toMatchObject({ textReplaced: true, busy: false });
    const signedAgain = [{ type: 'signing-started' }, { type: 'signed' }] as const;
    expect(signedAgain.reduce<WaiverFormState>(waiverFormReducer, refused).textReplaced).toBe(false);
  });
});

describe('a new text shown', () => {
  it('puts the box and the pad back to what the customer signed (for an older text: unticked and empty), and forgets the typed name', () => {
    const state = after(...typedAndTicked, { type: 'text-shown', text: NEW_TEXT });
    expect(state).toMatchObject({ text: NEW_TEXT, agreedChoice: null, pad: 'saved', typedName: '', method: 'type' });
  });

  it('keeps the notice that the text was replaced, and the busy state, as they were', () => {
    const refused = after({ type: 'signing-started' }, { type: 'text-replaced' });
    expect(waiverFormReducer(refused, { type: 'text-shown', text: NEW_TEXT })).toMatchObject({ textReplaced: true, busy: false });
    const signing = after({ type: 'signing-started' });
    expect(waiverFormReducer(signing, { type: 'text-shown', text: NEW_TEXT }).busy).toBe(true);
  });

  it('the text already shown changes nothing', () => {
    const state = after(...typedAndTicked);
    expect(waiverFormReducer(state, { type: 'text-shown', text: TEXT })).toBe(state);
  });
});
