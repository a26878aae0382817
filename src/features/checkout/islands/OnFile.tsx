/**
 * Checkout steps 2 and 3 for a returning customer: what is on file, instead of the forms again. Step
 * 2 shows the profile and the safety survey; step 3 the waiver signed, which covers every activity
 * until a newer version of its text. Each has Continue, and 'Review or change' (step 3: 'Review or
 * sign again') to open the forms. The four steps stay.
 */
import type { ReactNode } from 'react';
import type { DatabaseUser } from '../../../../shared/contract/answers.ts';
import { formatDenverLongDate } from '../../../../shared/rules/dates.ts';
import { formatPhoneNumber } from '../../../lib/phone-number.ts';
import { gearText } from '../../../lib/survey-words.ts';
import DetailsList, { type Detail } from '../../../ui/DetailsList.tsx';

interface Props {
  user: DatabaseUser;
  onContinue: () => void;
  onReview: () => void;
}

/** A step's summary of what is on file, its words, and its two ways on. */
function OnFile({
  lead,
  children,
  review,
  onContinue,
  onReview,
}: { lead: string; children: ReactNode; review: string } & Omit<Props, 'user'>) {
  return (
    <div className="on-file">
      <p className="on-file-lead">{lead}</p>
      {children}
      <div className="checkout-actions">
        <button type="button" className="button primary" onClick={onContinue}>
          Continue
        </button>
        <button type="button" className="button secondary" onClick={onReview}>
          {review}
        </button>
      </div>
    </div>
  );
}

/** One titled part of what is on file: its details, and anything more to show with them. */
function OnFilePart({ id, title, details, children }: { id: string; title: string; details: Detail[] | null; children?: ReactNode }) {
  return (
    <section className="on-file-part" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {details && <DetailsList details={details} className="on-file-details" />}
      {children}
    </section>
  );
}

export function DetailsOnFile({ user, ...ways }: Props) {
  const survey = user.survey;
  const details: Detail[] = [
    ['Name', user.displayName ?? ''],
    ['Email', user.email ?? ''],
    ['Phone', formatPhoneNumber(user.phoneNumber)],
  ];
  const answers: Detail[] = survey
    ? [
        ['Travels by', survey.transportation],
        ['Ability', `${survey.uphillAbility} uphill, ${survey.downhillAbility} downhill`],
        ['Avalanche gear', gearText(survey)],
        ['Emergency contact', `${survey.emergencyContactName}, ${formatPhoneNumber(survey.emergencyContactNumber)}`],
        ['Medical conditions', survey.medicalConditions?.trim() || 'None given'],
      ]
    : [];
  return (
    <OnFile
      lead="Your details and safety survey are on file from before. If they are still right, continue."
      review="Review or change"
      {...ways}
    >
      <OnFilePart id="on-file-details" title="Your details" details={details} />
      <OnFilePart id="on-file-survey" title="Safety survey" details={answers} />
    </OnFile>
  );
}

export function WaiverOnFile({ user, ...ways }: Props) {
  const waiver = user.waiver;
  return (
    <OnFile
      lead="You have signed our waiver. It covers every activity you book with us until we publish a newer version of it, so there is nothing to sign now."
      review="Review or sign again"
      {...ways}
    >
      <OnFilePart
        id="on-file-waiver"
        title="Your signed waiver"
        details={
          waiver && [
            ['Version', waiver.version],
            ['Signed', formatDenverLongDate(Date.parse(waiver.signedAt))],
          ]
        }
      >
        {user.signature && (
          <img className="signature-image on-file-signature" src={user.signature} alt="Your signature" width="1500" height="200" />
        )}
        {waiver && (
          <p>
            <a href={`/waiver/copy?id=${encodeURIComponent(waiver.id)}`}>Read your signed copy</a>
          </p>
        )}
      </OnFilePart>
    </OnFile>
  );
}
