/**
 * The controls that sign a waiver, inside its form: the box 'I agree to the terms and conditions',
 * drawing or typing the signature, the pad (a stand-in that says 'Loading the signature pad...' until
 * its code has arrived), a larger signing view, 'Clear Signature' and the submit button, with a hint
 * of what is missing while it cannot sign.
 */
import { useId } from 'react';
import { TYPED_SIGNATURE_MAX_LENGTH } from '../../../lib/typed-signature.ts';
import SignMethodChoice from './SignMethodChoice.tsx';
import SigningView from './SigningView.tsx';
import type { WaiverSigning } from './use-waiver-signing.ts';

/** What the pad says until it takes strokes. */
export const PAD_LOADING = 'Loading the signature pad...';

interface Props {
  signing: WaiverSigning;
  /** The box can be ticked (it may be before the pad's code arrives). */
  boxLive: boolean;
  /** The submit button's words, and what they become while signing. */
  submitLabel?: string;
  /** Whose name is typed, as the typed name's label says it. */
  typedNameLabel?: string;
}

export default function WaiverSigningControls({
  signing,
  boxLive,
  submitLabel = 'Sign Waiver',
  typedNameLabel = 'Your full name, as your signature',
}: Props) {
  const id = useId();
  const { form, dispatch, pad, drawCanvas, padBoxRef, padShown, live, agreed, canSign } = signing;
  const { method, typedName, busy } = form;
  const agreeId = `${id}-agree`;
  const padLabelId = `${id}-pad-label`;
  const padStateId = `${id}-pad-state`;
  const padLoadingId = `${id}-pad-loading`;
  const signHintId = `${id}-sign-hint`;
  const typedNameId = `${id}-typed-name`;

  return (
    <>
      <div className="agree-field">
        <input
          id={agreeId}
          type="checkbox"
          checked={agreed}
          disabled={!boxLive}
          onChange={(event) => dispatch({ type: 'agreement-set', agreed: event.target.checked })}
        />
        <label htmlFor={agreeId}>I agree to the terms and conditions</label>
      </div>
      <SignMethodChoice method={method} disabled={!live} onChoose={signing.chooseMethod} />
      {method === 'type' && (
        <div className="field">
          <label htmlFor={typedNameId}>{typedNameLabel}</label>
          <input
            id={typedNameId}
            type="text"
            autoComplete="name"
            maxLength={TYPED_SIGNATURE_MAX_LENGTH}
            value={typedName}
            disabled={!live}
            onChange={(event) => dispatch({ type: 'name-typed', name: event.target.value })}
          />
        </div>
      )}
      <p className="signature-label" id={padLabelId}>
        {method === 'draw' ? 'Signature (draw with your mouse, finger or stylus)' : 'Signature (your typed name)'}
      </p>
      <span className="visually-hidden" id={padStateId}>
        {pad.empty ? 'Empty' : 'Signed'}
      </span>
      <div
        ref={padBoxRef}
        className={`signature-pad${method === 'type' ? ' typed' : ''}${padShown ? '' : ' loading'}`}
        role="img"
        aria-labelledby={padShown ? `${padLabelId} ${padStateId}` : `${padLabelId} ${padLoadingId} ${padStateId}`}
        aria-busy={!padShown}
      >
        {padShown && drawCanvas ? (
          drawCanvas(pad.signatureCanvasProps)
        ) : (
          <span className="signature-placeholder">
            <span className="signature-loading while-script-loads">
              <span className="spinner" aria-hidden="true" />
              <span id={padLoadingId}>{PAD_LOADING}</span>
            </span>
          </span>
        )}
      </div>
      {method === 'draw' && padShown && drawCanvas && (
        <SigningView
          drawCanvas={drawCanvas}
          disabled={busy}
          onUse={(strokes) => {
            if (pad.drawStrokes(strokes)) dispatch({ type: 'stroke-drawn' });
          }}
        />
      )}
      <div className="account-actions">
        <button type="button" className="button secondary" disabled={!live} aria-disabled={busy} onClick={signing.clearSignature}>
          Clear Signature
        </button>
        <button
          type="submit"
          className="button primary"
          disabled={!canSign}
          aria-disabled={busy}
          {...(canSign ? {} : { 'aria-describedby': signHintId })}
        >
          {busy ? 'Submitting...' : submitLabel}
        </button>
      </div>
      {!canSign && (
        <p className="form-hint" id={signHintId}>
          {method === 'draw' ? 'To sign, tick the box and draw your signature.' : 'To sign, tick the box and type your name.'}
        </p>
      )}
    </>
  );
}
