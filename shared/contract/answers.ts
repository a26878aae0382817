/**
 * What the booking API answers the site, each answer written once: a valibot schema, which the site's
 * client checks every answer with where it arrives (an answer of another shape fails the call
 * instead of reaching a page as something it is not), and its type, derived from the schema, which
 * the API's functions return. Fields are let through when an answer carries more than its schema
 * names; fields an older API may leave out get their empty value.
 */
import * as v from 'valibot';
import { BOOKING_PAYMENTS } from '../rules/paid-by.ts';
import { ABILITY, TRANSPORTATION, YES_NO } from './requests.ts';

// The parts answers are made of.

export const text = v.string();
export const optionalText = v.optional(v.nullable(text), null);
export const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const instant = v.pipe(v.string(), v.isoTimestamp());
export const paidBy = v.picklist(BOOKING_PAYMENTS);
/** A sum of money: cents, and the currency (spread into the answers that carry one). */
export const money = { amount: count, currency: text };

/** An instant as the calendars have always sent it. */
export const timestamp = v.looseObject({ _seconds: v.number(), _nanoseconds: v.optional(v.number(), 0) });
export type Timestamp = v.InferOutput<typeof timestamp>;

/** The safety survey's answers, as saved. */
export const surveyAnswer = v.looseObject({
  transportation: v.picklist(TRANSPORTATION),
  uphillAbility: v.picklist(ABILITY),
  downhillAbility: v.picklist(ABILITY),
  beacon: v.picklist(YES_NO),
  shovel: v.picklist(YES_NO),
  probe: v.picklist(YES_NO),
  emergencyContactName: text,
  emergencyContactNumber: text,
  medicalConditions: v.optional(text, ''),
});

// The waiver.

/** A signature's record: which text (`sha256`), when, and whether it still counts (`current`: its text and season). */
export const waiverStatus = v.looseObject({
  /** The record's id, for its signed copy. */
  id: text,
  version: text,
  /** SHA-256 (hex) of the exact text signed. */
  sha256: text,
  /** ISO 8601, UTC. */
  signedAt: instant,
  /** ISO 8601, UTC: the first instant the signature no longer covers. */
  coversUntil: instant,
  /** Signed for the current text, and its season has not ended. */
  current: v.boolean(),
});
export type WaiverStatus = v.InferOutput<typeof waiverStatus>;

/** GET /users/user/{uid}/waivers */
export const waiverStatusesAnswer = v.array(waiverStatus);

/** The waiver's text as a document: its title, opening paragraphs and sections (a block is a paragraph or a list). */
const list = <S extends v.GenericSchema>(item: S) => v.pipe(v.array(item), v.readonly());
export const waiverDocument = v.looseObject({
  version: text,
  title: text,
  intro: list(text),
  sections: list(v.looseObject({ heading: text, blocks: list(v.union([text, list(text)])) })),
});

/** GET /users/user/{uid}/waivers/{id}: a signed copy, the exact text signed (its SHA-256 is `sha256`) with the signature's PNG. */
export const signedCopyAnswer = v.looseObject({
  ...waiverStatus.entries,
  /** The name in the signer's profile when they signed, if they had given one. */
  signerName: optionalText,
  signature: text,
  text,
  document: waiverDocument,
  /** Signed in person on a guide's phone at the trailhead: the guide who handed it over, and when it reached us. */
  inPerson: v.optional(v.nullable(v.looseObject({ by: text, receivedAt: instant })), null),
});
export type SignedWaiverCopy = v.InferOutput<typeof signedCopyAnswer>;

// The customer.

/** A booking on a date we called off, as My Bookings lists it until its payer chooses. */
export const calledOffBooking = v.looseObject({
  bookingId: text,
  dateId: text,
  /** What was booked, as My Bookings titles it. */
  title: text,
  startsAt: instant,
  /** The payer's deadline: after it, the booking is refunded in full. */
  chooseBy: instant,
  /** Whether this user paid for it, and so makes the choice. */
  yours: v.boolean(),
  /** Who paid for it, as the party names them. */
  payer: text,
});
export type CalledOffBooking = v.InferOutput<typeof calledOffBooking>;

/** The database user: POST and GET /users/user/{uid}, and every save of the profile, survey or waiver. */
export const databaseUserAnswer = v.looseObject({
  uid: v.pipe(text, v.nonEmpty()),
  email: optionalText,
  displayName: optionalText,
  phoneNumber: optionalText,
  photoURL: optionalText,
  survey: v.optional(v.nullable(surveyAnswer), null),
  signature: optionalText,
  agreed: v.optional(v.boolean(), false),
  /** The latest signature's record (null before the first): which text, when, and whether it still counts. */
  waiver: v.optional(v.nullable(waiverStatus), null),
  /** Ids of the calendar dates this user is booked on. */
  bookings: v.optional(v.array(text), []),
  /** This user's bookings on a date we called off, waiting for the payer's choice of a refund or another date. */
  calledOff: v.optional(v.array(calledOffBooking), []),
  /** A new sign-in e-mail the customer asked for, waiting for its confirmation link to be followed; null when none. */
  pendingEmail: optionalText,
});
export type DatabaseUser = v.InferOutput<typeof databaseUserAnswer>;

// The catalog (checked on every page by a few lines of its own, src/lib/api/catalog.ts, which these name).

export interface Price {
  id: string;
  nickname: string;
  unit_amount: number;
  currency: string;
  metadata: { image?: string | undefined; description?: string | undefined; short?: string | undefined; type?: string | undefined };
}

export interface Product {
  id: string;
  name: string;
  description: string;
  images: string[];
  prices: Price[];
}

// The calendars.

/**
 * GET /calendar/{name}: a date as the API sends it, in the names its answer has always used. The site
 * reads it as a `CalendarDate` (shared/rules/calendar-date.ts) where the answer arrives.
 */
export const calendarEntry = v.looseObject({
  id: text,
  /** When the date starts. */
  date: timestamp,
  /** Capacity of the date. */
  partySize: count,
  /** One opaque entry per taken seat. */
  users: v.array(text),
  /** The price the date is sold at; absent on a day tour, whose activity is chosen with the booking. */
  stripeId: v.optional(text),
  /** The kind of class. */
  type: v.optional(text),
  title: v.optional(text),
  description: v.optional(text),
  /** When bookings for this date close (the API's cut-off before the start). */
  closesAt: v.optional(timestamp),
  /** Only for members of a booking on this date: the booking's id. */
  bookingId: v.optional(text),
  /** Only for members of a booking on this date. */
  inviteCode: v.optional(text),
  /** Only for members of a booking on this date: the seats it paid for. */
  partySeats: v.optional(count),
  /** Only for members of a booking on this date: its paid seats nobody has claimed yet. */
  partySpotsLeft: v.optional(count),
  /** Only for members of a booking on this date: the price it was booked at (which activity). */
  bookedPriceId: v.optional(text),
  /** Only for members of a booking on this date: where the party meets, in words. */
  meetingPoint: v.optional(text),
});
export type CalendarEntry = v.InferOutput<typeof calendarEntry>;
export const calendarAnswer = v.array(calendarEntry);

// A party.

/** A member of a party: the profile name (else the e-mail before the @), whether it is the caller, and their readiness. */
export const partyMember = v.looseObject({
  name: text,
  /** This member is the caller. */
  you: v.boolean(),
  survey: v.picklist(['done', 'missing']),
  waiver: v.picklist(['signed', 'missing']),
});
export type PartyMember = v.InferOutput<typeof partyMember>;

/** GET /parties/{dateId}: the booker first, then friends in the order they joined. */
export const partyAnswer = v.looseObject({
  dateId: text,
  /** The booking the party is on, what was booked (as My Bookings titles it) and when it starts (ISO 8601). */
  bookingId: text,
  title: text,
  startsAt: text,
  /** Whether the caller paid for it (and so may cancel it; a member may leave). */
  youPaid: v.boolean(),
  /** What the payer paid for the booking (cents); null for a friend in the party. */
  paid: v.nullable(v.looseObject(money)),
  /** The caller paid, and the policy lets them change the date now. */
  canChangeDate: v.optional(v.boolean(), false),
  members: v.array(partyMember),
  /** Friends who followed the invite link and signed in but have not finished joining, by name, in the order they started. */
  joining: v.optional(v.array(text), []),
  /** Paid seats nobody has claimed (a friend still joining holds none). */
  openSpots: count,
});
export type Party = v.InferOutput<typeof partyAnswer>;

// The guides.

/** A date as a guide sees it on /guide: GET /guide/dates. */
export const guideDate = v.looseObject({
  id: text,
  date: timestamp,
  calendar: text,
  productName: text,
  /**
   * What the date is, as the customer booked it: a class's or mentorship day's own name, a day tour's
   * booked activity ('Ski & Splitboard Touring Day'), or the product's name while a tour is open.
   */
  activity: text,
  capacity: count,
  /** Seats in paid bookings. */
  taken: count,
  /** Seats in holds that have not expired: a checkout under way. */
  held: count,
  /** Seats a customer could still book: none on a day tour (private) once anyone paid or holds it. */
  free: count,
});
export type GuideDate = v.InferOutput<typeof guideDate>;
export const guideDatesAnswer = v.array(guideDate);

/** One person on a date: the booker or a friend who joined their booking by invite. */
export const rosterParticipant = v.looseObject({
  uid: text,
  name: optionalText,
  email: optionalText,
  phoneNumber: optionalText,
  /** The safety survey's answers (emergency contact and medical conditions among them); null when not answered. */
  survey: v.optional(v.nullable(surveyAnswer), null),
  /** The latest signature, `current` judged at the later of now and the date's start; null when never signed. */
  waiver: v.optional(v.nullable(waiverStatus), null),
  bookingId: text,
  /** `booked` for the booker; `invited` for a friend, with the booker who invited them. */
  role: v.picklist(['booked', 'invited']),
  invitedBy: v.optional(v.nullable(v.looseObject({ uid: text, name: optionalText, email: optionalText })), null),
});
export type RosterParticipant = v.InferOutput<typeof rosterParticipant>;

/** GET /guide/dates/{dateId}/roster */
export const rosterAnswer = v.looseObject({ date: guideDate, participants: v.array(rosterParticipant) });
export type Roster = v.InferOutput<typeof rosterAnswer>;

/** One recorded read of a roster, as `npm run roster:reads` lists it (never sent to the site). */
export interface RosterRead {
  guideUid: string;
  guideEmail: string | null;
  dateId: string;
  format: string;
  readAt: string;
}

// Paying.

/** POST /stripe/create-payment-intent. The client secret is read on its own: without one the payment cannot go on. */
export const paymentIntentAnswer = v.looseObject({
  /** Null when gift cards pay all of it: nothing is paid by card. */
  clientSecret: v.optional(v.nullable(text)),
  bookingId: text,
  /** What the card pays, in cents. */
  ...money,
  /** What the booking costs, gift cards' parts included. */
  total: v.optional(count),
  /** What each gift card holds of the total, in the order given. */
  giftCards: v.optional(v.array(v.looseObject({ code: text, amount: count }))),
  expiresAt: instant,
  provider: v.picklist(['local', 'stripe']),
});

/** POST /promo/apply: the server's total for the whole order, in cents. */
export const promoAnswer = v.looseObject({ promoCode: v.optional(v.nullable(text)), finalTotal: count });

/** POST /payments/local/confirm */
/** The date a hold booked, or the gift card a payment issued. */
export const localPaymentAnswer = v.union([
  v.looseObject({ status: v.literal('succeeded'), dateId: text }),
  v.looseObject({ status: v.literal('succeeded'), giftCardId: text }),
]);

/** POST /calendar/invite */
export const inviteAnswer = v.looseObject({ success: v.boolean() });

// Cancelling, changing the date, and a date we called off.

/** GET /bookings/{id}/cancellation: what cancelling the caller's booking gives back now, by its policy. */
/**
 * Credit instead of a refund: a gift card for `amount` cents, `percent` more than what would come back
 * (`bonus` cents of it), and the last day of the bonus (YYYY-MM-DD) when it ends.
 */
const creditOffer = v.looseObject({ amount: count, bonus: count, percent: count, bonusEndsOn: v.optional(text) });

export const cancellationQuoteAnswer = v.looseObject({
  quoteId: text,
  bookingId: text,
  policyVersion: text,
  noticeDays: v.pipe(v.number(), v.integer()),
  /** Cents paid, and cents that come back. */
  paid: count,
  refund: count,
  /** Of the refund, the cents that go back onto the gift cards that paid part of the booking. */
  toGiftCards: v.optional(count, 0),
  /** The refund kept as credit instead: a gift card worth it and `percent` more (`bonus` cents of it); null when nothing comes back. */
  credit: v.optional(v.nullable(creditOffer), null),
  currency: text,
  /** Whether the booking may move to another date now, and for how many cents. */
  canMove: v.boolean(),
  moveFee: count,
  /** The Kamas day the quote is for ('YYYY-MM-DD'), and the instant it stops holding (ISO 8601). */
  quoteDay: text,
  goodUntil: instant,
  /** How the booking was paid, and so where a refund goes. */
  paidBy,
});
export type CancellationQuote = v.InferOutput<typeof cancellationQuoteAnswer>;

/** A date a booking may move to: of the same activity and price, open, with seats for the whole party. */
export const moveTarget = v.looseObject({ id: text, startsAt: instant, seatsLeft: count });
export type MoveTarget = v.InferOutput<typeof moveTarget>;

/** GET /bookings/{id}/date-change: the quote (with the fee) and the dates the booking may move to. */
export const dateChangeOptionsAnswer = v.looseObject({ quote: cancellationQuoteAnswer, dates: v.array(moveTarget) });
export type DateChangeOptions = v.InferOutput<typeof dateChangeOptionsAnswer>;

/** POST /bookings/{id}/cancellation: the booking is cancelled, and this many cents come back. */
export const cancelledAnswer = v.looseObject({
  status: v.literal('cancelled'),
  bookingId: text,
  dateId: text,
  refund: count,
  /** Cents on the gift card the refund became, when it was taken as credit; 0 otherwise. */
  credit: v.optional(count, 0),
  currency: text,
});
export type Cancelled = v.InferOutput<typeof cancelledAnswer>;

/** POST /bookings/{id}/leave */
export const leaveAnswer = v.looseObject({ bookingId: text, dateId: text, left: v.boolean() });

/** DELETE /bookings/{id}/date-change: how many holds of the change of date ended. */
export const keepDateAnswer = v.looseObject({ released: count });

/** GET and POST /bookings/{id}/call-off: what the payer of a booking on a called-off date is shown. */
export const callOffChoiceAnswer = v.looseObject({
  bookingId: text,
  /** What was booked, as My Bookings titles it. */
  title: text,
  dateId: text,
  startsAt: instant,
  reason: text,
  chooseBy: instant,
  /** Cents paid for the booking, fees to change its date included: all of it comes back with a refund. */
  amountPaid: count,
  /** Of `amountPaid`, the cents paid earlier to change the booking's date. */
  feesPaid: v.optional(count, 0),
  currency: text,
  /** How the booking was paid, and so where a refund goes. */
  paidBy,
  partySize: count,
  choice: v.nullable(v.picklist(['refund', 'move', 'credit'])),
  /** Credit instead of a refund: a gift card worth what was paid and `percent` more (`bonus` cents of it). */
  credit: v.optional(v.nullable(creditOffer), null),
  /** The date the booking moved to and when it starts, once it has. */
  movedTo: optionalText,
  movedToStartsAt: v.optional(v.nullable(instant), null),
  /** Dates the booking may move to, while no choice is made. */
  dates: v.array(moveTarget),
});
export type CallOffChoice = v.InferOutput<typeof callOffChoiceAnswer>;
