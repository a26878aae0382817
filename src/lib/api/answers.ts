/**
 * What the booking API answers, checked where the answer arrives: an answer of another shape fails
 * the call with `UnreadableAnswer` instead of reaching a page as something it is not. Fields the
 * pages do not read are let through unchecked; fields an older API may leave out get their empty value.
 */
import * as v from 'valibot';
import { calendarDateOf } from '../../../shared/rules/calendar-date.ts';
import { UnreadableAnswer } from './api-error.ts';
import { checkCatalog } from './catalog.ts';
import { BOOKING_PAYMENTS } from '../../../shared/rules/paid-by.ts';
import type { Party } from '../../../shared/rules/party.ts';
import type { SignedWaiverCopy, WaiverStatus } from '../../../shared/rules/waiver-record.ts';
import type {
  CalendarEntry,
  CallOffChoice,
  CancellationQuote,
  Cancelled,
  DateChangeOptions,
  DatabaseUser,
  GuideDate,
  Roster,
} from '../../../shared/contract/answers.ts';

export { UnreadableAnswer };

/** The answer as `schema` reads it, or `UnreadableAnswer` naming the first field that is wrong. */
export function readAnswer<S extends v.GenericSchema>(what: string, schema: S, answer: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, answer);
  if (!parsed.success) throw new UnreadableAnswer(what, parsed.issues[0]?.path?.map((step) => String(step.key)).join('.') ?? '');
  return parsed.output;
}

export const text = v.string();
export const optionalText = v.optional(v.nullable(text), null);
export const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const instant = v.pipe(v.string(), v.isoTimestamp());
const timestamp = v.looseObject({ _seconds: v.number(), _nanoseconds: v.optional(v.number(), 0) });
/** A date of a calendar: its id and when it starts. */
const dated = { id: text, date: timestamp };

/** An answer checked by `schema`, as the type the site names it by (the check covers what the pages read). */
export const named =
  <T>() =>
  <S extends v.GenericSchema>(schema: S) =>
    v.pipe(
      schema,
      v.transform((checked: v.InferOutput<S>) => checked as unknown as T),
    );

const waiverStatus = v.looseObject({
  id: text,
  version: text,
  sha256: text,
  signedAt: instant,
  coversUntil: instant,
  current: v.boolean(),
});

export const waiverStatusesAnswer = named<WaiverStatus[]>()(v.array(waiverStatus));

export const signedCopyAnswer = named<SignedWaiverCopy>()(
  v.looseObject({ ...waiverStatus.entries, signerName: optionalText, signature: text, text, document: v.looseObject({}) }),
);

export const databaseUserAnswer = named<DatabaseUser>()(
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
    calledOff: v.optional(
      v.array(
        v.looseObject({
          bookingId: text,
          dateId: text,
          title: text,
          startsAt: instant,
          chooseBy: instant,
          yours: v.boolean(),
          payer: text,
        }),
      ),
      [],
    ),
    pendingEmail: optionalText,
  }),
);

/** The catalog, read by its own check (./catalog.ts), which the navigation runs on every page without these. */
export const productsAnswer = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const checked = checkCatalog(dataset.value);
    if ('products' in checked) return checked.products;
    const [first, ...rest] = checked.wrongAt.map((key): v.UnknownPathItem => ({
      type: 'unknown',
      origin: 'value',
      input: undefined,
      key,
      value: undefined,
    }));
    addIssue(first ? { path: [first, ...rest] } : {});
    return NEVER;
  }),
);

/** A calendar as the API answers it, in its own names. */
export const calendarAnswer = named<CalendarEntry[]>()(
  v.array(
    v.looseObject({
      ...dated,
      partySize: count,
      users: v.array(text),
      stripeId: v.optional(text),
      type: v.optional(text),
      title: v.optional(text),
      description: v.optional(text),
      closesAt: v.optional(timestamp),
      bookingId: v.optional(text),
      inviteCode: v.optional(text),
      partySeats: v.optional(count),
      partySpotsLeft: v.optional(count),
      bookedPriceId: v.optional(text),
    }),
  ),
);

/** A calendar as the pages read it: its dates (./calendar-date.ts). */
export const calendarDatesAnswer = v.pipe(
  calendarAnswer,
  v.transform((entries) => entries.map(calendarDateOf)),
);

export const partyAnswer = named<Party>()(
  v.looseObject({
    dateId: text,
    bookingId: text,
    title: text,
    startsAt: text,
    youPaid: v.boolean(),
    paid: v.nullable(v.looseObject({ amount: count, currency: text })),
    canChangeDate: v.optional(v.boolean(), false),
    members: v.array(
      v.looseObject({ name: text, you: v.boolean(), survey: v.picklist(['done', 'missing']), waiver: v.picklist(['signed', 'missing']) }),
    ),
    joining: v.optional(v.array(text), []),
    openSpots: count,
  }),
);

export const guideDate = v.looseObject({
  ...dated,
  calendar: text,
  productName: text,
  activity: text,
  capacity: count,
  taken: count,
  held: count,
  free: count,
});

export const guideDatesAnswer = named<GuideDate[]>()(v.array(guideDate));

export const rosterAnswer = named<Roster>()(
  v.looseObject({
    date: guideDate,
    participants: v.array(v.looseObject({ uid: text, bookingId: text, role: v.picklist(['booked', 'invited']) })),
  }),
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

/** POST /promo/apply: the server's total for the whole order, in cents. */
export const promoAnswer = v.looseObject({ promoCode: v.optional(v.nullable(text)), finalTotal: count });

/** POST /payments/local/confirm */
export const localPaymentAnswer = v.looseObject({ status: v.literal('succeeded'), dateId: text });

/** POST /calendar/invite */
export const inviteAnswer = v.looseObject({ success: v.boolean() });

export const cancellationQuoteAnswer = named<CancellationQuote>()(
  v.looseObject({
    quoteId: text,
    bookingId: text,
    policyVersion: text,
    noticeDays: v.pipe(v.number(), v.integer()),
    paid: count,
    refund: count,
    currency: text,
    canMove: v.boolean(),
    moveFee: count,
    quoteDay: text,
    goodUntil: instant,
    paidBy: v.picklist(BOOKING_PAYMENTS),
  }),
);

export const dateChangeOptionsAnswer = named<DateChangeOptions>()(
  v.looseObject({ quote: cancellationQuoteAnswer, dates: v.array(v.looseObject({ id: text, startsAt: instant, seatsLeft: count })) }),
);

export const cancelledAnswer = named<Cancelled>()(
  v.looseObject({ status: v.literal('cancelled'), bookingId: text, dateId: text, refund: count, currency: text }),
);

export const leaveAnswer = v.looseObject({ bookingId: text, dateId: text, left: v.boolean() });

/** DELETE /bookings/{id}/date-change: how many holds of the change of date ended. */
export const keepDateAnswer = v.looseObject({ released: count });

export const callOffChoiceAnswer = named<CallOffChoice>()(
  v.looseObject({
    bookingId: text,
    title: text,
    dateId: text,
    startsAt: instant,
    reason: text,
    chooseBy: instant,
    amountPaid: count,
    feesPaid: v.optional(count, 0),
    currency: text,
    paidBy: v.picklist(BOOKING_PAYMENTS),
    partySize: count,
    choice: v.nullable(v.picklist(['refund', 'move'])),
    movedTo: optionalText,
    movedToStartsAt: v.optional(v.nullable(instant), null),
    dates: v.array(v.looseObject({ id: text, startsAt: instant, seatsLeft: count })),
  }),
);
