/**
 * The booking API as the site calls it: one function per call, each sending what the API takes and
 * checking what it answers (./answers.ts). Calls for a signed-in customer carry an ID token from
 * the token source the client is made with; without a signed-in user they fail with 'No
 * authenticated user found' and send nothing.
 */
import type * as v from 'valibot';
import type {
  CalendarName,
  PaymentIntentRequest,
  Survey,
  UserData,
  Waiver,
  WaitlistJoinRequest,
} from '../../../shared/contract/requests.ts';
import { WAIVER_TEXT_HEADER } from '../../../shared/rules/waiver-record.ts';
import {
  callOffChoiceAnswer,
  calendarDatesAnswer,
  cancellationQuoteAnswer,
  cancelledAnswer,
  dateChangeOptionsAnswer,
  databaseUserAnswer,
  guideDatesAnswer,
  inviteAnswer,
  keepDateAnswer,
  leaveAnswer,
  localPaymentAnswer,
  partyAnswer,
  paymentIntentAnswer,
  promoAnswer,
  readAnswer,
  rosterAnswer,
  signedCopyAnswer,
  joinedWaitlistAnswer,
  leftWaitlistAnswer,
  offerCheckoutAnswer,
  waitsAnswer,
  waiverStatusesAnswer,
} from './answers.ts';
import { myPassesAnswer, tripEventsAnswer, tripSheetAnswer, type TripEventRequest } from '../../../shared/contract/trailhead.ts';
import { QuoteChanged } from './api-error.ts';
import { ApiError, apiFetch, userPath } from './http.ts';

/** The signed-in customer's ID token; fails with 'No authenticated user found' when nobody is signed in. */
export type TokenSource = () => Promise<string>;

export interface CallOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const user = userPath;
const booking = (bookingId: string) => `/bookings/${encodeURIComponent(bookingId)}`;
const withSignal = (signal: AbortSignal | undefined): CallOptions => (signal ? { signal } : {});

/** The public calls: no token, cacheable by the browser and the CDN. */
export const publicApi = {
  calendar: (name: CalendarName, options: { signal?: AbortSignal; cache?: RequestCache } = {}) =>
    apiFetch<unknown>(`/calendar/${name}`, options).then((answer) => readAnswer(name, calendarDatesAnswer, answer)),

  /** The waiver in force; the caller checks its fingerprint before showing it. */
  waiverInForce: (options: { cache?: RequestCache } = {}) => apiFetch<unknown>('/waiver/current', options),
};

/**
 * The database user in the answer to its creation at sign-in (POST /users/user/{uid}, sent by the
 * auth store as soon as someone signs in, while this client is still on its way).
 */
export const readDatabaseUser = (answer: unknown) => readAnswer('your account', databaseUserAnswer, answer);

/** A call confirming a quote: its 409 answer carrying the new quote fails with `QuoteChanged`. */
async function quoted<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.body && typeof error.body === 'object' && 'quote' in error.body) {
      throw new QuoteChanged(error.message, error.body, readAnswer('the quote', cancellationQuoteAnswer, error.body.quote));
    }
    throw error;
  }
}

export function createBookingApi(token: TokenSource) {
  /**
   * A call as the signed-in customer: a non-OK answer fails with its body's message (an `ApiError`,
   * not logged); any other failure is logged and thrown on.
   */
  async function protectedFetch<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
    const bearer = await token();
    try {
      return await apiFetch<T>(path, { ...options, token: bearer });
    } catch (error) {
      if (!(error instanceof ApiError)) console.error(`The call to ${path} failed`, error);
      throw error;
    }
  }

  async function call<S extends v.GenericSchema>(
    what: string,
    schema: S,
    path: string,
    options: CallOptions = {},
  ): Promise<v.InferOutput<S>> {
    return readAnswer(what, schema, await protectedFetch(path, options));
  }

  return {
    protectedFetch,

    user: (uid: string, signal?: AbortSignal) => call('your account', databaseUserAnswer, user(uid), withSignal(signal)),
    saveProfile: (uid: string, userData: UserData) =>
      call('your account', databaseUserAnswer, `/authUsers/authUser/${encodeURIComponent(uid)}`, { method: 'PUT', body: { userData } }),
    saveSurvey: (uid: string, survey: Survey) => call('your account', databaseUserAnswer, user(uid), { method: 'PUT', body: { survey } }),
    /** Signs the waiver whose text has the SHA-256 `shownTextSha256` (the API refuses another with 409). */
    signWaiver: (uid: string, waiver: Waiver, shownTextSha256: string) =>
      call('your account', databaseUserAnswer, user(uid), {
        method: 'PUT',
        body: waiver,
        headers: { [WAIVER_TEXT_HEADER]: shownTextSha256 },
      }),
    passes: (uid: string, signal?: AbortSignal) => call('your trailhead passes', myPassesAnswer, `${user(uid)}/passes`, withSignal(signal)),
    waivers: (uid: string, signal?: AbortSignal) => call('your waivers', waiverStatusesAnswer, `${user(uid)}/waivers`, withSignal(signal)),
    signedCopy: (uid: string, recordId: string, signal?: AbortSignal) =>
      call('your signed waiver', signedCopyAnswer, `${user(uid)}/waivers/${encodeURIComponent(recordId)}`, withSignal(signal)),

    /** A calendar as a customer sees it: their own bookings on it carry their invite codes and parties. */
    calendar: (name: CalendarName, signal?: AbortSignal) => call(name, calendarDatesAnswer, `/calendar/${name}`, withSignal(signal)),
    party: (dateId: string, signal?: AbortSignal) =>
      call('your party', partyAnswer, `/parties/${encodeURIComponent(dateId)}`, withSignal(signal)),
    joinParty: (inviteCode: string) => call('the invite', inviteAnswer, '/calendar/invite', { method: 'POST', body: { inviteCode } }),

    /** What cancelling the booking gives back now; confirming names the quote (409 with the new one when it no longer holds). */
    cancellationQuote: (bookingId: string, signal?: AbortSignal) =>
      call('the cancellation', cancellationQuoteAnswer, `${booking(bookingId)}/cancellation`, withSignal(signal)),
    /** Cancels on the terms of `quoteId`; a quote that no longer holds fails with `QuoteChanged`, carrying the new one. */
    cancelBooking: (bookingId: string, quoteId: string) =>
      quoted(call('the cancellation', cancelledAnswer, `${booking(bookingId)}/cancellation`, { method: 'POST', body: { quoteId } })),
    /** The fee of a change of date (the quote) and the dates that fit the party. */
    dateChangeOptions: (bookingId: string, signal?: AbortSignal) =>
      call('the change of date', dateChangeOptionsAnswer, `${booking(bookingId)}/date-change`, withSignal(signal)),
    /** Holds the new date's seats and makes the intent for the fee; a stale quote fails with `QuoteChanged`. */
    startDateChange: (bookingId: string, quoteId: string, dateId: string) =>
      quoted(
        call('the change of date', paymentIntentAnswer, `${booking(bookingId)}/date-change`, { method: 'POST', body: { quoteId, dateId } }),
      ),
    /** The payer keeps the date: the new date's seats held for the fee are given back at once. */
    keepDate: (bookingId: string) => call('the change of date', keepDateAnswer, `${booking(bookingId)}/date-change`, { method: 'DELETE' }),
    /** After the company called off the booking's date: the payer's choice, and the dates that fit the party. */
    callOffChoice: (bookingId: string, signal?: AbortSignal) =>
      call('your booking', callOffChoiceAnswer, `${booking(bookingId)}/call-off`, withSignal(signal)),
    chooseAfterCallOff: (bookingId: string, choice: { choice: 'refund' } | { choice: 'move'; dateId: string }) =>
      call('your booking', callOffChoiceAnswer, `${booking(bookingId)}/call-off`, { method: 'POST', body: choice }),
    leaveParty: (bookingId: string) => call('leaving the party', leaveAnswer, `${booking(bookingId)}/leave`, { method: 'POST' }),

    /** The customer's waits, each with its place in line and any offer standing. */
    waits: (uid: string, signal?: AbortSignal) => call('your waits', waitsAnswer, `${user(uid)}/waits`, withSignal(signal)),
    joinWaitlist: (body: WaitlistJoinRequest) => call('the waitlist', joinedWaitlistAnswer, '/waitlist', { method: 'POST', body }),
    /** Leaves a waitlist; a standing offer is declined and its seats go to the next in line. */
    leaveWaitlist: (entryId: string) =>
      call('the waitlist', leftWaitlistAnswer, `/waitlist/${encodeURIComponent(entryId)}`, { method: 'DELETE' }),
    /** The offer checkout opens on: its date, party, price when offered and end. */
    offer: (offerId: string, signal?: AbortSignal) =>
      call('the offer', offerCheckoutAnswer, `/waitlist/offers/${encodeURIComponent(offerId)}`, withSignal(signal)),

    applyPromo: (body: { promoCode: string; selectedPriceId: string; quantity: number }) =>
      call('the promo code', promoAnswer, '/promo/apply', { method: 'POST', body }),
    /** Holds the seats and makes the payment intent (the caller checks that a client secret came with it). */
    createPaymentIntent: (body: PaymentIntentRequest) =>
      call('the payment', paymentIntentAnswer, '/stripe/create-payment-intent', { method: 'POST', body }),
    confirmLocalPayment: (body: { clientSecret: string; cardNumber: string; expiry: string; cvc: string }) =>
      call('the payment', localPaymentAnswer, '/payments/local/confirm', { method: 'POST', body }),

    guideDates: (signal?: AbortSignal) => call('the dates', guideDatesAnswer, '/guide/dates', withSignal(signal)),
    roster: (dateId: string, signal?: AbortSignal) =>
      call('the roster', rosterAnswer, `/guide/dates/${encodeURIComponent(dateId)}/roster`, withSignal(signal)),
    tripSheet: (dateId: string, signal?: AbortSignal) =>
      call('the trip sheet', tripSheetAnswer, `/guide/dates/${encodeURIComponent(dateId)}/trip-sheet`, withSignal(signal)),
    /** Sends what the phone recorded at the trailhead; events sent before are recorded once. */
    sendTripEvents: (dateId: string, events: TripEventRequest[]) =>
      call('the check-ins', tripEventsAnswer, `/guide/dates/${encodeURIComponent(dateId)}/trip-events`, {
        method: 'POST',
        body: { events },
      }),
  };
}
