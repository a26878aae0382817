/** What the operators' console sends the API, checked by both: the console before it sends, the API as it arrives. */
import * as v from 'valibot';
import { MEETING_TIME, TRAILHEAD_NAMES } from '../rules/meeting-point.ts';
import { denverDayPlus, isCalendarDay } from '../rules/dates.ts';
import { isSafeText } from '../rules/safe-text.ts';
import { PARTY_SIZE_MAX, PARTY_SIZE_MIN, wholeNumber } from './requests.ts';
import { NO_DATE_MESSAGE, NO_PARTY_MESSAGE } from './messages.ts';
import { BOOKING_PAYMENTS, type BookingPayment } from '../rules/paid-by.ts';

export const REASON_MESSAGE = 'Give a reason (up to 500 characters).';
export const REFUND_MESSAGE = 'The refund must be an amount in dollars and cents, 0 or more.';
export const SEARCH_MESSAGE = 'Type an e-mail, a name, a phone number or a booking reference (up to 100 characters).';

const safeText = (message: string) => v.check<string, string>(isSafeText, message);

/** Text, trimmed, of 1 to `max` characters and safe to keep; every fault gets `message`. */
const requiredText = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message), safeText(message));

/** Why an operator acts: kept with the action in the record, never edited. */
export const reasonSchema = requiredText(500, REASON_MESSAGE);

/** Cents, a whole number from 0 to a million dollars. */
const cents = (message: string) => wholeNumber(0, 100_000_000, message);

/** POST /ops/bookings/{id}/cancel */
export const opsCancelSchema = v.strictObject({ reason: reasonSchema, refund: cents(REFUND_MESSAGE) });
export type OpsCancelRequest = v.InferOutput<typeof opsCancelSchema>;

export const NOTE_MESSAGE = 'Write the note (up to 1000 characters).';
const REQUEST_MESSAGE = 'The request needs its id.';

/** POST /ops/bookings/{id}/notes: a note for the guides, which is also its reason. */
export const opsNoteSchema = v.strictObject({
  note: requiredText(1000, NOTE_MESSAGE),
});

const requestIdSchema = v.pipe(v.string(REQUEST_MESSAGE), v.regex(/^[\w-]{8,64}$/, REQUEST_MESSAGE));

/** POST /ops/bookings/{id}/resend: `requestId` makes the same request sent twice one message. */
export const opsResendSchema = v.strictObject({ reason: reasonSchema, requestId: requestIdSchema });

export const PAYMENT_LABELS: Record<BookingPayment, string> = {
  card: 'By card, now',
  cash: 'Paid in cash',
  check: 'Paid by check',
  complimentary: 'Complimentary (no charge)',
};

export const PAID_BY_MESSAGE = 'Choose how the booking was paid.';
export const CHOOSE_ACTIVITY = 'Choose the activity for this date.';
const NAME_MESSAGE = 'The name can be at most 100 characters.';
const EMAIL_REQUIRED = 'Email is required';
const EMAIL_INVALID = 'Invalid email format';

/** An e-mail address as a person's account signs in with it: trimmed and in lower case. */
const emailAddress = v.pipe(
  v.string(EMAIL_REQUIRED),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(EMAIL_REQUIRED),
  v.email(EMAIL_INVALID),
  v.maxLength(254, EMAIL_INVALID),
  safeText(EMAIL_INVALID),
);

/**
 * POST /ops/bookings: a booking an operator takes for a customer, found (or given an account) by
 * e-mail; `name` names a customer new to the site. `requestId` makes the same request sent twice one booking.
 */
export const opsBookSchema = v.strictObject({
  email: emailAddress,
  name: v.optional(v.pipe(v.string(NAME_MESSAGE), v.trim(), v.maxLength(100, NAME_MESSAGE), safeText(NAME_MESSAGE)), ''),
  dateId: v.pipe(v.string(NO_DATE_MESSAGE), v.regex(/^[\w-]{1,100}$/, NO_DATE_MESSAGE)),
  partySize: wholeNumber(PARTY_SIZE_MIN, PARTY_SIZE_MAX, NO_PARTY_MESSAGE),
  /** Needed where the date offers several activities (a day tour). */
  priceId: v.optional(v.pipe(v.string(CHOOSE_ACTIVITY), v.regex(/^[\w-]{1,100}$/, CHOOSE_ACTIVITY))),
  paidBy: v.picklist(BOOKING_PAYMENTS, PAID_BY_MESSAGE),
  reason: reasonSchema,
  requestId: requestIdSchema,
});
export type OpsBookRequest = v.InferOutput<typeof opsBookSchema>;

/** POST /ops/dates/{id}/call-off and /withdraw: only the reason. */
export const opsReasonSchema = v.strictObject({ reason: reasonSchema });

export const DAY_MESSAGE = 'Choose a day.';
export const TIME_MESSAGE = 'Give the start time as HH:MM, 24-hour, in Kamas.';
export const CAPACITY_MESSAGE = 'Capacity must be a whole number from 1 to 100.';
export const WEEKDAYS_MESSAGE = 'Choose the weekdays the date repeats on.';
export const RANGE_MESSAGE = 'The last day must be on or after the first, and within a year of it.';
const KIND_MESSAGE = 'Choose the kind of date to add.';

const day = (message: string) => v.pipe(v.string(message), v.check(isCalendarDay, message));
export const capacitySchema = wholeNumber(1, 100, CAPACITY_MESSAGE);

/** POST /ops/dates: one date on `firstDay`, or every chosen weekday from `firstDay` through `lastDay`. */
export const opsAddDatesSchema = v.pipe(
  v.strictObject({
    kind: v.pipe(v.string(KIND_MESSAGE), v.nonEmpty(KIND_MESSAGE), v.maxLength(300, KIND_MESSAGE), safeText(KIND_MESSAGE)),
    firstDay: day(DAY_MESSAGE),
    lastDay: v.optional(day(DAY_MESSAGE)),
    weekdays: v.optional(
      v.pipe(v.array(v.pipe(v.number(WEEKDAYS_MESSAGE), v.integer(), v.minValue(0), v.maxValue(6)), WEEKDAYS_MESSAGE), v.maxLength(7)),
    ),
    time: v.pipe(v.string(TIME_MESSAGE), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE)),
    capacity: capacitySchema,
    reason: reasonSchema,
  }),
  v.check(
    (request) => !request.lastDay || (request.lastDay >= request.firstDay && request.lastDay <= denverDayPlus(request.firstDay, 366)),
    RANGE_MESSAGE,
  ),
  v.check((request) => !request.lastDay || (request.weekdays ?? []).length > 0, WEEKDAYS_MESSAGE),
);
export type OpsAddDatesRequest = v.InferOutput<typeof opsAddDatesSchema>;

/** POST /ops/blackout-days: a Kamas day the company runs nothing. */
export const opsBlackoutSchema = v.strictObject({ day: day(DAY_MESSAGE), reason: reasonSchema });

export const TRAILHEAD_MESSAGE = 'Choose one of our trailheads.';
export const MEETING_TIME_MESSAGE = 'Give the meeting time as HH:MM, 24-hour, in Kamas.';

/** PUT /ops/dates/{id}/meeting-point: a trailhead, and the time to meet there on the day. */
export const opsMeetingPointSchema = v.strictObject({
  trailhead: v.picklist(TRAILHEAD_NAMES, TRAILHEAD_MESSAGE),
  time: v.pipe(v.string(MEETING_TIME_MESSAGE), v.regex(MEETING_TIME, MEETING_TIME_MESSAGE)),
});
export type OpsMeetingPointRequest = v.InferOutput<typeof opsMeetingPointSchema>;

/** PUT /ops/dates/{id}/capacity */
export const opsCapacitySchema = v.strictObject({ capacity: capacitySchema, reason: reasonSchema });

export const MOVE_DATE_MESSAGE = 'Choose the date to move to.';
export const MOVE_FEE_MESSAGE = 'Choose whether the change fee is waived or was paid.';
/** The change fee of a move by an operator: waived, or taken by the office. */
export const MOVE_FEES = ['waived', 'cash', 'check'] as const;

/** POST /ops/bookings/{id}/move */
export const opsMoveSchema = v.strictObject({
  toDateId: v.pipe(v.string(MOVE_DATE_MESSAGE), v.regex(/^[\w-]{1,100}$/, MOVE_DATE_MESSAGE)),
  fee: v.picklist(MOVE_FEES, MOVE_FEE_MESSAGE),
  reason: reasonSchema,
});
export type OpsMoveRequest = v.InferOutput<typeof opsMoveSchema>;

export const PROMO_CODE_MESSAGE = 'A promo code is 2 to 40 capital letters, digits, - or _.';
export const PERCENT_MESSAGE = 'A percentage off is a whole number from 1 to 100.';
export const AMOUNT_MESSAGE = 'An amount off is in dollars and cents, more than $0.';
export const DISCOUNT_MESSAGE = 'Give either a percentage or an amount off.';
export const USES_MESSAGE = 'Uses must be a whole number from 1 to 100000, or empty for no limit.';
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{2,40}$/;

/** A promo code as the console and the import name it (the customer's typed code is `schemas.ts`'s `promoCodeSchema`). */
export const opsPromoCodeSchema = v.pipe(v.string(PROMO_CODE_MESSAGE), v.regex(PROMO_CODE_PATTERN, PROMO_CODE_MESSAGE));

/**
 * PUT /ops/promo-codes/{code}: creates or changes a code: a percentage or an amount (cents) off,
 * the last Kamas day it can be used (none: it never expires), a limit of uses (none: no limit),
 * whether it is active (false: paused) and why.
 */
export const opsPromoSchema = v.pipe(
  v.strictObject({
    percentOff: v.optional(wholeNumber(1, 100, PERCENT_MESSAGE)),
    amountOff: v.optional(wholeNumber(1, 100_000_000, AMOUNT_MESSAGE)),
    lastDay: v.optional(v.nullable(day(DAY_MESSAGE)), null),
    maxRedemptions: v.optional(v.nullable(wholeNumber(1, 100_000, USES_MESSAGE)), null),
    active: v.boolean(),
    reason: reasonSchema,
  }),
  v.check((promo) => (promo.percentOff === undefined) !== (promo.amountOff === undefined), DISCOUNT_MESSAGE),
);
export type OpsPromoRequest = v.InferOutput<typeof opsPromoSchema>;

/** GET /ops/bookings?q= */
export const searchSchema = requiredText(100, SEARCH_MESSAGE);

/** "$12.50" or "12.5" or "12" to cents, or null when it is no amount of money. */
export function centsOf(dollars: string): number | null {
  const match = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(dollars);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The staff roles, each a custom claim of that name on the person's account. */
export const STAFF_ROLES = ['guide', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** A role as a sentence names it: 'a guide', 'an operator'. */
export const ROLE_WITH_ARTICLE: Record<StaffRole, string> = { guide: 'a guide', operator: 'an operator' };
export const ROLE_MESSAGE = 'Choose guide or operator.';
const staffRole = v.picklist(STAFF_ROLES, ROLE_MESSAGE);

/** POST /ops/staff/invitations: whom to invite, by the address they will sign in with, and as what. */
export const opsInviteSchema = v.strictObject({ email: emailAddress, role: staffRole });
export type OpsInviteRequest = v.InferOutput<typeof opsInviteSchema>;

/** POST /ops/staff/{uid}/revoke: the role taken away, and why. */
export const opsRevokeSchema = v.strictObject({ role: staffRole, reason: reasonSchema });
export type OpsRevokeRequest = v.InferOutput<typeof opsRevokeSchema>;

export const GAVE_BACK_MESSAGE = 'Say what was given back, in dollars and cents: 0 when nothing was.';
export const RESOLUTION_MESSAGE = 'Say how it was dealt with (up to 500 characters).';

/**
 * POST /ops/attention/flags/{id}/resolve: a flag dealt with. `gaveBack` is what was given back, in
 * cents (the console reads dollars as typed with `centsOf`), 0 when nothing was; `note` says how,
 * checked as a reason is, and goes in the record with it.
 */
export const opsResolveFlagSchema = v.strictObject({
  gaveBack: cents(GAVE_BACK_MESSAGE),
  note: requiredText(500, RESOLUTION_MESSAGE),
});
export type OpsResolveFlagRequest = v.InferOutput<typeof opsResolveFlagSchema>;
