/**
 * The waiver: the agreement's text, the checkbox 'I agree to the terms and conditions', a signature
 * pad whose image is 1500 x 200 px, 'Clear Signature' and 'Sign Waiver'. Sign Waiver is enabled
 * only when the box is ticked and something is drawn; a saved signature is drawn back into the pad
 * and counts as drawn, and the box starts as saved, unless the signature is outdated (an older
 * text, or a season that has ended): then the form says why a new signature is needed and starts
 * with an empty pad and an unticked box. Instead of drawing, the signer may type their name, which
 * is written into the same image (so the waiver can be signed with a keyboard alone). A signed
 * waiver replaces the stored database user and calls `onSigned`; a failure shows 'Error: ' and the
 * API's error for 3 s.
 *
 * The text shown is the one in force at the API (`$waiverInForce`): the site's own until the API
 * names another, and the signature names it by its fingerprint. When the API has moved on to a new
 * text meanwhile it refuses the signature; the form then shows the new text with an unticked box
 * and an empty pad, and says why.
 *
 * The site's text is in the server-rendered HTML. Before hydration the pad's place is reserved (same
 * aspect ratio) and every control is disabled; the form posts back to this page. The pad's drawing
 * code arrives when the pad comes near the screen (use-signature-canvas.ts), its place reserved the
 * same way meanwhile. Until the pad takes strokes it looks disabled and says 'Loading the signature
 * pad...' (its name says so too), so nobody signs on a pad that would keep nothing.
 */
import { useEffect, useId, useReducer, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ApiError } from '../../../lib/api/api-error.ts';
import type { DatabaseUser } from '../../../../shared/contract/answers.ts';
import { waiverOutdated } from '../../../../shared/rules/readiness.ts';
import { TYPED_SIGNATURE_MAX_LENGTH } from '../../../lib/typed-signature.ts';
import { WAIVER_TEXT_CHANGED, waiverRenewalMessage } from '../../../../shared/rules/waiver-record.ts';
import { failureText, signWaiver } from '../stores/account.ts';
import { $waiverInForce, loadWaiverInForce } from '../stores/waiver-in-force.ts';
import { NeedsJavaScript, SignedOutNotice } from '../../../ui/fields.tsx';
import SignMethodChoice from './SignMethodChoice.tsx';
import SigningNote from './SigningNote.tsx';
import SigningView from './SigningView.tsx';
import Toast, { useToast } from '../../../ui/Toast.tsx';
import { useAccountUser } from './use-account-user.ts';
import { useSignatureCanvas } from './use-signature-canvas.ts';
import { useSignaturePad } from './use-signature-pad.ts';
import { initialWaiverFormState, waiverFormReducer, type SignMethod } from './waiver-form-state.ts';
import WaiverText from './WaiverText.tsx';
import { usePagePath } from './use-page-path.ts';
import '../../../styles/account.css';

export { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from './use-signature-pad.ts';
export const WAIVER_SIGN_FAILED = 'An error occurred while signing the waiver. Please try again.';
export const WAIVER_ERROR_MS = 3000;
/** What the pad says until it takes strokes. */
export const PAD_LOADING = 'Loading the signature pad...';
/** Said when the API refused a signature because a new text came into force while the page was open. */
export const WAIVER_TEXT_REPLACED =
  'The waiver text has changed since this page opened. The new text is above: please read it, tick the box and sign again.';

/** The API's refusal of a signature for a text that is no longer in force. */
const isTextChanged = (error: unknown) => error instanceof ApiError && error.status === 409 && failureText(error) === WAIVER_TEXT_CHANGED;

interface Props {
  /** Called with the saved database user after the waiver is signed (checkout moves on to payment). */
  onSigned?: (user: DatabaseUser) => void;
}

export default function WaiverForm({ onSigned }: Props) {
  const { hydrated, state, dbUser } = useAccountUser();
  const page = usePagePath();
  const id = useId();
  const { toast, show, clear } = useToast();

  const [openedAt] = useState(() => Date.now());
  const waiver = useStore($waiverInForce);
  const [form, dispatch] = useReducer(waiverFormReducer, waiver.sha256, initialWaiverFormState);
  const { method, typedName, busy, textReplaced } = form;

  useEffect(() => void loadWaiverInForce(), []);
  // The box and the pad are for the text shown: a new one starts the form again.
  if (form.text !== waiver.sha256) dispatch({ type: 'text-shown', text: waiver.sha256 });

  const ready = state === 'ready';
  const controlsLive = hydrated && ready;
  // A signature of an older text or an ended season is not drawn back: the customer signs anew. So
  // too when the page shows a newer text than the one the customer's account was read against.
  const outdated = ready && (waiverOutdated(dbUser) || (!!dbUser?.waiver && dbUser.waiver.sha256 !== waiver.sha256));
  const renewal = outdated && dbUser?.waiver ? waiverRenewalMessage(dbUser.waiver, waiver.version, openedAt) : null;
  const savedSignature = ready && !outdated ? (dbUser?.signature ?? null) : null;
  const agreed = form.agreedChoice ?? (ready && !outdated && dbUser?.agreed === true);
  const { drawCanvas, padBoxRef } = useSignatureCanvas();
  const padShown = controlsLive && drawCanvas !== null;
  const pad = useSignaturePad({
    live: padShown,
    text: waiver.sha256,
    method,
    content: form.pad,
    typedName,
    savedSignature,
    onDrawn: () => dispatch({ type: 'stroke-drawn' }),
  });
  const canSign = hydrated && ready && agreed && !pad.empty;

  function chooseMethod(next: SignMethod) {
    if (busy || next === method) return;
    pad.clear();
    dispatch({ type: 'method-chosen', method: next });
  }

  function clearSignature() {
    if (busy) return;
    pad.clear();
    dispatch({ type: 'pad-cleared' });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSign || busy) return;
    const signature = pad.take();
    if (!signature) return;
    clear();
    dispatch({ type: 'signing-started' });
    try {
      const user = await signWaiver(signature.image, waiver.sha256);
      signature.markSaved(user.signature ?? signature.image);
      dispatch({ type: 'signed' });
      onSigned?.(user);
    } catch (error) {
      if (isTextChanged(error)) {
        await loadWaiverInForce({ again: true });
        dispatch({ type: 'text-replaced' });
        return;
      }
      const text = failureText(error);
      show('error', text ? `Error: ${text}` : WAIVER_SIGN_FAILED, WAIVER_ERROR_MS);
      dispatch({ type: 'signing-failed' });
    }
  }

  const titleId = `${id}-title`;
  const agreeId = `${id}-agree`;
  const padLabelId = `${id}-pad-label`;
  const padStateId = `${id}-pad-state`;
  const padLoadingId = `${id}-pad-loading`;
  const signHintId = `${id}-sign-hint`;
  const typedNameId = `${id}-typed-name`;

  return (
    <div className="account-form-frame waiver">
      {textReplaced ? (
        <p className="waiver-renewal" role="alert">
          {WAIVER_TEXT_REPLACED}
        </p>
      ) : (
        renewal && (
          <p className="waiver-renewal" role="status">
            {renewal}
          </p>
        )
      )}
      <h2 id={titleId} className="waiver-title">
        {waiver.document.title}
      </h2>
      <p className="form-hint">Version {waiver.version}</p>
      <div className="waiver-text" role="region" aria-labelledby={titleId} tabIndex={0}>
        <WaiverText document={waiver.document} />
      </div>
      <NeedsJavaScript>Signing the waiver needs JavaScript.</NeedsJavaScript>
      {state === 'signed-out' ? (
        <SignedOutNotice toDo="sign the waiver" />
      ) : (
        <form className="account-form waiver-form" method="post" action={page} noValidate onSubmit={(event) => void submit(event)}>
          <SigningNote />
          <div className="agree-field">
            <input
              id={agreeId}
              type="checkbox"
              checked={agreed}
              disabled={!hydrated || !ready}
              onChange={(event) => dispatch({ type: 'agreement-set', agreed: event.target.checked })}
            />
            <label htmlFor={agreeId}>I agree to the terms and conditions</label>
          </div>
          <SignMethodChoice method={method} disabled={!controlsLive} onChoose={chooseMethod} />
          {method === 'type' && (
            <div className="field">
              <label htmlFor={typedNameId}>Your full name, as your signature</label>
              <input
                id={typedNameId}
                type="text"
                autoComplete="name"
                maxLength={TYPED_SIGNATURE_MAX_LENGTH}
                value={typedName}
                disabled={!controlsLive}
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
            {padShown ? (
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
            <button type="button" className="button secondary" disabled={!controlsLive} aria-disabled={busy} onClick={clearSignature}>
              Clear Signature
            </button>
            <button
              type="submit"
              className="button primary"
              disabled={!canSign}
              aria-disabled={busy}
              {...(canSign ? {} : { 'aria-describedby': signHintId })}
            >
              {busy ? 'Submitting...' : 'Sign Waiver'}
            </button>
          </div>
          {!canSign && (
            <p className="form-hint" id={signHintId}>
              {method === 'draw' ? 'To sign, tick the box and draw your signature.' : 'To sign, tick the box and type your name.'}
            </p>
          )}
        </form>
      )}
      <Toast toast={toast} onClear={clear} />
    </div>
  );
}
