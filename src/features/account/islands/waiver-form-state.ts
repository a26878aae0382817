/**
 * What the waiver form holds between renders: the text its box and pad are for, how the signer
 * signs, what the pad holds, the typed name, the box as the signer left it, whether a signature is
 * on its way, and whether the API refused one because a new text came into force. Every way back to
 * a fresh start is a single action, so the box, the pad and the typed name always reset together.
 */

/** What the pad holds: the saved signature, one drawn since, or nothing (cleared). */
export type PadContent = 'saved' | 'drawn' | 'empty';
/** How the signer signs: by drawing on the pad, or by typing their name into it. */
export type SignMethod = 'draw' | 'type';

export interface WaiverFormState {
  /** The SHA-256 of the text shown, the one the box and the pad are for. */
  text: string;
  method: SignMethod;
  pad: PadContent;
  typedName: string;
  /** The box as the signer ticked or unticked it; null until then, when it shows what the customer saved. */
  agreedChoice: boolean | null;
  /** A signature is on its way to the API. */
  busy: boolean;
  /** The API refused a signature because another text came into force; cleared by a signature. */
  textReplaced: boolean;
}

export type WaiverFormAction =
  /** The text shown is now this one (by its SHA-256). */
  | { type: 'text-shown'; text: string }
  | { type: 'method-chosen'; method: SignMethod }
  | { type: 'pad-cleared' }
  | { type: 'stroke-drawn' }
  | { type: 'name-typed'; name: string }
  | { type: 'agreement-set'; agreed: boolean }
  | { type: 'signing-started' }
  | { type: 'signed' }
  /** The API refused the signature for a text no longer in force; the new text is shown. */
  | { type: 'text-replaced' }
  | { type: 'signing-failed' };

/** A fresh form for a text: the pad and the box as the customer saved them, drawing chosen. */
export function initialWaiverFormState(text: string): WaiverFormState {
  return { text, method: 'draw', pad: 'saved', typedName: '', agreedChoice: null, busy: false, textReplaced: false };
}

/** The state with `changes`, or the very same state when they change nothing. */
function withChanges(state: WaiverFormState, changes: Partial<WaiverFormState>): WaiverFormState {
  const keys = Object.keys(changes) as (keyof WaiverFormState)[];
  return keys.every((key) => Object.is(state[key], changes[key])) ? state : { ...state, ...changes };
}

export function waiverFormReducer(state: WaiverFormState, action: WaiverFormAction): WaiverFormState {
  switch (action.type) {
    case 'text-shown':
      // A box ticked or a signature drawn for one text is not a yes to another: when the text shown
      // changes, the form starts again from what the customer has signed.
      if (action.text === state.text) return state;
      return withChanges(state, { text: action.text, agreedChoice: null, pad: 'saved', typedName: '' });
    case 'method-chosen':
      // Drawing and typing do not mix: choosing the other way starts from an empty pad.
      return withChanges(state, { method: action.method, pad: 'empty', typedName: '' });
    case 'pad-cleared':
      return withChanges(state, { pad: 'empty', typedName: '' });
    case 'stroke-drawn':
      return withChanges(state, { pad: 'drawn' });
    case 'name-typed':
      return withChanges(state, { typedName: action.name });
    case 'agreement-set':
      return withChanges(state, { agreedChoice: action.agreed });
    case 'signing-started':
      return withChanges(state, { busy: true });
    case 'signed':
      // What was signed is now the customer's saved signature: the pad and the box show what is saved,
      // and drawing is the way chosen again.
      return withChanges(state, { pad: 'saved', method: 'draw', typedName: '', agreedChoice: null, textReplaced: false, busy: false });
    case 'text-replaced':
      return withChanges(state, { textReplaced: true, busy: false });
    case 'signing-failed':
      return withChanges(state, { busy: false });
  }
}
