/**
 * Signing a waiver's text: the form's state (waiver-form-state.ts), the pad's canvas and its content,
 * and the box as the signer left it. The same on /waiver, the profile and checkout (the customer's own
 * signature) and on a guide's phone at the trailhead (a member signing in person).
 */
import { useReducer } from 'react';
import { useSignatureCanvas } from './use-signature-canvas.ts';
import { useSignaturePad } from './use-signature-pad.ts';
import { initialWaiverFormState, waiverFormReducer, type SignMethod } from './waiver-form-state.ts';

interface Options {
  /** What identifies the text shown (its SHA-256 or its version): a new one starts the form again. */
  text: string;
  /** The form can take input (hydrated, and what it signs for is known). */
  live: boolean;
  /** The signer's saved signature while it still counts, drawn back into the pad; else null. */
  savedSignature: string | null;
  /** Whether the box starts ticked (the signer agreed to this text before). */
  savedAgreed: boolean;
}

export function useWaiverSigning({ text, live, savedSignature, savedAgreed }: Options) {
  const [form, dispatch] = useReducer(waiverFormReducer, text, initialWaiverFormState);
  // The box and the pad are for the text shown: a new one starts the form again.
  if (form.text !== text) dispatch({ type: 'text-shown', text });
  const { drawCanvas, padBoxRef } = useSignatureCanvas();
  const padShown = live && drawCanvas !== null;
  const pad = useSignaturePad({
    live: padShown,
    text,
    method: form.method,
    content: form.pad,
    typedName: form.typedName,
    savedSignature,
    onDrawn: () => dispatch({ type: 'stroke-drawn' }),
  });
  const agreed = form.agreedChoice ?? savedAgreed;

  function chooseMethod(next: SignMethod) {
    if (form.busy || next === form.method) return;
    pad.clear();
    dispatch({ type: 'method-chosen', method: next });
  }

  function clearSignature() {
    if (form.busy) return;
    pad.clear();
    dispatch({ type: 'pad-cleared' });
  }

  return {
    form,
    dispatch,
    pad,
    drawCanvas,
    padBoxRef,
    padShown,
    live,
    agreed,
    canSign: live && agreed && !pad.empty,
    chooseMethod,
    clearSignature,
  };
}

export type WaiverSigning = ReturnType<typeof useWaiverSigning>;
