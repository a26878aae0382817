/**
 * The safety survey's questions, as the profile's survey form and a guide's phone at the trailhead
 * both ask them: how the person travels, their uphill and downhill ability, whether they carry a
 * beacon, shovel and probe, an emergency contact and any medical conditions. The form around them
 * keeps the values and the messages (`useAccountForm`).
 */
import { ABILITY, TRANSPORTATION, YES_NO } from '../../../../shared/contract/requests.ts';
import { FieldError } from '../../../ui/fields.tsx';
import type { FieldErrors, SurveyField } from './form-values.ts';

const SELECTS: readonly { field: SurveyField; label: string; options: readonly string[] }[] = [
  { field: 'transportation', label: 'Transportation', options: TRANSPORTATION },
  { field: 'uphillAbility', label: 'Uphill Ability', options: ABILITY },
  { field: 'downhillAbility', label: 'Downhill Ability', options: ABILITY },
  { field: 'beacon', label: 'Beacon', options: YES_NO },
  { field: 'shovel', label: 'Shovel', options: YES_NO },
  { field: 'probe', label: 'Probe', options: YES_NO },
];

interface Props {
  /** A field's id, value, changes and ARIA, from `useAccountForm`. */
  control: (field: SurveyField, hintId?: string) => object;
  fieldId: (field: SurveyField) => string;
  errorId: (field: SurveyField) => string;
  errors: FieldErrors<SurveyField>;
  /** The form's id, which the medical hint's id starts from. */
  id: string;
}

export default function SurveyFields({ control, fieldId, errorId, errors, id }: Props) {
  const medicalHintId = `${id}-medical-hint`;
  return (
    <>
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
    </>
  );
}
