/** Shapes the booking API answers with, shared by the API and the islands. */
import type { BookingPayment } from '../rules/paid-by.ts';
import type { Survey } from './requests.ts';
import type { WaiverStatus } from '../rules/waiver-record.ts';

export type { WaiverStatus };

export interface DatabaseUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  phoneNumber: string | null;
  photoURL: string | null;
  survey: Survey | null;
  signature: string | null;
  agreed: boolean;
  /** The latest signature's record (null before the first): which text, when, and whether it still counts. */
  waiver: WaiverStatus | null;
  /** Ids of the calendar dates this user is booked on. */
  bookings: string[];
  /** This user's bookings on a date we called off, waiting for the payer's choice of a refund or another date. */
  calledOff: CalledOffBooking[];
  /** A new sign-in e-mail the customer asked for, waiting for its confirmation link to be followed; null when none. */
  pendingEmail: string | null;
}

/** A booking on a date we called off, as My Bookings lists it until its payer chooses. */
export interface CalledOffBooking {
  bookingId: string;
  dateId: string;
  /** What was booked, as My Bookings titles it. */
  title: string;
  startsAt: string;
  /** The payer's deadline: after it, the booking is refunded in full. */
  chooseBy: string;
  /** Whether this user paid for it, and so makes the choice. */
  yours: boolean;
  /** Who paid for it, as the party names them. */
  payer: string;
}

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

export interface Timestamp {
  _seconds: number;
  _nanoseconds: number;
}

/**
 * A date of a calendar as the API sends it (GET /calendar/{name}), in the names its answer has always
 * used. The site reads it as a `CalendarDate` (../calendar-date.ts) where the answer arrives.
 */
export interface CalendarEntry {
  id: string;
  /** When the date starts. */
  date: Timestamp;
  /** Capacity of the date. */
  partySize: number;
  /** One opaque entry per taken seat. */
  users: string[];
  /** The price the date is sold at; absent on a day tour, whose activity is chosen with the booking. */
  stripeId?: string;
  /** The kind of class. */
  type?: string;
  title?: string;
  description?: string;
  /** When bookings for this date close (the API's cut-off before the start). */
  closesAt?: Timestamp;
  /** Only for members of a booking on this date: the booking's id. */
  bookingId?: string;
  /** Only for members of a booking on this date. */
  inviteCode?: string;
  /** Only for members of a booking on this date: the seats it paid for. */
  partySeats?: number;
  /** Only for members of a booking on this date: its paid seats nobody has claimed yet. */
  partySpotsLeft?: number;
  /** Only for members of a booking on this date: the price it was booked at (which activity). */
  bookedPriceId?: string;
}

/** A date as a guide sees it on /guide: GET /guide/dates. */
export interface GuideDate {
  id: string;
  date: Timestamp;
  calendar: string;
  productName: string;
  /**
   * What the date is, as the customer booked it: a class's or mentorship day's own name, a day tour's
   * booked activity ('Ski & Splitboard Touring Day'), or the product's name while a tour is open.
   */
  activity: string;
  capacity: number;
  /** Seats in paid bookings. */
  taken: number;
  /** Seats in holds that have not expired: a checkout under way. */
  held: number;
  /** Seats a customer could still book: none on a day tour (private) once anyone paid or holds it. */
  free: number;
}

/** One person on a date: the booker or a friend who joined their booking by invite. */
export interface RosterParticipant {
  uid: string;
  name: string | null;
  email: string | null;
  phoneNumber: string | null;
  /** The safety survey's answers (emergency contact and medical conditions among them); null when not answered. */
  survey: Survey | null;
  /** The latest signature, `current` judged at the later of now and the date's start; null when never signed. */
  waiver: WaiverStatus | null;
  bookingId: string;
  /** `booked` for the booker; `invited` for a friend, with the booker who invited them. */
  role: 'booked' | 'invited';
  invitedBy: { uid: string; name: string | null; email: string | null } | null;
}

/** GET /guide/dates/{dateId}/roster */
export interface Roster {
  date: GuideDate;
  participants: RosterParticipant[];
}

/** One recorded read of a roster, as `npm run roster:reads` lists it. */
export interface RosterRead {
  guideUid: string;
  guideEmail: string | null;
  dateId: string;
  format: string;
  readAt: string;
}

/** GET /bookings/{id}/cancellation: what cancelling the caller's booking gives back now, by its policy. */
export interface CancellationQuote {
  quoteId: string;
  bookingId: string;
  policyVersion: string;
  noticeDays: number;
  /** Cents paid, and cents that come back. */
  paid: number;
  refund: number;
  currency: string;
  /** Whether the booking may move to another date now, and for how many cents. */
  canMove: boolean;
  moveFee: number;
  /** The Kamas day the quote is for ('YYYY-MM-DD'), and the instant it stops holding (ISO 8601). */
  quoteDay: string;
  goodUntil: string;
  /** How the booking was paid, and so where a refund goes. */
  paidBy: BookingPayment;
}

/** POST /bookings/{id}/cancellation: the booking is cancelled, and this many cents come back. */
export interface Cancelled {
  status: 'cancelled';
  bookingId: string;
  dateId: string;
  refund: number;
  currency: string;
}

/** A date a booking may move to: of the same activity and price, open, with seats for the whole party. */
export interface MoveTarget {
  id: string;
  startsAt: string;
  seatsLeft: number;
}

/** What the payer of a booking on a called-off date is shown. */
export interface CallOffChoice {
  bookingId: string;
  /** What was booked, as My Bookings titles it. */
  title: string;
  dateId: string;
  startsAt: string;
  reason: string;
  chooseBy: string;
  /** Cents paid for the booking, fees to change its date included: all of it comes back with a refund. */
  amountPaid: number;
  /** Of `amountPaid`, the cents paid earlier to change the booking's date. */
  feesPaid: number;
  currency: string;
  /** How the booking was paid, and so where a refund goes. */
  paidBy: BookingPayment;
  partySize: number;
  choice: 'refund' | 'move' | null;
  /** The date the booking moved to and when it starts, once it has. */
  movedTo: string | null;
  movedToStartsAt: string | null;
  /** Dates the booking may move to, while no choice is made. */
  dates: MoveTarget[];
}

/** GET /bookings/{id}/date-change: the quote (with the fee) and the dates the booking may move to. */
export interface DateChangeOptions {
  quote: CancellationQuote;
  dates: MoveTarget[];
}
