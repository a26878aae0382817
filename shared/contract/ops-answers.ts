/** What the operators' console (`/ops`) reads from the API; the API writes these shapes, the console checks them as they arrive. */
import type { PartyMember } from '../rules/party.ts';
import type { BookingPayment } from '../rules/paid-by.ts';
import type { GuideDate, MoveTarget } from './answers.ts';

/** A member of a party as an operator sees them: readiness, and how to reach them (never medical notes). */
export interface OpsMember extends Omit<PartyMember, 'you'> {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  role: 'booked' | 'invited';
}

/** One paid booking on a date: its payer, members and unclaimed seats. */
export interface OpsParty {
  bookingId: string;
  payer: string;
  partySize: number;
  members: OpsMember[];
  openSpots: number;
  /** Notes for the guides on this booking. */
  notes: number;
}

export interface OpsDate extends GuideDate {
  /** ISO 8601 start, for the console's own formatting. */
  startsAt: string;
  calledOff: boolean;
  parties: OpsParty[];
}

/** GET /ops/days: the dates from the start of the Kamas day `from` through the day `through` (YYYY-MM-DD). */
export interface OpsDays {
  today: string;
  from: string;
  through: string;
  dates: OpsDate[];
}

export type OpsBookingStatus = 'paid' | 'cancelled' | 'refunded';

/** GET /ops/bookings?q=: a booking found by an e-mail, name, phone or id. */
export interface OpsBookingSummary {
  id: string;
  status: OpsBookingStatus;
  dateId: string;
  startsAt: string;
  productName: string;
  /** What was booked: the price's name ('Motorized Backcountry Essentials'). */
  activity: string;
  payerName: string;
  payerEmail: string | null;
  partySize: number;
}

export interface OpsPayment {
  /**
   * 'payment': what the customer paid; 'fee': a change of date's fee, with how it was paid in
   * `reason`; else a refund or an intent cancellation owed at the provider.
   */
  kind: 'payment' | 'fee' | 'refund' | 'cancel';
  amount: number | null;
  status: string;
  reason: string | null;
  at: string;
  lastError: string | null;
}

export interface OpsMessage {
  kind: string;
  to: string | null;
  status: string;
  at: string;
  lastError: string | null;
}

export interface OpsNote {
  note: string;
  author: string | null;
  at: string;
}

/** One line of a booking's history, oldest first. */
export interface OpsHistoryLine {
  at: string;
  text: string;
  by: string | null;
  reason: string | null;
}

/** GET /ops/bookings/{id}: everything an operator needs to answer a customer. */
export interface OpsBooking extends OpsBookingSummary {
  calledOff: boolean;
  amount: number;
  currency: string;
  promoCode: string | null;
  /** By card through the payment provider, or as an operator took it. */
  paidBy: BookingPayment;
  paidAt: string | null;
  refundAmount: number | null;
  members: OpsMember[];
  openSpots: number;
  /** While paid: what the cancellation policy gives back today. */
  policyRefund: number | null;
  payments: OpsPayment[];
  /** Money questions still open for the office (`npm run refunds`): a dispute, a refund to give back by hand. */
  openFlags: string[];
  messages: OpsMessage[];
  notes: OpsNote[];
  history: OpsHistoryLine[];
}

/** One row of the record of operator actions (`/ops/activity`, `npm run ops:activity`). */
export interface OpsActivity {
  id: string;
  at: string;
  operatorUid: string;
  operatorEmail: string | null;
  action: string;
  /** What it was done to, in words: 'booking JDAT-QD5R', 'Sat, Jan 9, 7:00 AM'. */
  subject: string;
  /** What changed, in a sentence: 'Moved from Sat, Jan 4 to Fri, Jan 10, change fee waived'. */
  change: string;
  bookingId: string | null;
  dateId: string | null;
  reason: string;
  before: unknown;
  after: unknown;
}

/** GET /ops/dates/{id}: a date's seats and who is on it, before an operator acts on it. */
export interface OpsDateOverview extends GuideDate {
  startsAt: string;
  /** Offered on the calendars (false once withdrawn or called off). */
  active: boolean;
  /** It has begun: nothing more can be changed. */
  started: boolean;
  calledOff: boolean;
  /** The manifest: each paid party, its members (`members` of them so far) with readiness and contacts, its payment and notes. */
  parties: {
    bookingId: string;
    payer: string;
    payerEmail: string | null;
    partySize: number;
    members: number;
    roster: OpsMember[];
    openSpots: number;
    amount: number;
    paidBy: OpsBooking['paidBy'];
    notes: OpsNote[];
  }[];
  /** The activities a booking on this date can be for (a day tour offers several), at their prices in cents. */
  prices: { id: string; nickname: string; unitAmount: number }[];
}

/** POST /ops/bookings paid by card: the seats held for the customer, and the payment the operator's card form pays. */
export interface OpsCardHold {
  bookingId: string;
  clientSecret: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** When the hold lapses (ISO 8601). */
  expiresAt: string;
  provider: 'local' | 'stripe';
}

/** GET /ops/bookings/{id}/move-targets: the dates a booking may move to, and its policy's change fee in cents. */
export interface OpsMoveTargets {
  dates: MoveTarget[];
  moveFee: number;
}

/** GET /ops/promo-codes: a promo code with its terms and how many holds and bookings use it now. */
export interface OpsPromoCode {
  code: string;
  percentOff: number | null;
  /** Cents. */
  amountOff: number | null;
  /** The last Kamas day (YYYY-MM-DD) it can be used; null when it never expires. */
  lastDay: string | null;
  /** Null when its uses are not limited. */
  maxRedemptions: number | null;
  uses: number;
  /** False while paused. */
  active: boolean;
  /** Limited by the catalog import to some activities' prices (the console keeps that limit). */
  onlyForSomeActivities: boolean;
}

/** GET /ops/blackout-days: a day ahead on which the company runs nothing. */
export interface OpsBlackoutDay {
  /** YYYY-MM-DD, a Kamas day. */
  day: string;
  reason: string;
  /** The dates it took off the calendars (given back when it is lifted). */
  withdrawn: number;
}

/** GET /ops/date-kinds: a kind of date the company runs, to add more of. */
export interface OpsDateKind {
  /** What POST /ops/dates takes as `kind`. */
  key: string;
  label: string;
  calendar: string;
  /** The capacity and the Kamas start time (HH:MM) of its latest date, to start from. */
  capacity: number;
  startTime: string;
}
