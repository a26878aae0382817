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
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ApiError } from '../../../lib/api/api-error.ts';
import type { DatabaseUser } from '../../../../shared/contract/answers.ts';
import { waiverOutdated } from '../../../../shared/rules/readiness.ts';
import { signatureLastsWords, WAIVER_TEXT_CHANGED, waiverRenewalMessage } from '../../../../shared/rules/waiver-record.ts';
import { failureText, signWaiver } from '../stores/account.ts';
import { $waiverInForce, loadWaiverInForce } from '../stores/waiver-in-force.ts';
import { NeedsJavaScript, SignedOutNotice } from '../../../ui/fields.tsx';
import SigningNote from './SigningNote.tsx';
import Toast, { useToast } from '../../../ui/Toast.tsx';
import { useAccountUser } from './use-account-user.ts';
import { useWaiverSigning } from './use-waiver-signing.ts';
import WaiverSigningControls from './WaiverSigningControls.tsx';
import WaiverText from './WaiverText.tsx';
import { usePagePath } from './use-page-path.ts';
import '../../../styles/account.css';

export { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from './use-signature-pad.ts';
export const WAIVER_SIGN_FAILED = 'An error occurred while signing the waiver. Please try again.';
export const WAIVER_ERROR_MS = 3000;
export { PAD_LOADING } from './WaiverSigningControls.tsx';
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
  useEffect(() => void loadWaiverInForce(), []);

  const ready = state === 'ready';
  const controlsLive = hydrated && ready;
  // A signature of an older text or an ended season is not drawn back: the customer signs anew. So
  // too when the page shows a newer text than the one the customer's account was read against.
  const outdated = ready && (waiverOutdated(dbUser) || (!!dbUser?.waiver && dbUser.waiver.sha256 !== waiver.sha256));
  const renewal = outdated && dbUser?.waiver ? waiverRenewalMessage(dbUser.waiver, waiver.version, openedAt) : null;
  const signing = useWaiverSigning({
    text: waiver.sha256,
    live: controlsLive,
    savedSignature: ready && !outdated ? (dbUser?.signature ?? null) : null,
    savedAgreed: ready && !outdated && dbUser?.agreed === true,
  });
  const { form, dispatch, pad, canSign } = signing;
  const { busy, textReplaced } = form;

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
      <p className="form-hint">{signatureLastsWords(openedAt)}</p>
      <div className="waiver-text" role="region" aria-labelledby={titleId} tabIndex={0}>
        <WaiverText document={waiver.document} />
      </div>
      <NeedsJavaScript>Signing the waiver needs JavaScript.</NeedsJavaScript>
      {state === 'signed-out' ? (
        <SignedOutNotice toDo="sign the waiver" />
      ) : (
        <form className="account-form waiver-form" method="post" action={page} noValidate onSubmit={(event) => void submit(event)}>
          <SigningNote />
          <WaiverSigningControls signing={signing} boxLive={controlsLive} />
        </form>
      )}
      <Toast toast={toast} onClear={clear} />
    </div>
  );
}
