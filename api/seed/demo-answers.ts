/** What a demo customer has filled in: the demo season's riders, and the tests' and benchmarks' customers. */
import type { Survey } from '../../shared/contract/requests.ts';

/** A safety survey the survey form accepts. */
export const DEMO_SURVEY: Survey = {
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

/** A 1 x 1 PNG as a data URL, the shape of a drawn signature. */
export const DEMO_SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
