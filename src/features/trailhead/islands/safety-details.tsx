/** How to reach a person on a date and what to know if something goes wrong: the roster's and the trip sheet's rows. */
import type { RosterParticipant } from '../../../../shared/contract/answers.ts';
import { participantName } from '../../../lib/roster-csv.ts';
import type { Detail } from '../../../ui/DetailsList.tsx';
import PhoneLink from '../../../ui/PhoneLink.tsx';

export function safetyDetails(person: RosterParticipant): Detail[] {
  const { survey } = person;
  return [
    ['Phone', person.phoneNumber ? <PhoneLink number={person.phoneNumber} name={participantName(person)} /> : 'None'],
    [
      'Emergency contact',
      survey ? (
        <>
          {survey.emergencyContactName}, <PhoneLink number={survey.emergencyContactNumber} name={survey.emergencyContactName} />
        </>
      ) : (
        'Survey not answered'
      ),
    ],
    ['Medical conditions', survey ? survey.medicalConditions || 'None given' : 'Survey not answered'],
  ];
}
