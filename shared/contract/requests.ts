/**
 * Every validation rule of the product, shared by the islands and the booking API.
 * Messages are the ones customers read.
 */
import * as v from 'valibot';
import { INVALID_PROMO_MESSAGE, NO_DATE_MESSAGE, NO_PARTY_MESSAGE, NO_PRICE_MESSAGE, NO_USER_PAYMENT_MESSAGE } from './messages.ts';
import { isSafeText } from '../rules/safe-text.ts';
import { isCalendarDay } from '../rules/dates.ts';
import { MAX_GIFT_CARDS, TOO_MANY_GIFT_CARDS } from '../rules/gift-card-split.ts';

export const CALENDARS = ['winter-classes', 'winter-day-tours', 'winter-mentorship'] as const;
export type CalendarName = (typeof CALENDARS)[number];

export const TRANSPORTATION = ['Ski', 'Snowboard', 'Snowmobile'] as const;
export const ABILITY = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const YES_NO = ['Yes', 'No'] as const;

export const PARTY_SIZE_MIN = 1;
export const PARTY_SIZE_MAX = 4;
/** Every party size a booking may have, smallest first: the choices of a party-size menu. */
export const PARTY_SIZES = Array.from({ length: PARTY_SIZE_MAX - PARTY_SIZE_MIN + 1 }, (_, index) => PARTY_SIZE_MIN + index);
export const COUNTRY_CODES = ['+1'] as const;

/** Largest accepted waiver signature: a PNG data URL of the 1500 x 200 canvas. */
export const SIGNATURE_MAX_CHARS = 400_000;

/**
 * A moment with its zone, as ISO 8601 (`2027-01-09T15:12:00Z`), on a day that exists: a date such as
 * February 30, which the pattern lets through and a database refuses, is bad input, not a fault.
 */
export const instantRequest = (message: string) =>
  v.pipe(
    v.string(message),
    v.isoTimestamp(message),
    v.check((text) => isCalendarDay(text.slice(0, 10)), message),
  );

/** A required text field; a missing key reads as empty, so it gets the field's own message. */
const required = (message: string) => v.optional(v.pipe(v.string(message), v.trim(), v.nonEmpty(message)), '');

/** One of a fixed set of answers; a missing key gets the field's own message too. */
const choice = <const T extends readonly [string, ...string[]]>(options: T, message: string) =>
  v.optional(v.picklist(options, message), '' as T[number]);

// ---- Profile ----

export const PHONE_DIGITS = /^\d{10,14}$/;
export const PHONE_MESSAGE = 'Phone number must be between 10 to 14 digits';

/** A phone number as people type it, `(801) 555-0123` or `801.555.0123`, read as its digits: spaces, dashes, dots and brackets say nothing. */
export const phoneDigits = (typed: string): string => typed.replace(/[\s().-]/g, '');

export const profileFormSchema = v.object({
  displayName: v.pipe(required('Name is required'), v.maxLength(100, 'Name is too long')),
  email: v.pipe(required('Email is required'), v.email('Invalid email format'), v.maxLength(254, 'Invalid email format')),
  countryCode: choice(COUNTRY_CODES, 'Only +1 (USA) numbers are accepted'),
  phoneNumber: v.pipe(required('Phone number is required'), v.transform(phoneDigits), v.regex(PHONE_DIGITS, PHONE_MESSAGE)),
});
export type ProfileForm = v.InferOutput<typeof profileFormSchema>;

/** The profile as the identity service stores it: one E.164 phone number. */
export const userDataSchema = v.strictObject({
  displayName: profileFormSchema.entries.displayName,
  email: profileFormSchema.entries.email,
  phoneNumber: v.pipe(required('Phone number is required'), v.regex(/^\+1\d{10,14}$/, PHONE_MESSAGE)),
});
export type UserData = v.InferOutput<typeof userDataSchema>;

export const updateAuthUserSchema = v.strictObject({ userData: userDataSchema });

/** Splits a stored "+15551234567" into its country code and digits. */
export function splitPhoneNumber(stored: string | null | undefined): { countryCode: string; digits: string } {
  const match = /^(\+\d{1,4}?)(\d{10,14})$/.exec(stored ?? '');
  if (!match?.[1] || !match[2]) return { countryCode: '+1', digits: '' };
  return { countryCode: match[1], digits: match[2] };
}

// ---- Safety survey ----

export const surveySchema = v.strictObject({
  transportation: choice(TRANSPORTATION, 'Please choose your mode of travel'),
  uphillAbility: choice(ABILITY, 'Please choose your uphill ability'),
  downhillAbility: choice(ABILITY, 'Please choose your downhill ability'),
  beacon: choice(YES_NO, 'Please say whether you have a beacon'),
  shovel: choice(YES_NO, 'Please say whether you have a shovel'),
  probe: choice(YES_NO, 'Please say whether you have a probe'),
  emergencyContactName: v.pipe(required('Emergency contact name is required'), v.maxLength(100, 'Emergency contact name is too long')),
  emergencyContactNumber: v.pipe(
    required('Emergency contact number is required'),
    v.regex(/^\+?[\d\s().-]{7,20}$/, 'Please enter a valid phone number, such as +1234567890'),
  ),
  medicalConditions: v.optional(v.pipe(v.string(), v.maxLength(2000, 'Please keep this under 2000 characters')), ''),
});
export type Survey = v.InferOutput<typeof surveySchema>;

// ---- Waiver ----

export const waiverSchema = v.strictObject({
  signature: v.pipe(
    v.string('A signature is required'),
    v.startsWith('data:image/png;base64,', 'The signature must be a PNG image'),
    v.regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'The signature must be a PNG image'),
    v.maxLength(SIGNATURE_MAX_CHARS, 'The signature image is too large'),
  ),
  agreed: v.literal(true, 'You must agree to the terms and conditions'),
});
export type Waiver = v.InferOutput<typeof waiverSchema>;

/** PUT /users/user/{uid} takes either a survey or a signed waiver; the `survey` key tells which. */
export const surveyUpdateSchema = v.strictObject({ survey: surveySchema });
export function userUpdateSchemaFor(body: unknown) {
  return body !== null && typeof body === 'object' && 'survey' in body ? surveyUpdateSchema : waiverSchema;
}

/** The waiver in force as `GET /waiver/current` answers it; the site checks the fingerprint itself before showing it. */
const waiverBlockSchema = v.union([v.string(), v.array(v.string())]);
export const publishedWaiverSchema = v.object({
  version: v.pipe(v.string(), v.nonEmpty()),
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  document: v.object({
    version: v.pipe(v.string(), v.nonEmpty()),
    title: v.pipe(v.string(), v.nonEmpty()),
    intro: v.array(v.string()),
    sections: v.pipe(v.array(v.object({ heading: v.string(), blocks: v.array(waiverBlockSchema) })), v.nonEmpty()),
  }),
});

// ---- Auth user as the browser sends it ----

const safeText = (message: string) => v.check<string, string>(isSafeText, message);

/** An absolute https address; the only kind of photo the site will show. */
export function isHttpsUrl(text: string): boolean {
  if (!/^https:\/\//i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const E164_PHONE = /^\+[1-9]\d{1,14}$/;

/**
 * The identity-service fields the database user keeps from first sign-in. The same rules decide
 * whether the name and photo of a verified ID token are kept. An empty string means none.
 */
export const authDisplayNameSchema = v.pipe(
  v.string('Name must be text'),
  safeText('Name is not valid'),
  v.maxLength(100, 'Name is too long'),
);
export const authPhotoUrlSchema = v.pipe(
  v.string('The photo URL must be an https address'),
  v.maxLength(2048, 'The photo URL is too long'),
  safeText('The photo URL must be an https address'),
  v.check((text) => text === '' || isHttpsUrl(text), 'The photo URL must be an https address'),
);
const authEmailSchema = v.pipe(v.string('Invalid email format'), v.maxLength(254, 'The email address is too long'));
const authPhoneSchema = v.pipe(
  v.string('The phone number must be in international format, such as +14355550148'),
  v.check((text) => text === '' || E164_PHONE.test(text), 'The phone number must be in international format, such as +14355550148'),
);

const PROVIDER_MESSAGE = 'A sign-in provider entry is too large';
/** One entry of providerData: a few short text fields (providerId, uid, displayName, email, phoneNumber, photoURL). */
const providerInfoSchema = v.pipe(
  v.record(
    v.pipe(v.string(), v.maxLength(64, PROVIDER_MESSAGE)),
    v.union([v.pipe(v.string(), v.maxLength(2048, PROVIDER_MESSAGE)), v.null(), v.boolean(), v.number()], PROVIDER_MESSAGE),
    PROVIDER_MESSAGE,
  ),
  v.check((info) => Object.keys(info).length <= 12, PROVIDER_MESSAGE),
);

export const authUserSchema = v.strictObject({
  uid: v.pipe(v.string(), v.nonEmpty(), v.maxLength(128)),
  email: v.optional(v.nullable(authEmailSchema)),
  emailVerified: v.optional(v.boolean()),
  displayName: v.optional(v.nullable(authDisplayNameSchema)),
  photoURL: v.optional(v.nullable(authPhotoUrlSchema)),
  phoneNumber: v.optional(v.nullable(authPhoneSchema)),
  isAnonymous: v.optional(v.boolean()),
  providerData: v.optional(v.pipe(v.array(providerInfoSchema, PROVIDER_MESSAGE), v.maxLength(10, 'Too many sign-in providers'))),
  tenantId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(128)))),
});
export type AuthUserPayload = v.InferOutput<typeof authUserSchema>;

// ---- Booking and payment ----

export const id = (message: string) => v.optional(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(100, message)), '');
const optionalId = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100))));

export const promoCodeSchema = v.pipe(
  v.string(INVALID_PROMO_MESSAGE),
  v.trim(),
  v.nonEmpty(INVALID_PROMO_MESSAGE),
  v.maxLength(40, INVALID_PROMO_MESSAGE),
  v.toUpperCase(),
);

export const applyPromoSchema = v.strictObject({
  promoCode: promoCodeSchema,
  selectedPriceId: id(NO_PRICE_MESSAGE),
  quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
});

/** A whole number from `min` to `max`, with one message for anything else. */
export const wholeNumber = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/** Gift card codes, as typed, paying before the card: each takes what it has, in this order. */
const giftCodesField = v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(60))), v.maxLength(MAX_GIFT_CARDS, TOO_MANY_GIFT_CARDS)));

export const paymentIntentSchema = v.strictObject({
  priceId: id(NO_PRICE_MESSAGE),
  quantity: wholeNumber(1, 100, NO_PARTY_MESSAGE),
  promoCode: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(40)))),
  /** The waitlist offer whose held seats this checkout pays, at the price when offered. */
  offerId: optionalId,
  giftCodes: giftCodesField,
  metadata: v.strictObject({
    userId: id(NO_USER_PAYMENT_MESSAGE),
    dateId: id(NO_DATE_MESSAGE),
    partySize: wholeNumber(PARTY_SIZE_MIN, PARTY_SIZE_MAX, NO_PARTY_MESSAGE),
    calendar: v.picklist(CALENDARS, NO_DATE_MESSAGE),
    inviteCode: optionalId,
    stripeId: optionalId,
    email: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(254)))),
  }),
});
export type PaymentIntentRequest = v.InferOutput<typeof paymentIntentSchema>;

export const inviteSchema = v.strictObject({ inviteCode: id('Invite code is required') });

/** POST /bookings/{id}/cancellation: the quote the customer confirms. */
/** POST /bookings/{id}/cancel: the quote confirmed, and whether its refund is kept as credit (a gift card worth more). */
export const cancellationSchema = v.strictObject({ quoteId: id('Quote is required'), asCredit: v.optional(v.boolean(), false) });

/** POST /bookings/{id}/date-change: the quote the customer accepted, the date they chose, and any gift cards paying the fee. */
export const dateChangeSchema = v.strictObject({
  quoteId: id('Quote is required'),
  dateId: id('Choose a date'),
  giftCodes: giftCodesField,
});

/** POST /bookings/{id}/call-off: after the company called off the date, a full refund or another date. */
export const callOffChoiceSchema = v.variant('choice', [
  v.strictObject({ choice: v.literal('refund') }),
  v.strictObject({ choice: v.literal('move'), dateId: id('Choose a date') }),
  v.strictObject({ choice: v.literal('credit') }),
]);

export const localConfirmSchema = v.strictObject({
  clientSecret: id('Payment session not found.'),
  cardNumber: v.pipe(v.string('Your card number is incomplete.'), v.regex(/^[\d ]{12,23}$/, 'Your card number is invalid.')),
  expiry: v.pipe(
    v.string('Your card\u2019s expiration date is incomplete.'),
    v.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Your card\u2019s expiration date is incomplete.'),
  ),
  cvc: v.pipe(
    v.string('Your card\u2019s security code is incomplete.'),
    v.regex(/^\d{3,4}$/, 'Your card\u2019s security code is incomplete.'),
  ),
});

/** The first message of a failed parse, for a one-line error answer. */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'Invalid request';
  const key = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  if (issue.expected === 'never') return `Unknown field: ${key}`;
  if (issue.kind === 'schema' && issue.input === undefined && key) return `Missing field: ${key}`;
  return issue.message;
}
