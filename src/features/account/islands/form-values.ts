/**
 * What the account forms show and how they check it, without React: the saved values a form starts
 * from, and the per-field messages of the shared schemas (shared/contract/requests.ts), the same ones the API
 * answers with.
 */
import * as v from 'valibot';
import type { DatabaseUser } from '../../../../shared/contract/answers.ts';
import { COUNTRY_CODES, isHttpsUrl, splitPhoneNumber, type Survey } from '../../../../shared/contract/requests.ts';

/** A form's fields as the inputs hold them: text. */
export type FormValues<K extends string> = Record<K, string>;
/** The first message for each field that failed. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Checked<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

/** Checks form values against a shared object schema; each failing field gets its first message. */
export function checkFields<S extends v.GenericSchema, K extends string>(schema: S, values: FormValues<K>): Checked<v.InferOutput<S>, K> {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, value: result.output };
  const errors: FieldErrors<K> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && key in values && errors[key as K] === undefined) errors[key as K] = issue.message;
  }
  return { ok: false, errors };
}

/** The fields of a form in the order they are shown, for focusing the first one that failed. */
export function firstFailed<K extends string>(order: readonly K[], errors: FieldErrors<K>): K | undefined {
  return order.find((field) => errors[field] !== undefined);
}

// ---- Profile ----

export const PROFILE_FIELDS = ['displayName', 'email', 'countryCode', 'phoneNumber'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = FormValues<ProfileField>;

/** The identity-service fields the profile form can fall back on (a Firebase `User` has them). */
export interface AuthProfile {
  displayName: string | null;
  email: string | null;
  phoneNumber: string | null;
  photoURL: string | null;
}

/**
 * The saved profile: the database user's fields, each falling back on the signed-in auth user's.
 * The stored E.164 phone is split into its country code and digits; a number from a country the
 * form does not offer starts empty, since only +1 numbers can be saved.
 */
export function savedProfileValues(dbUser: DatabaseUser | null, authUser: AuthProfile | null): ProfileValues {
  const phone = splitPhoneNumber(dbUser?.phoneNumber || authUser?.phoneNumber);
  const offered = (COUNTRY_CODES as readonly string[]).includes(phone.countryCode);
  return {
    displayName: dbUser?.displayName || authUser?.displayName || '',
    email: dbUser?.email || authUser?.email || '',
    countryCode: offered ? phone.countryCode : COUNTRY_CODES[0],
    phoneNumber: offered ? phone.digits : '',
  };
}

/** The customer's photo, when it is an https address: the identity service's first, else the stored one. */
export function profilePhoto(dbUser: DatabaseUser | null, authUser: AuthProfile | null): string | null {
  for (const url of [authUser?.photoURL, dbUser?.photoURL]) if (url && isHttpsUrl(url)) return url;
  return null;
}

// ---- Safety survey ----

export const SURVEY_FIELDS = [
  'transportation',
  'uphillAbility',
  'downhillAbility',
  'beacon',
  'shovel',
  'probe',
  'emergencyContactName',
  'emergencyContactNumber',
  'medicalConditions',
] as const satisfies readonly (keyof Survey)[];
export type SurveyField = (typeof SURVEY_FIELDS)[number];
export type SurveyValues = FormValues<SurveyField>;

/** The saved survey, or empty answers when there is none yet. */
export function savedSurveyValues(survey: Partial<Survey> | null | undefined): SurveyValues {
  const values = {} as SurveyValues;
  for (const field of SURVEY_FIELDS) {
    const answer = survey?.[field];
    values[field] = typeof answer === 'string' ? answer : '';
  }
  return values;
}
