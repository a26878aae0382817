/**
 * What the booking API answers, checked where the answer arrives: an answer of another shape fails
 * the call with `UnreadableAnswer` instead of reaching a page as something it is not. Fields the
 * pages do not read are let through unchecked; fields an older API may leave out get their empty value.
 */
import * as v from 'valibot';
import type { Party } from '../party.ts';
import type { SignedWaiverCopy, WaiverStatus } from '../waiver-record.ts';
import type { CalendarEntry, DatabaseUser, GuideDate, Product, Roster } from './types.ts';

/** An answer of a shape the site does not know. */
export class UnreadableAnswer extends Error {
  constructor(what: string, issues: readonly v.BaseIssue<unknown>[]) {
    const where = issues[0]?.path?.map((step) => String(step.key)).join('.') ?? '';
    super(`The booking service's answer (${what}) could not be read${where ? ` at ${where}` : ''}`);
    this.name = 'UnreadableAnswer';
  }
}

/** The answer as `schema` reads it, or `UnreadableAnswer`. */
export function readAnswer<S extends v.GenericSchema>(what: string, schema: S, answer: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, answer);
  if (!parsed.success) throw new UnreadableAnswer(what, parsed.issues);
  return parsed.output;
}

const text = v.string();
const optionalText = v.optional(v.nullable(text), null);
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const instant = v.pipe(v.string(), v.isoTimestamp());
const timestamp = v.looseObject({ _seconds: v.number(), _nanoseconds: v.optional(v.number()) });

const waiverStatus = v.looseObject({
  id: text,
  version: text,
  sha256: text,
  signedAt: instant,
  coversUntil: instant,
  current: v.boolean(),
});

export const waiverStatusesAnswer = v.pipe(
  v.array(waiverStatus),
  v.transform((list) => list as WaiverStatus[]),
);

export const signedCopyAnswer = v.pipe(
  v.looseObject({ ...waiverStatus.entries, signerName: optionalText, signature: text, text, document: v.looseObject({}) }),
  v.transform((copy) => copy as unknown as SignedWaiverCopy),
);

export const databaseUserAnswer = v.pipe(
  v.looseObject({
    uid: v.pipe(text, v.nonEmpty()),
    email: optionalText,
    displayName: optionalText,
    phoneNumber: optionalText,
    photoURL: optionalText,
    survey: v.optional(v.nullable(v.record(v.string(), v.string())), null),
    signature: optionalText,
    agreed: v.optional(v.boolean(), false),
    waiver: v.optional(v.nullable(waiverStatus), null),
    bookings: v.optional(v.array(text), []),
    pendingEmail: optionalText,
  }),
  v.transform((user) => user as unknown as DatabaseUser),
);

const price = v.looseObject({
  id: text,
  nickname: text,
  unit_amount: count,
  currency: text,
  metadata: v.optional(v.looseObject({}), {}),
});

export const productsAnswer = v.pipe(
  v.array(v.looseObject({ id: text, name: text, description: v.optional(text, ''), images: v.array(text), prices: v.array(price) })),
  v.transform((products) => products as unknown as Product[]),
);

export const calendarAnswer = v.pipe(
  v.array(
    v.looseObject({
      id: text,
      date: timestamp,
      partySize: count,
      users: v.array(text),
      closesAt: v.optional(timestamp),
      inviteCode: v.optional(text),
      partySeats: v.optional(count),
      partySpotsLeft: v.optional(count),
      bookedPriceId: v.optional(text),
    }),
  ),
  v.transform((entries) => entries as unknown as CalendarEntry[]),
);

export const partyAnswer = v.pipe(
  v.looseObject({
    dateId: text,
    members: v.array(
      v.looseObject({ name: text, you: v.boolean(), survey: v.picklist(['done', 'missing']), waiver: v.picklist(['signed', 'missing']) }),
    ),
    openSpots: count,
  }),
  v.transform((party) => party as unknown as Party),
);

const guideDate = v.looseObject({
  id: text,
  date: timestamp,
  calendar: text,
  productName: text,
  capacity: count,
  taken: count,
  held: count,
  free: count,
});

export const guideDatesAnswer = v.pipe(
  v.array(guideDate),
  v.transform((dates) => dates as unknown as GuideDate[]),
);

export const rosterAnswer = v.pipe(
  v.looseObject({
    date: guideDate,
    participants: v.array(v.looseObject({ uid: text, bookingId: text, role: v.picklist(['booked', 'invited']) })),
  }),
  v.transform((roster) => roster as unknown as Roster),
);

/** POST /stripe/create-payment-intent. The client secret is read on its own: without one the payment cannot go on. */
export const paymentIntentAnswer = v.looseObject({
  clientSecret: v.optional(v.nullable(text)),
  bookingId: text,
  amount: count,
  currency: text,
  expiresAt: instant,
  provider: v.picklist(['local', 'stripe']),
});
export type PaymentIntentAnswer = v.InferOutput<typeof paymentIntentAnswer>;

/** POST /promo/apply: the server's total for the whole order, in cents. */
export const promoAnswer = v.looseObject({ promoCode: v.optional(v.nullable(text)), finalTotal: count });

/** POST /payments/local/confirm */
export const localPaymentAnswer = v.looseObject({ status: v.literal('succeeded'), dateId: text });

/** POST /calendar/invite */
export const inviteAnswer = v.looseObject({ success: v.boolean() });
