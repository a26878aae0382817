/**
 * A member without a current waiver signs it on the guide's phone, handed over: in a dialog over the
 * sheet, the text saved with the sheet, the box and the pad (as on /waiver), with no network. The
 * signature is kept on the phone and sent with the check-ins, into the member's own waiver record.
 * Escape or Cancel signing closes it, keeping nothing.
 */
import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { TripSheet } from '../../../../shared/contract/trailhead.ts';
import SigningNote from '../../account/islands/SigningNote.tsx';
import WaiverSigningControls from '../../account/islands/WaiverSigningControls.tsx';
import WaiverText from '../../account/islands/WaiverText.tsx';
import { useWaiverSigning } from '../../account/islands/use-waiver-signing.ts';

interface Props {
  /** Who signs, by name. */
  name: string;
  waiver: TripSheet['waiver'];
  onSigned: (signature: string) => void;
  onCancel: () => void;
}

export default function TrailheadSigning({ name, waiver, onSigned, onCancel }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const signing = useWaiverSigning({ text: waiver.version, live: true, savedSignature: null, savedAgreed: false });

  useEffect(() => {
    const opened = dialog.current;
    if (opened && !opened.open) opened.showModal();
    return () => opened?.close();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!signing.canSign) return;
    const signature = signing.pad.take();
    if (signature) onSigned(signature.image);
  }

  return (
    <dialog
      ref={dialog}
      className="trip-signing waiver"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{name} signs the waiver</h2>
      <p>Hand the phone to {name}. The signature stays on this phone and is sent with the check-ins.</p>
      <p className="trip-signing-text-title" id={`${id}-text`}>
        {waiver.document.title} <span className="form-hint">(version {waiver.version})</span>
      </p>
      <div className="waiver-text" role="region" aria-labelledby={`${id}-text`} tabIndex={0}>
        <WaiverText document={waiver.document} />
      </div>
      <form className="account-form waiver-form" noValidate onSubmit={submit}>
        <SigningNote linked={false} />
        <WaiverSigningControls signing={signing} boxLive typedNameLabel={`${name}'s full name, as the signature`} />
      </form>
      <button type="button" className="button secondary" onClick={onCancel}>
        Cancel signing
      </button>
    </dialog>
  );
}
