/**
 * The profile form: name, e-mail and phone (+1 USA and 10 to 14 digits),
 * with the customer's picture. It starts from the saved profile (the database user, falling back
 * on the auth user) and checks with the shared schema, so its messages are the API's. After a
 * save the form shows the saved values again, 'Profile saved' for 3 s, and calls `onSave`; a failed
 * save keeps what was typed, to correct it, and shows the API's error for 5 s. A new e-mail becomes
 * the sign-in e-mail only once its owner follows the link mailed to it; until then the form says so.
 *
 * Safe before it hydrates and without JavaScript: a spinner until the user is known, inputs
 * without names, a form that posts back to this page and a Save button disabled until hydrated.
 */
import { useId, useState, type FormEvent } from 'react';
import type { DatabaseUser } from '../../lib/api/types.ts';
import { profileFormSchema } from '../../lib/schemas.ts';
import { failureText, saveProfile } from '../../stores/account.ts';
import {
  checkFields,
  firstFailed,
  PROFILE_FIELDS,
  profilePhoto,
  savedProfileValues,
  type FieldErrors,
  type ProfileField,
  type ProfileValues,
} from './form-values.ts';
import { AccountLoading, describedBy, FieldError, NeedsJavaScript, SignedOutNotice, TextField } from './fields.tsx';
import ProfilePhoto from './ProfilePhoto.tsx';
import Toast, { useToast } from './Toast.tsx';
import { useAccountUser } from './use-account-user.ts';
import { usePagePath } from './use-page-path.ts';
import '../../styles/account.css';

export const PROFILE_SAVED = 'Profile saved';
export const PROFILE_SAVE_FAILED = 'An error occurred while saving the profile';
export const PROFILE_SUCCESS_MS = 3000;
export const PROFILE_ERROR_MS = 5000;

interface Props {
  /** Called with the saved database user after a successful save. */
  onSave?: (user: DatabaseUser) => void;
}

export default function ProfileForm({ onSave }: Props) {
  const { hydrated, state, authUser, dbUser } = useAccountUser();
  const page = usePagePath();
  const id = useId();
  /** What the customer changed since the last save; null shows the saved values. */
  const [draft, setDraft] = useState<ProfileValues | null>(null);
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});
  const [busy, setBusy] = useState(false);
  const { toast, show, clear } = useToast();

  if (state === 'loading') {
    return (
      <div className="account-form-frame profile-form-loading">
        <AccountLoading label="Loading your profile" />
        <NeedsJavaScript>Your profile needs JavaScript.</NeedsJavaScript>
      </div>
    );
  }
  if (state === 'signed-out') return <SignedOutNotice toDo="see your profile" />;

  const values = draft ?? savedProfileValues(dbUser, authUser);
  const fieldId = (field: ProfileField) => `${id}-${field}`;
  const errorId = (field: ProfileField) => `${id}-${field}-error`;
  const phoneHintId = `${id}-phone-hint`;
  const pendingId = `${id}-pending-email`;

  function change(field: ProfileField, value: string) {
    setDraft({ ...values, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!hydrated || busy) return;
    clear();
    const result = checkFields(profileFormSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = firstFailed(PROFILE_FIELDS, result.errors);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await saveProfile(result.value);
      setDraft(null);
      show('success', PROFILE_SAVED, PROFILE_SUCCESS_MS);
      onSave?.(user);
    } catch (error) {
      show('error', failureText(error) ?? PROFILE_SAVE_FAILED, PROFILE_ERROR_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="account-form-frame">
      <form className="account-form" method="post" action={page} noValidate aria-label="Profile" onSubmit={(event) => void submit(event)}>
        <div className="profile-head">
          <ProfilePhoto url={profilePhoto(dbUser, authUser)} />
        </div>
        <TextField
          id={fieldId('displayName')}
          label="Name"
          error={errors.displayName}
          type="text"
          autoComplete="name"
          required
          maxLength={100}
          value={values.displayName}
          onChange={(event) => change('displayName', event.target.value)}
        />
        <TextField
          id={fieldId('email')}
          label="Email"
          error={errors.email}
          hintId={dbUser?.pendingEmail ? pendingId : undefined}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
        >
          {dbUser?.pendingEmail ? (
            <p className="form-hint pending-email" id={pendingId} role="status">
              Check {dbUser.pendingEmail} to confirm the new address. Until then you sign in with {dbUser.email}.
            </p>
          ) : null}
        </TextField>
        <fieldset className="field phone-field">
          <legend>Phone</legend>
          <div className="phone-inputs">
            <label htmlFor={fieldId('countryCode')} className="visually-hidden">
              Country code
            </label>
            <select
              id={fieldId('countryCode')}
              autoComplete="tel-country-code"
              value={values.countryCode}
              onChange={(event) => change('countryCode', event.target.value)}
              {...describedBy(errors.countryCode, errorId('countryCode'))}
            >
              <option value="+1">+1 USA</option>
            </select>
            <label htmlFor={fieldId('phoneNumber')} className="visually-hidden">
              Phone number
            </label>
            <input
              id={fieldId('phoneNumber')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              required
              maxLength={14}
              value={values.phoneNumber}
              onChange={(event) => change('phoneNumber', event.target.value)}
              {...describedBy(errors.phoneNumber, errorId('phoneNumber'), phoneHintId)}
            />
          </div>
          <p className="form-hint" id={phoneHintId}>
            Digits only, such as 4355550148.
          </p>
          <FieldError id={errorId('countryCode')} error={errors.countryCode} />
          <FieldError id={errorId('phoneNumber')} error={errors.phoneNumber} />
        </fieldset>
        <div className="account-actions">
          <button type="submit" className="button primary" disabled={!hydrated} aria-disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      <Toast toast={toast} onClear={clear} />
    </div>
  );
}
