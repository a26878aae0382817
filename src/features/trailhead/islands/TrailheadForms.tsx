/**
 * What a member fills in on the guide's phone, handed over, with no network: in a dialog over the
 * sheet, the safety survey when they never answered it, and the waiver when they have no current
 * signature (the text saved with the sheet, the box and the pad, as on /waiver). Both are kept on the
 * phone and sent with the check-ins, into the member's own record. Escape or Cancel closes it,
 * keeping nothing.
 */
import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { TripSheet } from '../../../../shared/contract/trailhead.ts';
import { surveySchema, type Survey } from '../../../../shared/contract/requests.ts';
import SigningNote from '../../account/islands/SigningNote.tsx';
import SurveyFields from '../../account/islands/SurveyFields.tsx';
import WaiverSigningControls from '../../account/islands/WaiverSigningControls.tsx';
import WaiverText from '../../account/islands/WaiverText.tsx';
import { savedSurveyValues, SURVEY_FIELDS } from '../../account/islands/form-values.ts';
import { useAccountForm } from '../../account/islands/use-account-form.ts';
import { useWaiverSigning } from '../../account/islands/use-waiver-signing.ts';

export interface Filled {
  /** The waiver's signature image, when it was asked. */
  signature: string | null;
  /** The survey's answers, when they were asked. */
  survey: Survey | null;
}

interface Props {
  /** Who fills it in, by name. */
  name: string;
  /** The waiver to sign, or null when the member's signature counts. */
  waiver: TripSheet['waiver'] | null;
  /** Whether to ask the safety survey. */
  askSurvey: boolean;
  onDone: (filled: Filled) => void;
  onCancel: () => void;
}

export default function TrailheadForms({ name, waiver, askSurvey, onDone, onCancel }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const signing = useWaiverSigning({ text: waiver?.version ?? '', live: waiver !== null, savedSignature: null, savedAgreed: false });
  const survey = useAccountForm({
    hydrated: true,
    saved: savedSurveyValues(null),
    schema: surveySchema,
    order: SURVEY_FIELDS,
    save: async (answers: Survey) => answers,
    onStart: () => undefined,
    onSaved: (answers) => finish(answers),
    onFailed: () => undefined,
  });

  useEffect(() => {
    const opened = dialog.current;
    if (opened && !opened.open) opened.showModal();
    return () => opened?.close();
  }, []);

  function finish(answers: Survey | null) {
    if (!waiver) return onDone({ signature: null, survey: answers });
    if (!signing.canSign) return;
    const signature = signing.pad.take();
    if (signature) onDone({ signature: signature.image, survey: answers });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    // The survey's answers are checked first (the first one missing takes the focus), then the signature is taken.
    if (askSurvey) return void survey.submit(event);
    event.preventDefault();
    finish(null);
  }

  const title = waiver && askSurvey ? 'answers the survey and signs the waiver' : waiver ? 'signs the waiver' : 'answers the survey';
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
      <h2 id={`${id}-title`}>
        {name} {title}
      </h2>
      <p>Hand the phone to {name}. What they fill in stays on this phone and is sent with the check-ins.</p>
      <form className="account-form waiver-form" noValidate onSubmit={submit}>
        {askSurvey && (
          <fieldset className="trip-survey survey-form">
            <legend>Safety survey</legend>
            <SurveyFields
              control={survey.control}
              fieldId={survey.fieldId}
              errorId={survey.errorId}
              errors={survey.errors}
              id={survey.id}
            />
          </fieldset>
        )}
        {waiver && (
          <>
            <p className="trip-signing-text-title" id={`${id}-text`}>
              {waiver.document.title} <span className="form-hint">(version {waiver.version})</span>
            </p>
            <div className="waiver-text" role="region" aria-labelledby={`${id}-text`} tabIndex={0}>
              <WaiverText document={waiver.document} />
            </div>
            <SigningNote linked={false} />
            <WaiverSigningControls signing={signing} boxLive typedNameLabel={`${name}'s full name, as the signature`} />
          </>
        )}
        {!waiver && (
          <div className="account-actions">
            <button type="submit" className="button primary">
              Keep the answers
            </button>
          </div>
        )}
      </form>
      <button type="button" className="button secondary" onClick={onCancel}>
        Cancel
      </button>
    </dialog>
  );
}
