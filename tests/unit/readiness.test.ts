import { describe, expect, it } from 'vitest';
import {
  missingSteps,
  notReadyMessage,
  profileComplete,
  surveyComplete,
  waiverOutdated,
  waiverSigned,
} from '../../shared/rules/readiness.ts';
import { surveyAnswers } from '../support/customer-answers.ts';

const complete = {
  displayName: 'Avery Lund',
  email: 'avery@example.com',
  phoneNumber: '+14355550148',
  survey: surveyAnswers({ probe: 'No', emergencyContactName: 'Sam Lund' }),
  signature: 'data:image/png;base64,iVBORw0KGgo=',
  agreed: true,
  waiver: {
    id: 'w1',
    version: '2026-11',
    sha256: 'ab'.repeat(32),
    signedAt: '2026-11-20T17:00:00.000Z',
    coversUntil: '2027-04-01T06:00:00.000Z',
    current: true,
  },
} as const;

describe('account readiness', () => {
  it('counts a profile complete with a name, a valid e-mail and a +1 phone of 10 to 14 digits', () => {
    expect(profileComplete(complete)).toBe(true);
    expect(profileComplete({ ...complete, displayName: ' ' })).toBe(false);
    expect(profileComplete({ ...complete, email: 'avery' })).toBe(false);
    expect(profileComplete({ ...complete, phoneNumber: null })).toBe(false);
    expect(profileComplete({ ...complete, phoneNumber: '+1435555' })).toBe(false);
    expect(profileComplete(null)).toBe(false);
  });

  it('counts a survey complete when every required answer is there', () => {
    expect(surveyComplete(complete)).toBe(true);
    expect(surveyComplete({ ...complete, survey: { ...complete.survey, beacon: '' } as never })).toBe(false);
    expect(surveyComplete({ ...complete, survey: null })).toBe(false);
  });

  it('counts a waiver signed when agreed with a signature image', () => {
    expect(waiverSigned(complete)).toBe(true);
    expect(waiverSigned({ ...complete, agreed: false })).toBe(false);
    expect(waiverSigned({ ...complete, signature: null })).toBe(false);
    expect(waiverSigned({ ...complete, waiver: null })).toBe(false);
  });

  it('asks for a new signature when the latest one is for an older text or an ended season', () => {
    const outdated = { ...complete, waiver: { ...complete.waiver, current: false } };
    expect(waiverSigned(outdated)).toBe(false);
    expect(waiverOutdated(outdated)).toBe(true);
    expect(waiverOutdated(complete)).toBe(false);
    expect(waiverOutdated({ ...complete, waiver: null })).toBe(false);
  });
});

describe('what is missing before booking', () => {
  it('names nothing for a complete customer', () => {
    expect(missingSteps(complete)).toEqual([]);
    expect(notReadyMessage(missingSteps(complete))).toBeNull();
  });

  it('names every missing step, in the order checkout asks for them', () => {
    expect(missingSteps(null)).toEqual(['profile', 'survey', 'waiver']);
    expect(notReadyMessage(missingSteps(null))).toBe(
      'Before booking, please complete your profile (name, e-mail and phone), fill in the safety survey and sign the current waiver.',
    );
    expect(notReadyMessage(missingSteps({ ...complete, phoneNumber: null }))).toBe(
      'Before booking, please complete your profile (name, e-mail and phone).',
    );
    expect(notReadyMessage(missingSteps({ ...complete, survey: null }))).toBe('Before booking, please fill in the safety survey.');
    expect(notReadyMessage(missingSteps({ ...complete, survey: null, waiver: null }))).toBe(
      'Before booking, please fill in the safety survey and sign the current waiver.',
    );
  });

  it('asks for the waiver again once the signed text is no longer current', () => {
    expect(missingSteps({ ...complete, waiver: { ...complete.waiver, current: false } })).toEqual(['waiver']);
  });
});
