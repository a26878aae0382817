/** Checkout step 2: the profile first, and the safety survey once a complete profile is saved. */
import { useStore } from '@nanostores/react';
import { profileComplete } from '../../lib/readiness.ts';
import { $dbUser } from '../../stores/auth.ts';
import ProfileForm from '../account/ProfileForm.tsx';
import SurveyForm from '../account/SurveyForm.tsx';

interface Props {
  /** The profile was saved during this checkout. */
  profileSaved: boolean;
  onProfileSaved: () => void;
  onSurveySaved: () => void;
}

export default function ProfileAndSurvey({ profileSaved, onProfileSaved, onSurveySaved }: Props) {
  const dbUser = useStore($dbUser);
  return (
    <>
      <ProfileForm onSave={onProfileSaved} />
      {profileSaved || profileComplete(dbUser) ? (
        <SurveyForm onSaved={onSurveySaved} />
      ) : (
        <p className="form-hint">Save your profile to go on to the safety survey.</p>
      )}
    </>
  );
}
