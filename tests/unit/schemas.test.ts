import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  authPhotoUrlSchema,
  authUserSchema,
  E164_PHONE,
  firstIssue,
  isHttpsUrl,
  paymentIntentSchema,
  profileFormSchema,
  splitPhoneNumber,
  surveySchema,
  userDataSchema,
  waiverSchema,
} from '../../shared/contract/requests.ts';
import { SURVEY_ANSWERS } from '../support/customer-answers.ts';

const message = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? null : firstIssue(result.issues);
};

const profile = { displayName: 'Kim', email: 'kim@example.com', countryCode: '+1', phoneNumber: '4355550148' };

describe('profile rules', () => {
  it('uses the spec messages', () => {
    expect(message(profileFormSchema, { ...profile, displayName: '  ' })).toBe('Name is required');
    expect(message(profileFormSchema, { ...profile, email: '' })).toBe('Email is required');
    expect(message(profileFormSchema, { ...profile, email: 'kim@' })).toBe('Invalid email format');
    expect(message(profileFormSchema, { ...profile, phoneNumber: '' })).toBe('Phone number is required');
    expect(message(profileFormSchema, { ...profile, phoneNumber: '435555' })).toBe('Phone number must be between 10 to 14 digits');
    expect(message(profileFormSchema, { ...profile, phoneNumber: '435-555-014x' })).toBe('Phone number must be between 10 to 14 digits');
    expect(message(profileFormSchema, profile)).toBeNull();
  });

  it('accepts only +1 numbers for the identity service', () => {
    expect(message(userDataSchema, { displayName: 'Kim', email: 'kim@example.com', phoneNumber: '+14355550148' })).toBeNull();
    expect(message(userDataSchema, { displayName: 'Kim', email: 'kim@example.com', phoneNumber: '+444355550148' })).toBe(
      'Phone number must be between 10 to 14 digits',
    );
  });

  it('splits a stored phone number into country code and digits', () => {
    expect(splitPhoneNumber('+14355550148')).toEqual({ countryCode: '+1', digits: '4355550148' });
    expect(splitPhoneNumber(null)).toEqual({ countryCode: '+1', digits: '' });
    expect(splitPhoneNumber('4355550148')).toEqual({ countryCode: '+1', digits: '' });
  });
});

describe('survey rules', () => {
  // The accepted answers, with medical conditions left out.
  const { medicalConditions: _none, ...survey } = SURVEY_ANSWERS;

  it('accepts the spec choices with medical conditions optional', () => {
    expect(v.parse(surveySchema, survey).medicalConditions).toBe('');
  });
  it('requires every select and the emergency contact', () => {
    expect(message(surveySchema, { ...survey, transportation: 'Bike' })).toBe('Please choose your mode of travel');
    const { probe: _probe, ...noProbe } = survey;
    expect(message(surveySchema, noProbe)).toBe('Please say whether you have a probe');
    expect(message(surveySchema, { ...survey, emergencyContactNumber: '' })).toBe('Emergency contact number is required');
  });
  it('names an unknown field', () => {
    expect(message(surveySchema, { ...survey, favouriteColour: 'blue' })).toBe('Unknown field: favouriteColour');
  });
});

describe('waiver rules', () => {
  it('needs agreement and a PNG signature', () => {
    expect(message(waiverSchema, { signature: 'data:image/png;base64,iVBORw0KGgo=', agreed: true })).toBeNull();
    expect(message(waiverSchema, { signature: 'data:image/png;base64,iVBORw0KGgo=', agreed: false })).toBe(
      'You must agree to the terms and conditions',
    );
    expect(message(waiverSchema, { signature: '', agreed: true })).toBe('The signature must be a PNG image');
  });
});

describe('payment intent requests', () => {
  const request = {
    priceId: 'price_tour_ski',
    quantity: 2,
    metadata: { userId: 'u1', dateId: 'tour-2026-12-01', partySize: 2, calendar: 'winter-day-tours' },
  };
  it('use the spec precondition messages', () => {
    expect(message(paymentIntentSchema, request)).toBeNull();
    expect(message(paymentIntentSchema, { ...request, priceId: '' })).toBe('Please select a tour type before proceeding.');
    expect(message(paymentIntentSchema, { ...request, metadata: { ...request.metadata, dateId: '' } })).toBe(
      'Please select a valid date for your tour.',
    );
    expect(message(paymentIntentSchema, { ...request, metadata: { ...request.metadata, partySize: 0 } })).toBe(
      'Please specify a valid party size.',
    );
    expect(message(paymentIntentSchema, { ...request, metadata: { ...request.metadata, userId: '' } })).toBe(
      'You must be logged in to proceed with payment.',
    );
  });
});

describe('the auth user stored at first sign-in', () => {
  const user = { uid: 'u1', email: 'kim@example.com', displayName: 'Kim', photoURL: null, phoneNumber: null, providerData: [] };

  it('takes what Firebase gives an e-mail or Google user', () => {
    expect(message(authUserSchema, user)).toBeNull();
    expect(
      message(authUserSchema, {
        ...user,
        photoURL: 'https://lh3.googleusercontent.com/a/ACg8ocK=s96-c',
        phoneNumber: '+14355550148',
        providerData: [{ providerId: 'google.com', uid: '1234', displayName: 'Kim', email: user.email, phoneNumber: null, photoURL: null }],
        emailVerified: true,
        isAnonymous: false,
        tenantId: null,
      }),
    ).toBeNull();
    expect(message(authUserSchema, { ...user, photoURL: '', phoneNumber: '' })).toBeNull();
  });

  it('keeps photos to https addresses of at most 2048 characters', () => {
    expect(isHttpsUrl('https://example.com/a.png')).toBe(true);
    expect(isHttpsUrl('HTTPS://EXAMPLE.COM/a.png')).toBe(true);
    for (const bad of [
      'http://example.com/a.png',
      'https://',
      'https:example.com',
      '//example.com/a.png',
      'javascript:alert(1)',
      'ftp://x',
    ]) {
      expect(isHttpsUrl(bad), bad).toBe(false);
    }
    expect(message(authUserSchema, { ...user, photoURL: 'http://example.com/a.png' })).toBe('The photo URL must be an https address');
    expect(message(authUserSchema, { ...user, photoURL: `https://example.com/${'a'.repeat(2029)}` })).toBe('The photo URL is too long');
    expect(message(authUserSchema, { ...user, photoURL: `https://example.com/${'a'.repeat(2028)}` })).toBeNull();
    expect(v.is(authPhotoUrlSchema, 'https://example.com/\u0000.png')).toBe(false);
  });

  it('bounds the name, the e-mail and the providers, and wants E.164 phone numbers', () => {
    expect(message(authUserSchema, { ...user, displayName: 'N'.repeat(100) })).toBeNull();
    expect(message(authUserSchema, { ...user, displayName: 'N'.repeat(101) })).toBe('Name is too long');
    expect(message(authUserSchema, { ...user, displayName: 'Kim\u0007' })).toBe('Name is not valid');
    expect(message(authUserSchema, { ...user, email: `${'e'.repeat(242)}@example.com` })).toBeNull();
    expect(message(authUserSchema, { ...user, email: `${'e'.repeat(243)}@example.com` })).toBe('The email address is too long');
    for (const good of ['+14355550148', '+442071838750', '+12']) expect(E164_PHONE.test(good), good).toBe(true);
    for (const bad of ['4355550148', '+0435555014', '+1 435 555 0148', '+1234567890123456', '+']) {
      expect(message(authUserSchema, { ...user, phoneNumber: bad }), bad).toBe(
        'The phone number must be in international format, such as +14355550148',
      );
    }
    const provider = { providerId: 'password', uid: 'kim@example.com' };
    expect(message(authUserSchema, { ...user, providerData: Array.from({ length: 10 }, () => provider) })).toBeNull();
    expect(message(authUserSchema, { ...user, providerData: Array.from({ length: 11 }, () => provider) })).toBe(
      'Too many sign-in providers',
    );
    expect(message(authUserSchema, { ...user, providerData: [{ ...provider, extra: { nested: 1 } }] })).toBe(
      'A sign-in provider entry is too large',
    );
    expect(message(authUserSchema, { ...user, providerData: ['password'] })).toBe('A sign-in provider entry is too large');
  });
});
