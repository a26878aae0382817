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
import type { DatabaseUser } from '../../../../shared/contract/answers.ts';
import { profileFormSchema } from '../../../../shared/contract/requests.ts';
import { failureText, saveProfile } from '../stores/account.ts';
import { PROFILE_FIELDS, profilePhoto, savedProfileValues } from './form-values.ts';
import { AccountLoading, FieldError, NeedsJavaScript, SignedOutNotice, TextField } from '../../../ui/fields.tsx';
import ProfilePhoto from './ProfilePhoto.tsx';
import Toast, { useToast } from '../../../ui/Toast.tsx';
import { useAccountForm } from './use-account-form.ts';
import { useAccountUser } from './use-account-user.ts';
import { usePagePath } from './use-page-path.ts';
import '../../../styles/account.css';

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
  const { toast, show, clear } = useToast();
  const { id, errors, busy, fieldId, errorId, control, textField, submit } = useAccountForm({
    hydrated,
    saved: savedProfileValues(dbUser, authUser),
    schema: profileFormSchema,
    order: PROFILE_FIELDS,
    save: saveProfile,
    onStart: clear,
    onSaved: (user) => {
      show('success', PROFILE_SAVED, PROFILE_SUCCESS_MS);
      onSave?.(user);
    },
    onFailed: (error) => show('error', failureText(error) ?? PROFILE_SAVE_FAILED, PROFILE_ERROR_MS),
  });

  if (state === 'loading') {
    return (
      <div className="account-form-frame profile-form-loading">
        <AccountLoading label="Loading your profile" />
        <NeedsJavaScript>Your profile needs JavaScript.</NeedsJavaScript>
      </div>
    );
  }
  if (state === 'signed-out') return <SignedOutNotice toDo="see your profile" />;

  const phoneHintId = `${id}-phone-hint`;
  const pendingId = `${id}-pending-email`;

  return (
    <div className="account-form-frame">
      <form className="account-form" method="post" action={page} noValidate aria-label="Profile" onSubmit={(event) => void submit(event)}>
        <div className="profile-head">
          <ProfilePhoto url={profilePhoto(dbUser, authUser)} />
        </div>
        <TextField label="Name" type="text" autoComplete="name" required maxLength={100} {...textField('displayName')} />
        <TextField
          label="Email"
          hintId={dbUser?.pendingEmail ? pendingId : undefined}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...textField('email')}
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
            <select autoComplete="tel-country-code" {...control('countryCode')}>
              <option value="+1">+1 USA</option>
            </select>
            <label htmlFor={fieldId('phoneNumber')} className="visually-hidden">
              Phone number
            </label>
            <input type="tel" autoComplete="tel-national" required maxLength={14} {...control('phoneNumber', phoneHintId)} />
          </div>
          <p className="form-hint" id={phoneHintId}>
            Such as 435-555-0148.
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
