/**
 * What the account forms show and check, without a browser: every field's message through the
 * shared schemas (word for word for the profile), the saved values a form
 * starts from, the photo it may show, the waiver text, and the signature pad's mapping of pointer
 * positions into its 1500 x 200 drawing buffer, checked against the signature_pad code the site ships.
 */
import SignaturePad from 'signature_pad';
import { describe, expect, it } from 'vitest';
import { WAIVER_INTRO, WAIVER_SECTIONS, WAIVER_SIGNING_NOTE, WAIVER_TITLE, WAIVER_VERSION } from '../../shared/company/waiver-text.ts';
import { profileFormSchema, surveySchema } from '../../shared/contract/requests.ts';
import {
  checkFields,
  firstFailed,
  PROFILE_FIELDS,
  profilePhoto,
  savedProfileValues,
  savedSurveyValues,
  SURVEY_FIELDS,
  type ProfileValues,
  type SurveyValues,
} from '../../src/features/account/islands/form-values.ts';
import { mapPointsToBuffer, toBufferClientPoint, type ScalablePad } from '../../src/features/account/islands/signature-scaling.ts';
import { databaseUser } from './support/accounts.ts';

const profile: ProfileValues = { displayName: 'Kim Larsen', email: 'kim@example.com', countryCode: '+1', phoneNumber: '4355550148' };
const profileErrors = (changes: Partial<ProfileValues>) => {
  const result = checkFields(profileFormSchema, { ...profile, ...changes });
  return result.ok ? {} : result.errors;
};

describe('the profile form checks', () => {
  it("shows each field's own message, word for word", () => {
    expect(profileErrors({ displayName: '' })).toEqual({ displayName: 'Name is required' });
    expect(profileErrors({ displayName: '   ' })).toEqual({ displayName: 'Name is required' });
    expect(profileErrors({ email: '' })).toEqual({ email: 'Email is required' });
    expect(profileErrors({ email: 'kim@' })).toEqual({ email: 'Invalid email format' });
    expect(profileErrors({ email: 'kim.example.com' })).toEqual({ email: 'Invalid email format' });
    expect(profileErrors({ phoneNumber: '' })).toEqual({ phoneNumber: 'Phone number is required' });
    expect(profileErrors({ phoneNumber: '435555014' })).toEqual({ phoneNumber: 'Phone number must be between 10 to 14 digits' });
    expect(profileErrors({ phoneNumber: '435555014812345' })).toEqual({ phoneNumber: 'Phone number must be between 10 to 14 digits' });
    expect(profileErrors({ phoneNumber: '435-555-014' })).toEqual({ phoneNumber: 'Phone number must be between 10 to 14 digits' });
    expect(profileErrors({ phoneNumber: '435-555-CALL' })).toEqual({ phoneNumber: 'Phone number must be between 10 to 14 digits' });
    expect(profileErrors({ phoneNumber: '+1 435 555 0148' })).toEqual({ phoneNumber: 'Phone number must be between 10 to 14 digits' });
  });

  it('reads a phone number as people type it: its digits, whatever the spaces, dashes, dots and brackets', () => {
    for (const typed of ['801-555-0123', '(801) 555-0123', '801 555 0123', '801.555.0123', ' 8015550123 ']) {
      const checked = checkFields(profileFormSchema, { ...profile, phoneNumber: typed });
      expect(checked.ok ? checked.value.phoneNumber : checked.errors).toBe('8015550123');
    }
  });

  it('shows every failing field at once, and focuses the first in form order', () => {
    const errors = profileErrors({ displayName: '', email: '', phoneNumber: '' });
    expect(errors).toEqual({ displayName: 'Name is required', email: 'Email is required', phoneNumber: 'Phone number is required' });
    expect(firstFailed(PROFILE_FIELDS, errors)).toBe('displayName');
    expect(firstFailed(PROFILE_FIELDS, { phoneNumber: 'x' })).toBe('phoneNumber');
  });

  it('accepts 10 to 14 digits and hands over trimmed values', () => {
    expect(checkFields(profileFormSchema, { ...profile, phoneNumber: '43555501481234' }).ok).toBe(true);
    expect(checkFields(profileFormSchema, { ...profile, displayName: ' Kim ', email: ' kim@example.com ' })).toEqual({
      ok: true,
      value: { ...profile, displayName: 'Kim', email: 'kim@example.com' },
    });
  });
});

const survey: SurveyValues = {
  transportation: 'Ski',
  uphillAbility: 'Beginner',
  downhillAbility: 'Intermediate',
  beacon: 'Yes',
  shovel: 'Yes',
  probe: 'No',
  emergencyContactName: 'Pat Larsen',
  emergencyContactNumber: '+1234567890',
  medicalConditions: '',
};

describe('the survey form checks', () => {
  it('requires every select and the emergency contact, each with its own message', () => {
    const empty = savedSurveyValues(null);
    const result = checkFields(surveySchema, empty);
    expect(result.ok).toBe(false);
    expect(result.ok ? {} : result.errors).toEqual({
      transportation: 'Please choose your mode of travel',
      uphillAbility: 'Please choose your uphill ability',
      downhillAbility: 'Please choose your downhill ability',
      beacon: 'Please say whether you have a beacon',
      shovel: 'Please say whether you have a shovel',
      probe: 'Please say whether you have a probe',
      emergencyContactName: 'Emergency contact name is required',
      emergencyContactNumber: 'Emergency contact number is required',
    });
    expect(firstFailed(SURVEY_FIELDS, result.ok ? {} : result.errors)).toBe('transportation');
  });

  it('takes the spec choices, with medical conditions optional', () => {
    expect(checkFields(surveySchema, survey)).toEqual({ ok: true, value: survey });
    expect(checkFields(surveySchema, { ...survey, transportation: 'Snowboard', beacon: 'No' }).ok).toBe(true);
    const wrong = checkFields(surveySchema, { ...survey, emergencyContactNumber: 'call my mum' });
    expect(wrong.ok ? {} : wrong.errors).toEqual({ emergencyContactNumber: 'Please enter a valid phone number, such as +1234567890' });
  });

  it('starts from the saved survey, so a complete one passes as it is', () => {
    const values = savedSurveyValues({ ...survey, medicalConditions: 'None' } as never);
    expect(values).toEqual({ ...survey, medicalConditions: 'None' });
    expect(checkFields(surveySchema, values).ok).toBe(true);
    expect(Object.keys(savedSurveyValues(undefined))).toEqual([...SURVEY_FIELDS]);
  });
});

const authUser = { displayName: 'Kim from Google', email: 'kim@gmail.example', phoneNumber: null, photoURL: null };

describe('the saved profile', () => {
  it('comes from the database user, each field falling back on the auth user', () => {
    expect(
      savedProfileValues(databaseUser('kim', { email: null, displayName: 'Kim Larsen', phoneNumber: '+14355550148' }), authUser),
    ).toEqual({
      displayName: 'Kim Larsen',
      email: 'kim@gmail.example',
      countryCode: '+1',
      phoneNumber: '4355550148',
    });
    expect(savedProfileValues(null, authUser)).toEqual({
      displayName: 'Kim from Google',
      email: 'kim@gmail.example',
      countryCode: '+1',
      phoneNumber: '',
    });
    expect(savedProfileValues(null, null)).toEqual({ displayName: '', email: '', countryCode: '+1', phoneNumber: '' });
  });

  it('splits the stored phone into +1 and its 10 to 14 digits', () => {
    expect(savedProfileValues(databaseUser('kim', { phoneNumber: '+143555501481234' }), null).phoneNumber).toBe('43555501481234');
    expect(savedProfileValues(databaseUser('kim', { phoneNumber: '4355550148' }), null).phoneNumber).toBe('');
  });

  it('shows only an https photo, the auth user\u2019s first', () => {
    expect(
      profilePhoto(databaseUser('kim', { photoURL: 'https://db.example/a.png' }), { ...authUser, photoURL: 'https://lh3.example/b.png' }),
    ).toBe('https://lh3.example/b.png');
    expect(profilePhoto(databaseUser('kim', { photoURL: 'https://db.example/a.png' }), authUser)).toBe('https://db.example/a.png');
    expect(
      profilePhoto(databaseUser('kim', { photoURL: 'http://db.example/a.png' }), { ...authUser, photoURL: 'javascript:alert(1)' }),
    ).toBeNull();
    expect(profilePhoto(null, null)).toBeNull();
  });
});

describe('the waiver text', () => {
  it('is versioned and titled', () => {
    expect(WAIVER_VERSION).toBe('2026-11');
    expect(WAIVER_TITLE).toMatch(/Release of Liability/);
  });

  it('covers what the agreement must, in the company\u2019s name', () => {
    const text = [
      ...WAIVER_INTRO,
      ...WAIVER_SECTIONS.flatMap((section) => [section.heading, ...section.blocks.flatMap((block) => block)]),
    ].join('\n');
    for (const needed of [
      'Kamas Backcountry Guides',
      'Uinta Mountains',
      'Avalanches',
      'Snowmobiles',
      'Remoteness and delayed rescue',
      'Utah Code 78B-4-401 et seq.',
      'Release of liability',
      'Indemnity',
      'Medical treatment',
      'Photos and video',
      'laws of the State of Utah',
      'Severability',
    ]) {
      expect(text).toContain(needed);
    }
    expect(WAIVER_SIGNING_NOTE).toMatch(/same as signing on paper/);
    expect(WAIVER_SIGNING_NOTE).toMatch(/available from your profile/);
  });
});

describe('the signature pad', () => {
  const rect = { left: 20, top: 100, width: 600, height: 80 };
  const buffer = { width: 1500, height: 200 };

  it('maps a pointer on the CSS-sized canvas into the 1500 x 200 buffer', () => {
    expect(toBufferClientPoint(20, 100, rect, buffer)).toEqual({ x: 20, y: 100 });
    expect(toBufferClientPoint(320, 140, rect, buffer)).toEqual({ x: 20 + 750, y: 100 + 100 });
    expect(toBufferClientPoint(620, 180, rect, buffer)).toEqual({ x: 20 + 1500, y: 100 + 200 });
    expect(toBufferClientPoint(50, 50, { left: 0, top: 0, width: 0, height: 0 }, buffer)).toEqual({ x: 50, y: 50 });
  });

  it('fixes signature_pad, which places points in CSS pixels', () => {
    const canvas = { ...buffer, getBoundingClientRect: () => rect };
    const pad = Object.assign(Object.create(SignaturePad.prototype) as ScalablePad, { _canvas: canvas });
    // The shipped code, unpatched: the middle of the canvas lands at x = 300 of 1500.
    expect(pad._createPoint?.(320, 140, 1)).toMatchObject({ x: 300, y: 40 });

    expect(mapPointsToBuffer(pad)).toBe(true);
    expect(pad._createPoint?.(320, 140, 1)).toMatchObject({ x: 750, y: 100 });
    expect(pad._createPoint?.(620, 180, 1)).toMatchObject({ x: 1500, y: 200 });

    // Mapping twice does not scale twice.
    expect(mapPointsToBuffer(pad)).toBe(true);
    expect(pad._createPoint?.(320, 140, 1)).toMatchObject({ x: 750, y: 100 });
    // The prototype, shared by every pad, is left alone.
    expect((Object.create(SignaturePad.prototype) as ScalablePad)._createPoint).toBe(SignaturePad.prototype._createPoint);
  });

  it('leaves a pad without the expected internals alone', () => {
    expect(mapPointsToBuffer({})).toBe(false);
  });
});
