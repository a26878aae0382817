/** What a returning customer has filled in, for tests and benchmarks that make one through the API. */
import type { Survey } from '../../shared/contract/requests.ts';
import { DEMO_SIGNATURE, DEMO_SURVEY } from '../../api/seed/demo-answers.ts';

/** A safety survey the survey form accepts. */
export const SURVEY_ANSWERS: Survey = DEMO_SURVEY;

/** The accepted safety survey with some answers given otherwise. */
export function surveyAnswers(changes: Partial<Survey>): Survey {
  return { ...SURVEY_ANSWERS, ...changes };
}

/** A 1 x 1 PNG as a data URL, the shape of a drawn signature. */
export const TINY_SIGNATURE = DEMO_SIGNATURE;
