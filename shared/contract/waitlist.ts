/**
 * The waitlist's contract: joining a full date's line as a party (the request), a customer's waits
 * and the offer checkout opens on (their answers), and a date's line as the console shows it.
 */
import * as v from 'valibot';
import { NO_DATE_MESSAGE, NO_PRICE_MESSAGE } from './messages.ts';
import { count, instant, money, optionalText, text } from './answers.ts';
import { id, wholeNumber } from './requests.ts';

// ---- Joining ----

/** A party on a waitlist: 1 to 4 people, who wait and are offered seats together. */
export const WAITLIST_PARTY_MIN = 1;
export const WAITLIST_PARTY_MAX = 4;
export const WAITLIST_PARTY_MESSAGE = `Choose a party of ${WAITLIST_PARTY_MIN} to ${WAITLIST_PARTY_MAX}.`;

/** POST /waitlist: a party in line for a full date, at the price it wants, perhaps also for a nearby date. */
export const waitlistJoinSchema = v.strictObject({
  dateId: id(NO_DATE_MESSAGE),
  priceId: id(NO_PRICE_MESSAGE),
  partySize: wholeNumber(WAITLIST_PARTY_MIN, WAITLIST_PARTY_MAX, WAITLIST_PARTY_MESSAGE),
  nearby: v.optional(v.boolean(), false),
});
export type WaitlistJoinRequest = v.InferInput<typeof waitlistJoinSchema>;

// ---- A customer's waits ----

/** Seats offered to a wait: held for the party until `expiresAt`, at the price when offered (`amount`, cents, the whole party). */
export const waitlistOfferAnswer = v.looseObject({
  id: text,
  /** The date offered: the one waited for, or a nearby one. */
  dateId: text,
  startsAt: instant,
  expiresAt: instant,
  ...money,
});

/** GET /users/user/{uid}/waits: one of the caller's waits, with its place in line and any offer standing. */
export const waitlistEntryAnswer = v.looseObject({
  id: text,
  dateId: text,
  calendar: text,
  /** What is waited for, as My Bookings titles a booking. */
  title: text,
  startsAt: instant,
  partySize: count,
  nearby: v.boolean(),
  joinedAt: instant,
  /** 1 for the first in line. */
  place: count,
  offer: v.nullable(waitlistOfferAnswer),
});
export type WaitlistEntryAnswer = v.InferOutput<typeof waitlistEntryAnswer>;
export const waitsAnswer = v.looseObject({ waits: v.array(waitlistEntryAnswer) });
/** POST /waitlist: the wait the party holds (the same one when asked again). */
export const joinedWaitlistAnswer = v.looseObject({ entryId: text });
/** DELETE /waitlist/{id}: false when the wait had already ended. */
export const leftWaitlistAnswer = v.looseObject({ left: v.boolean() });

export const OFFER_STATES = ['open', 'accepted', 'lapsed', 'declined', 'withdrawn'] as const;

/** GET /waitlist/offers/{id}: what checkout needs to open on the offered seats. */
export const offerCheckoutAnswer = v.looseObject({
  id: text,
  state: v.picklist(OFFER_STATES),
  dateId: text,
  calendar: text,
  productId: text,
  priceId: text,
  title: text,
  startsAt: instant,
  expiresAt: instant,
  partySize: count,
  /** Cents for the whole party, at the price when offered, and the currency. */
  ...money,
});
export type OfferCheckoutAnswer = v.InferOutput<typeof offerCheckoutAnswer>;

// ---- A date's waitlist ----

/** An offer of seats to a waiting party: how many, when it was made, and until when it stands. */
export const offerTerms = { seats: count, madeAt: instant, endsAt: instant };

export const WAIT_STATES = ['waiting', 'offered', 'booked', 'left', 'lapsed', 'closed'] as const;

/** GET /ops/dates/{id}/waitlist: one entry of a date's list, in line order, with the offers made to it. */
export const waitlistRowAnswer = v.looseObject({
  id: text,
  name: text,
  email: text,
  partySize: count,
  nearby: v.boolean(),
  joinedAt: instant,
  status: v.picklist(WAIT_STATES),
  offers: v.array(
    v.looseObject({
      state: v.picklist(OFFER_STATES),
      ...offerTerms,
      /** The operator's reason when the offer was made out of order. */
      outOfOrder: optionalText,
      /** The offer was of seats on a nearby date, not this one (or of this date, to an entry of another). */
      elsewhere: v.boolean(),
    }),
  ),
});
export type WaitlistRowAnswer = v.InferOutput<typeof waitlistRowAnswer>;
export const opsWaitlistAnswer = v.looseObject({ waitlist: v.array(waitlistRowAnswer) });

/** POST /ops/dates/{id}/waitlist/{entry}/offer: the offer made, and whose unpaid offers were taken back for it, by name. */
export const opsOfferAnswer = v.looseObject({ offerId: text, takenBackFrom: v.optional(v.array(text), []) });
