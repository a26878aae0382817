/**
 * The waiver (spec sections 2, 4, 5, 9): the agreement's text, the checkbox 'I agree to the terms
 * and conditions', a signature pad whose image is 1500 x 200 px, 'Clear Signature' and 'Sign
 * Waiver'. Sign Waiver is enabled only when the box is ticked and something is drawn; a saved
 * signature is drawn back into the pad and counts as drawn, and the box starts as saved, unless the
 * signature is outdated (an older text, or a season that has ended): then the form says why a new
 * signature is needed and starts with an empty pad and an unticked box. Instead of
 * drawing, the signer may type their name, which is written into the same image (so the waiver can
 * be signed with a keyboard alone). A signed
 * waiver replaces the stored database user and calls `onSigned`; a failure shows 'Error: ' and the
 * API's error for 3 s.
 *
 * The text shown is the one in force at the API (`$waiverInForce`): the site's own until the API
 * names another, and the signature names it by its fingerprint. When the API has moved on to a new
 * text meanwhile it refuses the signature; the form then shows the new text with an unticked box
 * and an empty pad, and says why.
 *
 * The site's text is in the server-rendered HTML. Before hydration the pad's place is reserved (same
 * aspect ratio) and every control is disabled; the form posts back to this page.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import SignatureCanvasImport from 'react-signature-canvas';
import { WAIVER_SIGNING_NOTE } from '../../content/waiver.ts';
import { ApiError } from '../../lib/api/http.ts';
import type { DatabaseUser } from '../../lib/api/types.ts';
import { waiverOutdated } from '../../lib/readiness.ts';
import { TYPED_SIGNATURE_MAX_LENGTH, typedSignatureText } from '../../lib/typed-signature.ts';
import { WAIVER_TEXT_CHANGED, waiverRenewalMessage } from '../../lib/waiver-record.ts';
import { failureText, signWaiver } from '../../stores/account.ts';
import { $waiverInForce, loadWaiverInForce } from '../../stores/waiver-in-force.ts';
import { NeedsJavaScript, SignedOutNotice } from './fields.tsx';
import { mapPointsToBuffer, type ScalablePad } from './signature-scaling.ts';
import { writeTypedSignature } from './typed-signature-canvas.ts';
import Toast, { useToast } from './Toast.tsx';
import { useAccountUser } from './use-account-user.ts';
import WaiverText from './WaiverText.tsx';
import { usePagePath } from './use-page-path.ts';
import '../../styles/account.css';

/**
 * react-signature-canvas is CommonJS with `exports.default`: bundlers hand over the class, while
 * Node's own import (server rendering) hands over the exports object. Either way, the class.
 */
const SignatureCanvas: typeof SignatureCanvasImport =
  (SignatureCanvasImport as unknown as { default?: typeof SignatureCanvasImport }).default ?? SignatureCanvasImport;
type Pad = InstanceType<typeof SignatureCanvasImport>;

/** The stored image's size (spec section 9): the canvas's drawing buffer, whatever its size on screen. */
export const SIGNATURE_WIDTH = 1500;
export const SIGNATURE_HEIGHT = 200;
export const WAIVER_SIGN_FAILED = 'An error occurred while signing the waiver. Please try again.';
export const WAIVER_ERROR_MS = 3000;
/** Said when the API refused a signature because a new text came into force while the page was open. */
export const WAIVER_TEXT_REPLACED =
  'The waiver text has changed since this page opened. The new text is above: please read it, tick the box and sign again.';

/** The API's refusal of a signature for a text that is no longer in force. */
const isTextChanged = (error: unknown) => error instanceof ApiError && error.status === 409 && failureText(error) === WAIVER_TEXT_CHANGED;

/** What the pad holds: the saved signature, one drawn since, or nothing (cleared). */
type PadContent = 'saved' | 'drawn' | 'empty';
/** How the signer signs: by drawing on the pad, or by typing their name into it. */
type SignMethod = 'draw' | 'type';
const INK = '#1b2730';

interface Props {
  /** Called with the saved database user after the waiver is signed (checkout moves on to payment). */
  onSigned?: (user: DatabaseUser) => void;
}

/** The words of the note that link to the profile, where the signed copy is. */
const PROFILE_WORDS = 'your profile';

/** Signing electronically binds as on paper, and a copy stays available from the profile (the ESIGN Act's consent and retention points). */
function SigningNote() {
  const at = WAIVER_SIGNING_NOTE.indexOf(PROFILE_WORDS);
  if (at < 0) return <p className="waiver-signing-note">{WAIVER_SIGNING_NOTE}</p>;
  return (
    <p className="waiver-signing-note">
      {WAIVER_SIGNING_NOTE.slice(0, at)}
      <a href="/profile">{PROFILE_WORDS}</a>
      {WAIVER_SIGNING_NOTE.slice(at + PROFILE_WORDS.length)}
    </p>
  );
}

export default function WaiverForm({ onSigned }: Props) {
  const { hydrated, state, dbUser } = useAccountUser();
  const page = usePagePath();
  const id = useId();
  const pad = useRef<Pad | null>(null);
  /** The saved signature drawn into the pad, and the signature_pad instance it was drawn with. */
  const shown = useRef<{ instance: unknown; signature: string } | null>(null);
  const [content, setContent] = useState<PadContent>('saved');
  const [method, setMethod] = useState<SignMethod>('draw');
  const [typedName, setTypedName] = useState('');
  const [agreedChoice, setAgreedChoice] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const { toast, show, clear } = useToast();

  const [openedAt] = useState(() => Date.now());
  const waiver = useStore($waiverInForce);
  /** Set when the API refused a signature because another text came into force; cleared by a signature. */
  const [textReplaced, setTextReplaced] = useState(false);

  useEffect(() => void loadWaiverInForce(), []);
  // A box ticked or a signature drawn for one text is not a yes to another: when the text shown
  // changes, the form starts again from what the customer has signed.
  const [textAgreedTo, setTextAgreedTo] = useState(waiver.sha256);
  if (textAgreedTo !== waiver.sha256) {
    setTextAgreedTo(waiver.sha256);
    setAgreedChoice(null);
    setContent('saved');
    setTypedName('');
  }
  const textInPad = useRef(waiver.sha256);
  useEffect(() => {
    if (textInPad.current === waiver.sha256) return;
    textInPad.current = waiver.sha256;
    pad.current?.clear();
    shown.current = null;
  }, [waiver.sha256]);

  const ready = state === 'ready';
  // A signature of an older text or an ended season is not drawn back: the customer signs anew. So
  // too when the page shows a newer text than the one the customer's account was read against.
  const outdated = ready && (waiverOutdated(dbUser) || (!!dbUser?.waiver && dbUser.waiver.sha256 !== waiver.sha256));
  const renewal = outdated && dbUser?.waiver ? waiverRenewalMessage(dbUser.waiver, waiver.version, openedAt) : null;
  const savedSignature = ready && !outdated ? (dbUser?.signature ?? null) : null;
  const agreed = agreedChoice ?? (ready && !outdated && dbUser?.agreed === true);
  const typed = method === 'type' && typedSignatureText(typedName) !== '';
  const drawn = method === 'draw' ? content === 'drawn' || (content === 'saved' && savedSignature !== null) : typed;
  const canSign = hydrated && ready && agreed && drawn;

  // Draw the saved signature into the pad (spec section 4), once per pad: a remounted pad starts blank.
  useEffect(() => {
    const canvas = pad.current;
    const instance = canvas?.getSignaturePad();
    if (!canvas || !instance) return;
    mapPointsToBuffer(instance as unknown as ScalablePad);
    if (content !== 'saved' || !savedSignature) return;
    if (shown.current?.instance === instance && shown.current.signature === savedSignature) return;
    canvas.clear();
    canvas.fromDataURL(savedSignature, { width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT });
    shown.current = { instance, signature: savedSignature };
  }, [ready, content, savedSignature]);

  // A typed signature is written into the pad as the name changes; the pad takes no strokes meanwhile.
  useEffect(() => {
    const canvas = pad.current;
    if (!canvas || method !== 'type') return;
    canvas.off();
    canvas.clear();
    writeTypedSignature(canvas.getCanvas(), typedName, INK);
    return () => canvas.on();
  }, [ready, method, typedName]);

  function chooseMethod(next: SignMethod) {
    if (busy || next === method) return;
    pad.current?.clear();
    shown.current = null;
    setContent('empty');
    setTypedName('');
    setMethod(next);
  }

  function attachPad(instance: Pad | null) {
    pad.current = instance;
    const signaturePad = instance?.getSignaturePad();
    if (signaturePad) mapPointsToBuffer(signaturePad as unknown as ScalablePad);
  }

  function clearSignature() {
    if (busy) return;
    pad.current?.clear();
    shown.current = null;
    setContent('empty');
    setTypedName('');
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const canvas = pad.current;
    if (!canSign || busy || !canvas) return;
    // An untouched saved signature is sent as it was stored, not re-encoded (its image may still be loading).
    const signature = method === 'draw' && content === 'saved' && savedSignature ? savedSignature : canvas.toDataURL('image/png');
    clear();
    setBusy(true);
    try {
      const user = await signWaiver(signature, waiver.sha256);
      shown.current = { instance: canvas.getSignaturePad(), signature: user.signature ?? signature };
      setContent('saved');
      setMethod('draw');
      setTypedName('');
      setAgreedChoice(null);
      setTextReplaced(false);
      setBusy(false);
      onSigned?.(user);
    } catch (error) {
      if (isTextChanged(error)) {
        await loadWaiverInForce({ again: true });
        setTextReplaced(true);
        setBusy(false);
        return;
      }
      const text = failureText(error);
      show('error', text ? `Error: ${text}` : WAIVER_SIGN_FAILED, WAIVER_ERROR_MS);
      setBusy(false);
    }
  }

  const titleId = `${id}-title`;
  const agreeId = `${id}-agree`;
  const padLabelId = `${id}-pad-label`;
  const padStateId = `${id}-pad-state`;
  const signHintId = `${id}-sign-hint`;
  const typedNameId = `${id}-typed-name`;
  const controlsLive = hydrated && ready;

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
              onChange={(event) => setAgreedChoice(event.target.checked)}
            />
            <label htmlFor={agreeId}>I agree to the terms and conditions</label>
          </div>
          <fieldset className="sign-method">
            <legend>How will you sign?</legend>
            {(
              [
                ['draw', 'Draw my signature'],
                ['type', 'Type my name'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="sign-method-choice">
                <input
                  type="radio"
                  name="signMethod"
                  value={value}
                  checked={method === value}
                  disabled={!controlsLive}
                  onChange={() => chooseMethod(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
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
                onChange={(event) => setTypedName(event.target.value)}
              />
            </div>
          )}
          <p className="signature-label" id={padLabelId}>
            {method === 'draw' ? 'Signature (draw with your mouse, finger or stylus)' : 'Signature (your typed name)'}
          </p>
          <span className="visually-hidden" id={padStateId}>
            {drawn ? 'Signed' : 'Empty'}
          </span>
          <div
            className={method === 'draw' ? 'signature-pad' : 'signature-pad typed'}
            role="img"
            aria-labelledby={`${padLabelId} ${padStateId}`}
            aria-busy={!ready}
          >
            {controlsLive ? (
              <SignatureCanvas
                ref={attachPad}
                clearOnResize={false}
                penColor={INK}
                minWidth={1.5}
                maxWidth={4.5}
                onEnd={() => setContent('drawn')}
                canvasProps={{ width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT, className: 'signature-canvas' }}
              />
            ) : (
              <span className="signature-placeholder">
                <span className="spinner" aria-hidden="true" />
              </span>
            )}
          </div>
          {method === 'draw' && <p className="form-hint signature-rotate-hint">On a phone, turn it sideways for a larger signing area.</p>}
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
