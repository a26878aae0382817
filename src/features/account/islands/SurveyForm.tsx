/**
 * The safety survey: how the customer travels, their uphill and downhill
 * ability, whether they carry a beacon, shovel and probe, an emergency contact and any medical
 * conditions. It starts from the saved survey, so a customer who completed it passes with one
 * click, and checks with the shared schema. A save replaces the stored database user and calls
 * `onSaved` (the next step); a failure shows 'Error: ' and the API's error for 3 s.
 *
 * Safe before it hydrates and without JavaScript: a spinner until the user is known, controls
 * without names, a form that posts back to this page and a submit button disabled until hydrated.
 */
import type { DatabaseUser } from '../../../../shared/contract/answers.ts';
import { surveySchema } from '../../../../shared/contract/requests.ts';
import { failureText, saveSurvey } from '../stores/account.ts';
import { savedSurveyValues, SURVEY_FIELDS } from './form-values.ts';
import { AccountLoading, NeedsJavaScript, SignedOutNotice } from '../../../ui/fields.tsx';
import SurveyFields from './SurveyFields.tsx';
import Toast, { useToast } from '../../../ui/Toast.tsx';
import { useAccountForm } from './use-account-form.ts';
import { useAccountUser } from './use-account-user.ts';
import { usePagePath } from './use-page-path.ts';
import '../../../styles/account.css';

export const SURVEY_SAVE_FAILED = 'An error occurred while submitting the survey. Please try again.';
export const SURVEY_ERROR_MS = 3000;

interface Props {
  /** Called with the saved database user after a successful save (checkout moves on to the waiver). */
  onSaved?: (user: DatabaseUser) => void;
  /** The submit button's text; 'Submit' unless told. */
  submitLabel?: string;
}

export default function SurveyForm({ onSaved, submitLabel = 'Submit' }: Props) {
  const { hydrated, state, dbUser } = useAccountUser();
  const page = usePagePath();
  const { toast, show, clear } = useToast();
  const { id, errors, busy, fieldId, errorId, control, submit } = useAccountForm({
    hydrated,
    saved: savedSurveyValues(dbUser?.survey),
    schema: surveySchema,
    order: SURVEY_FIELDS,
    save: saveSurvey,
    onStart: clear,
    onSaved: (user) => onSaved?.(user),
    onFailed: (error) => {
      const text = failureText(error);
      show('error', text ? `Error: ${text}` : SURVEY_SAVE_FAILED, SURVEY_ERROR_MS);
    },
  });

  if (state === 'loading') {
    return (
      <div className="account-form-frame">
        <AccountLoading label="Loading your safety survey" />
        <NeedsJavaScript>The safety survey needs JavaScript.</NeedsJavaScript>
      </div>
    );
  }
  if (state === 'signed-out') return <SignedOutNotice toDo="fill in your safety survey" />;

  return (
    <div className="account-form-frame">
      <form
        className="account-form survey-form"
        method="post"
        action={page}
        noValidate
        aria-label="Safety survey"
        onSubmit={(event) => void submit(event)}
      >
        <SurveyFields control={control} fieldId={fieldId} errorId={errorId} errors={errors} id={id} />
        <div className="account-actions">
          <button type="submit" className="button primary" disabled={!hydrated} aria-disabled={busy}>
            {busy ? 'Submitting...' : submitLabel}
          </button>
        </div>
      </form>
      <Toast toast={toast} onClear={clear} />
    </div>
  );
}
