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
import { ABILITY, surveySchema, TRANSPORTATION, YES_NO } from '../../../../shared/contract/requests.ts';
import { failureText, saveSurvey } from '../stores/account.ts';
import { savedSurveyValues, SURVEY_FIELDS, type SurveyField } from './form-values.ts';
import { AccountLoading, FieldError, NeedsJavaScript, SignedOutNotice } from '../../../ui/fields.tsx';
import Toast, { useToast } from '../../../ui/Toast.tsx';
import { useAccountForm } from './use-account-form.ts';
import { useAccountUser } from './use-account-user.ts';
import { usePagePath } from './use-page-path.ts';
import '../../../styles/account.css';

export const SURVEY_SAVE_FAILED = 'An error occurred while submitting the survey. Please try again.';
export const SURVEY_ERROR_MS = 3000;

const SELECTS: readonly { field: SurveyField; label: string; options: readonly string[] }[] = [
  { field: 'transportation', label: 'Transportation', options: TRANSPORTATION },
  { field: 'uphillAbility', label: 'Uphill Ability', options: ABILITY },
  { field: 'downhillAbility', label: 'Downhill Ability', options: ABILITY },
  { field: 'beacon', label: 'Beacon', options: YES_NO },
  { field: 'shovel', label: 'Shovel', options: YES_NO },
  { field: 'probe', label: 'Probe', options: YES_NO },
];

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

  const medicalHintId = `${id}-medical-hint`;

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
        <div className="survey-selects">
          {SELECTS.map(({ field: name, label, options }) => (
            <div className="field" key={name}>
              <label htmlFor={fieldId(name)}>{label}</label>
              <select required {...control(name)}>
                <option value="">Select...</option>
                {options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
              <FieldError id={errorId(name)} error={errors[name]} />
            </div>
          ))}
        </div>
        <div className="field">
          <label htmlFor={fieldId('emergencyContactName')}>Emergency Contact Name</label>
          <input type="text" autoComplete="off" required maxLength={100} {...control('emergencyContactName')} />
          <FieldError id={errorId('emergencyContactName')} error={errors.emergencyContactName} />
        </div>
        <div className="field">
          <label htmlFor={fieldId('emergencyContactNumber')}>Emergency Contact Number</label>
          <input type="tel" autoComplete="off" required maxLength={21} placeholder="+1234567890" {...control('emergencyContactNumber')} />
          <FieldError id={errorId('emergencyContactNumber')} error={errors.emergencyContactNumber} />
        </div>
        <div className="field">
          <label htmlFor={fieldId('medicalConditions')}>Medical Conditions</label>
          <p className="form-hint" id={medicalHintId}>
            Optional. Anything your guide should know, such as allergies, asthma, diabetes, heart conditions, past injuries or medication.
          </p>
          <textarea rows={4} maxLength={2000} {...control('medicalConditions', medicalHintId)} />
          <FieldError id={errorId('medicalConditions')} error={errors.medicalConditions} />
        </div>
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
