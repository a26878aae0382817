/**
 * Checkout step 2: what is on file for a returning customer whose profile and survey are complete
 * (Continue, or review and change them); else the profile first, and the safety survey once a
 * complete profile is saved.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { profileComplete, surveyComplete } from '../../../../shared/rules/readiness.ts';
import { $dbUser } from '../../../stores/auth.ts';
import ProfileForm from '../../account/islands/ProfileForm.tsx';
import SurveyForm from '../../account/islands/SurveyForm.tsx';
import { DetailsOnFile } from './OnFile.tsx';
import { useFocusOnOpen } from './use-focus-on-open.ts';

interface Props {
  /** The profile was saved during this checkout. */
  profileSaved: boolean;
  onProfileSaved: () => void;
  onSurveySaved: () => void;
}

export default function ProfileAndSurvey({ profileSaved, onProfileSaved, onSurveySaved }: Props) {
  const dbUser = useStore($dbUser);
  const [reviewing, setReviewing] = useState(false);
  const frame = useFocusOnOpen(reviewing);

  if (dbUser && !reviewing && !profileSaved && profileComplete(dbUser) && surveyComplete(dbUser)) {
    return <DetailsOnFile user={dbUser} onContinue={onSurveySaved} onReview={() => setReviewing(true)} />;
  }
  return (
    <div ref={frame} className="checkout-forms">
      <ProfileForm onSave={onProfileSaved} />
      {profileSaved || profileComplete(dbUser) ? (
        <SurveyForm onSaved={onSurveySaved} />
      ) : (
        <p className="form-hint">Save your profile to go on to the safety survey.</p>
      )}
    </div>
  );
}
