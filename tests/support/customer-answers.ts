/** What a returning customer has filled in, for tests and benchmarks that make one through the API. */
import type { Survey } from '../../shared/contract/requests.ts';

/** A safety survey the survey form accepts. */
export const SURVEY_ANSWERS: Survey = {
  transportation: 'Snowmobile',
  uphillAbility: 'Intermediate',
  downhillAbility: 'Advanced',
  beacon: 'Yes',
  shovel: 'Yes',
  probe: 'Yes',
  emergencyContactName: 'Robin Ridge',
  emergencyContactNumber: '+14355550199',
  medicalConditions: '',
};

/** The accepted safety survey with some answers given otherwise. */
export function surveyAnswers(changes: Partial<Survey>): Survey {
  return { ...SURVEY_ANSWERS, ...changes };
}

/** A 1 x 1 PNG as a data URL, the shape of a drawn signature. */
export const TINY_SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
