/**
 * What the operators' console (`/ops`) reads from the API, each answer written once: its valibot
 * schema, which the console checks it with as it arrives, and its type, derived from the schema,
 * which the API's functions return.
 */
import * as v from 'valibot';
import { refusedTripEvent, tripEvent } from './trailhead.ts';
import { count, guideDate, instant, money, moveTarget, optionalText, paidBy, partyMember, text } from './answers.ts';
import { offerTerms } from './waitlist.ts';
import { FLAG_REASONS } from './office-words.ts';

/** Cents, or nothing. */
const cents = v.nullable(count);

/** A member of a party as an operator sees them: readiness, and how to reach them (never medical notes). */
export const opsMember = v.looseObject({
  name: partyMember.entries.name,
  survey: partyMember.entries.survey,
  waiver: partyMember.entries.waiver,
  uid: text,
  email: optionalText,
  phoneNumber: optionalText,
  role: v.picklist(['booked', 'invited']),
});
export type OpsMember = v.InferOutput<typeof opsMember>;

/** A booking's members and its paid seats nobody has claimed. */
const party = { members: v.array(opsMember), openSpots: count };

/**
 * One paid booking on a date: its payer, members and unclaimed seats, and how many notes for the
 * guides it has. On a called-off date, `awaitingChoice` says by when its payer is to choose another
 * date or a full refund (refunded in full after that); absent on a date that runs.
 */
export const opsParty = v.looseObject({
  bookingId: text,
  payer: text,
  partySize: count,
  notes: count,
  ...party,
  awaitingChoice: v.optional(v.looseObject({ chooseBy: instant })),
});
export type OpsParty = v.InferOutput<typeof opsParty>;

export const opsDate = v.looseObject({
  ...guideDate.entries,
  /** ISO 8601 start, for the console's own formatting. */
  startsAt: instant,
  calledOff: v.boolean(),
  parties: v.array(opsParty),
});
export type OpsDate = v.InferOutput<typeof opsDate>;

/**
 * GET /ops/days: the dates from the start of the Kamas day `from` through the day `through`
 * (YYYY-MM-DD), called-off ones included. When none of them has a paid party, `nextBookedDay` is the
 * first Kamas day after `through` that has one (null when there is none, or the days shown have one).
 */
export const opsDaysAnswer = v.looseObject({
  today: text,
  from: text,
  through: text,
  dates: v.array(opsDate),
  nextBookedDay: v.optional(v.nullable(text), null),
});
export type OpsDays = v.InferOutput<typeof opsDaysAnswer>;

/** GET /ops/bookings?q=: a booking found by an e-mail, name, phone or id. */
export const opsBookingSummary = v.looseObject({
  id: text,
  status: v.picklist(['paid', 'cancelled', 'refunded']),
  dateId: text,
  startsAt: instant,
  productName: text,
  /** What was booked: the price's name ('Motorized Backcountry Essentials'). */
  activity: text,
  payerName: text,
  payerEmail: optionalText,
  partySize: count,
});
export type OpsBookingSummary = v.InferOutput<typeof opsBookingSummary>;
export const opsBookingsAnswer = v.array(opsBookingSummary);

/** Notes for the guides on a booking. */
export const opsNote = v.looseObject({ note: text, author: optionalText, at: instant });
export type OpsNote = v.InferOutput<typeof opsNote>;

/**
 * A line of a booking's or gift card's payments: a payment or a change of date's fee taken, with how
 * in `reason`; else a refund or an intent cancellation owed at the provider, with its state.
 */
export const opsPaymentLine = v.looseObject({
  kind: v.picklist(['payment', 'fee', 'refund', 'cancel']),
  /** Cents; null for the whole payment. */
  amount: cents,
  status: text,
  reason: optionalText,
  at: instant,
  lastError: optionalText,
});
export type OpsPaymentLine = v.InferOutput<typeof opsPaymentLine>;

/** GET /ops/bookings/{id}: everything an operator needs to answer a customer. */
export const opsBookingAnswer = v.looseObject({
  ...opsBookingSummary.entries,
  ...party,
  calledOff: v.boolean(),
  amount: count,
  currency: text,
  promoCode: optionalText,
  /** By card through the payment provider, or as an operator took it. */
  paidBy,
  paidAt: v.optional(v.nullable(instant), null),
  refundAmount: cents,
  /** While paid: what the cancellation policy gives back today. */
  policyRefund: cents,
  /**
   * 'payment': what the customer paid; 'fee': a change of date's fee, with how it was paid in
   * `reason`; else a refund or an intent cancellation owed at the provider.
   */
  payments: v.array(opsPaymentLine),
  /** Money questions still open for the office (`npm run refunds`): a dispute, a refund to give back by hand. */
  openFlags: v.array(text),
  messages: v.array(v.looseObject({ kind: text, to: optionalText, status: text, at: instant, lastError: optionalText })),
  notes: v.array(opsNote),
  /** A booking's history, oldest first. */
  history: v.array(v.looseObject({ at: instant, text, by: optionalText, reason: optionalText })),
});
export type OpsBooking = v.InferOutput<typeof opsBookingAnswer>;
export type OpsHistoryLine = OpsBooking['history'][number];

/** A waiver signed at the trailhead for a seat that was gone: kept for the office to look at before it counts. */
export const opsHeldSignature = v.looseObject({
  eventId: text,
  bookingId: text,
  uid: text,
  /** The signer, by name (their e-mail when they gave none). */
  member: text,
  /** When the phone says it was signed. */
  at: instant,
  /** The guide or operator on whose phone it was signed. */
  by: text,
  /** Why it was held: what changed about the seat after the sheet was saved. */
  why: text,
  /** The signature image (a PNG data URL). */
  signature: text,
  /** The version of the waiver text it was signed on. */
  version: text,
});
export type OpsHeldSignature = v.InferOutput<typeof opsHeldSignature>;

/** GET /ops/dates/{id}: a date's seats and who is on it, before an operator acts on it. */
export const opsDateAnswer = v.looseObject({
  ...guideDate.entries,
  startsAt: instant,
  /** Offered on the calendars (false once withdrawn or called off). */
  active: v.boolean(),
  /** It has begun: nothing more can be changed. */
  started: v.boolean(),
  calledOff: v.boolean(),
  /** The manifest: each paid party, its members (`members` of them so far) with readiness and contacts, its payment and notes. */
  parties: v.array(
    v.looseObject({
      bookingId: text,
      payer: text,
      payerEmail: optionalText,
      partySize: count,
      members: count,
      roster: v.array(opsMember),
      openSpots: count,
      amount: count,
      paidBy,
      notes: v.array(opsNote),
    }),
  ),
  /** The activities a booking on this date can be for (a day tour offers several), at their prices in cents. */
  prices: v.array(v.looseObject({ id: text, nickname: text, unitAmount: count })),
  /** What the guides' phones recorded at the trailhead (arrivals, no-shows, gear, waivers signed there), as synced. */
  tripEvents: v.optional(v.array(tripEvent), []),
  /** What the phones sent that was refused (a seat not on the date, an old waiver text, a clock outside the trip day), with why. */
  tripEventRefusals: v.optional(v.array(refusedTripEvent), []),
  /** Waivers signed at the trailhead for seats that were gone, waiting for an operator to make them the signer's waiver. */
  heldSignatures: v.optional(v.array(opsHeldSignature), []),
  /** The trailhead and time the party meets at, once an operator has set them; and the words customers read either way. */
  meetingPoint: v.optional(v.nullable(v.looseObject({ trailhead: text, meetsAt: instant })), null),
  meetingWords: v.optional(text, ''),
});
export type OpsDateOverview = v.InferOutput<typeof opsDateAnswer>;

/** GET /ops/date-kinds: a kind of date the company runs, to add more of. */
export const opsDateKind = v.looseObject({
  /** What POST /ops/dates takes as `kind`. */
  key: text,
  label: text,
  calendar: text,
  /** The capacity and the Kamas start time (HH:MM) of its latest date, to start from. */
  capacity: count,
  startTime: text,
});
export type OpsDateKind = v.InferOutput<typeof opsDateKind>;
export const opsDateKindsAnswer = v.array(opsDateKind);

/** POST /ops/dates: the dates added, those that were there already, and those left out for a blackout day. */
export const opsAddedAnswer = v.looseObject({ added: v.array(text), existing: count, blackout: v.optional(count) });

/** POST /ops/dates/{id}/withdraw */
export const opsChangedAnswer = v.looseObject({ changed: v.boolean() });

/** An offer of seats to a waiting party: whom, how many, until when. */
export const opsOfferMade = v.looseObject({ name: text, seats: count, endsAt: instant });
export type OpsOfferMade = v.InferOutput<typeof opsOfferMade>;

/** PUT /ops/dates/{id}/capacity: whether it changed, and the offers the seats it freed made to the waitlist at once. */
export const opsCapacityAnswer = v.looseObject({ changed: v.boolean(), offers: v.optional(v.array(opsOfferMade), []) });

/** PUT /ops/dates/{id}/meeting-point: whether it changed, and how many members were e-mailed of it. */
export const opsMeetingPointAnswer = v.looseObject({ changed: v.boolean(), told: count });

/** GET /ops/promo-codes: a promo code with its terms and how many holds and bookings use it now. */
export const opsPromoCode = v.looseObject({
  code: text,
  percentOff: v.nullable(count),
  amountOff: cents,
  /** The last Kamas day (YYYY-MM-DD) it can be used; null when it never expires. */
  lastDay: optionalText,
  /** Null when its uses are not limited. */
  maxRedemptions: v.nullable(count),
  uses: count,
  /** False while paused. */
  active: v.boolean(),
  /** Limited by the catalog import to some activities' prices (the console keeps that limit). */
  onlyForSomeActivities: v.boolean(),
});
export type OpsPromoCode = v.InferOutput<typeof opsPromoCode>;
export const opsPromoCodesAnswer = v.array(opsPromoCode);

/** GET /ops/blackout-days: a day ahead on which the company runs nothing. */
export const opsBlackoutDay = v.looseObject({
  /** YYYY-MM-DD, a Kamas day. */
  day: text,
  reason: text,
  /** The dates it took off the calendars (given back when it is lifted). */
  withdrawn: count,
});
export type OpsBlackoutDay = v.InferOutput<typeof opsBlackoutDay>;
export const opsBlackoutDaysAnswer = v.array(opsBlackoutDay);

/** POST /ops/bookings paid by card: the seats held for the customer, and the payment the operator's card form pays. */
export const opsCardHoldAnswer = v.looseObject({
  bookingId: text,
  clientSecret: text,
  ...money,
  /** When the hold lapses (ISO 8601). */
  expiresAt: instant,
  provider: v.picklist(['local', 'stripe']),
});
export type OpsCardHold = v.InferOutput<typeof opsCardHoldAnswer>;

/** GET /ops/bookings/{id}/move-targets: the dates a booking may move to, and its policy's change fee in cents. */
export const opsMoveTargetsAnswer = v.looseObject({ dates: v.array(moveTarget), moveFee: count });
export type OpsMoveTargets = v.InferOutput<typeof opsMoveTargetsAnswer>;

/** One row of the record of operator actions (`/ops/activity`, `npm run ops:activity`). */
export const opsActivity = v.looseObject({
  id: text,
  at: instant,
  operatorUid: text,
  operatorEmail: optionalText,
  /** The operator by name, when they gave one. */
  operatorName: optionalText,
  /** The payer of the booking acted on, by name (their e-mail when they gave none). */
  customer: optionalText,
  action: text,
  /** What it was done to, in words: 'booking JDAT-QD5R', 'Sat, Jan 9, 7:00 AM'. */
  subject: text,
  /** What changed, in a sentence: 'Moved from Sat, Jan 4 to Fri, Jan 10, change fee waived'. */
  change: text,
  bookingId: optionalText,
  dateId: optionalText,
  reason: text,
  before: v.unknown(),
  after: v.unknown(),
});
export type OpsActivity = v.InferOutput<typeof opsActivity>;
export const opsActivityAnswer = v.array(opsActivity);
export type OpsBookingStatus = OpsBookingSummary['status'];
export type OpsPayment = OpsBooking['payments'][number];

// ---- What needs a person, first on the console ----

/** A booking or an offer of seats on a date: its id, the date and its start, and what it is for. */
const onDate = {
  id: text,
  dateId: text,
  startsAt: instant,
  /** What was booked: the price's name ('Motorized Backcountry Essentials'). */
  activity: text,
};

/** The booking an item needing a person is about, as an operator knows it. */
export const opsAttentionBooking = v.looseObject({
  ...onDate,
  /** The payer by name (their e-mail when they gave none), and their e-mail. */
  payer: text,
  payerEmail: optionalText,
  partySize: count,
  /** Cents paid for it, and the currency. */
  ...money,
});
export type OpsAttentionBooking = v.InferOutput<typeof opsAttentionBooking>;

/** The gift card an item needing a person is about (its own payment), as an operator knows it. */
export const opsAttentionGiftCard = v.looseObject({
  id: text,
  code: text,
  /** The buyer by e-mail, and what the card was sold for. */
  buyer: optionalText,
  ...money,
});
export type OpsAttentionGiftCard = v.InferOutput<typeof opsAttentionGiftCard>;

/** What an item's money was paid for: a booking, or else a gift card. */
const paidFor = {
  booking: v.nullable(opsAttentionBooking),
  giftCard: v.nullable(opsAttentionGiftCard),
};

/** A booking or gift card flagged for a person: a question about money only a person can settle, until one resolves it. */
export const opsOpenFlag = v.looseObject({
  id: text,
  reason: v.picklist(FLAG_REASONS),
  /** The reason in words: 'Money to give back by hand'. */
  what: text,
  /** What happened, and what to do. */
  detail: text,
  flaggedAt: instant,
  ...paidFor,
});
export type OpsOpenFlag = v.InferOutput<typeof opsOpenFlag>;

/** A refund or an intent cancellation owed at the payment provider whose tries keep failing; it is tried again, and given up it becomes a flag. */
export const opsFailingRefund = v.looseObject({
  id: text,
  kind: v.picklist(['refund', 'cancel']),
  /** Cents of a refund (the whole payment's when all of it goes back); null for a cancellation. */
  amount: cents,
  attempts: count,
  lastError: text,
  nextTryAt: instant,
  queuedAt: instant,
  ...paidFor,
});
export type OpsFailingRefund = v.InferOutput<typeof opsFailingRefund>;

/** A paid booking on a called-off date whose payer has not yet chosen another date or a full refund. */
export const opsPendingChoice = v.looseObject({
  /** On the called-off date. */
  booking: opsAttentionBooking,
  /** Why the date was called off, and when. */
  reason: text,
  calledOffAt: instant,
  /** Not chosen by then, it is refunded in full. */
  chooseBy: instant,
});
export type OpsPendingChoice = v.InferOutput<typeof opsPendingChoice>;

/** Seats offered to a waiting party, neither paid for nor lapsed yet. */
export const opsStandingOffer = v.looseObject({
  ...onDate,
  /** To whom, by name, and their e-mail. */
  name: text,
  email: optionalText,
  ...offerTerms,
  /** They have started to pay: the seats stay theirs while their checkout lasts, even past `endsAt`. */
  paying: v.boolean(),
  /** The operator's reason when the offer was made out of order. */
  outOfOrder: optionalText,
});
export type OpsStandingOffer = v.InferOutput<typeof opsStandingOffer>;

/** A message to a customer the mail server refused or could not be reached for; it is tried again. */
export const opsFailedMessage = v.looseObject({
  id: text,
  kind: text,
  /** The kind in words: 'Booking confirmation'. */
  what: text,
  /** To whom, by name, and their e-mail as the site has it. */
  to: text,
  toEmail: optionalText,
  bookingId: optionalText,
  attempts: count,
  /** The mail server's last answer. */
  lastError: text,
  /** When it was due to go, and its next try. */
  dueAt: instant,
  nextTryAt: instant,
});
export type OpsFailedMessage = v.InferOutput<typeof opsFailedMessage>;

/**
 * GET /ops/attention: what needs a person, each list most pressing first: flags to resolve (oldest
 * first), refunds still failing, payers yet to choose after a call-off (soonest deadline first),
 * offers standing (ending soonest first) and messages that failed (oldest first).
 */
export const opsAttentionAnswer = v.looseObject({
  flags: v.array(opsOpenFlag),
  failingRefunds: v.array(opsFailingRefund),
  choices: v.array(opsPendingChoice),
  offers: v.array(opsStandingOffer),
  messages: v.array(opsFailedMessage),
});
export type OpsAttention = v.InferOutput<typeof opsAttentionAnswer>;

/**
 * POST /ops/attention/flags/{id}/resolve: whether this request resolved the flag (false: it had been
 * resolved before and was left as it was), how it stands (who resolved it, by name, when, the cents
 * given back and how), and what needs a person now.
 */
export const opsFlagResolvedAnswer = v.looseObject({
  resolved: v.boolean(),
  resolution: v.looseObject({ by: text, at: instant, gaveBack: count, currency: text, note: text }),
  attention: opsAttentionAnswer,
});
export type OpsFlagResolved = v.InferOutput<typeof opsFlagResolvedAnswer>;
