/**
 * The trip day's wire contract: a date's trip sheet as a guide's phone saves it, the events the phone
 * records at the trailhead (arrivals, no-shows, gear checks, waivers signed in person) and sends when
 * it has a network, and a member's pass as the console looks it up.
 */
import * as v from 'valibot';
import { count, guideDate, instant, optionalText, rosterParticipant, surveyAnswer, text, waiverDocument } from './answers.ts';
import { instantRequest, SIGNATURE_MAX_CHARS, surveySchema } from './requests.ts';

// ---- What the phone records ----

/** An event's id, made on the phone: sending it twice records it once. */
const eventId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'An event needs an id of 8 to 64 letters, digits, - or _.'));
const memberRef = {
  id: eventId,
  bookingId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
  uid: v.pipe(v.string(), v.nonEmpty(), v.maxLength(128)),
  /** When it happened, by the phone's clock. */
  at: instantRequest('An event needs the time it happened.'),
};

export const tripEventRequest = v.variant('kind', [
  v.strictObject({ ...memberRef, kind: v.picklist(['here', 'no-show']) }),
  /** A mark taken back: the event it undoes (a Here or a No-show of the same person). */
  v.strictObject({ ...memberRef, kind: v.literal('undo'), undoes: eventId }),
  /** The safety survey, answered on the guide's phone by someone who never answered it. */
  v.strictObject({ ...memberRef, kind: v.literal('survey'), survey: surveySchema }),
  v.strictObject({ ...memberRef, kind: v.literal('gear'), beacon: v.boolean(), shovel: v.boolean(), probe: v.boolean() }),
  v.strictObject({
    ...memberRef,
    kind: v.literal('signed'),
    /** The version of the waiver text shown on the guide's phone. */
    version: v.pipe(v.string(), v.nonEmpty(), v.maxLength(40)),
    signature: v.pipe(
      v.string(),
      v.regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'The signature must be a PNG image'),
      v.maxLength(SIGNATURE_MAX_CHARS, 'The signature image is too large'),
    ),
    agreed: v.literal(true, 'You must agree to the terms and conditions'),
  }),
]);
export type TripEventRequest = v.InferOutput<typeof tripEventRequest>;

/** Most events a phone sends at once, and most signatures among them (each is an image). */
export const TRIP_EVENTS_PER_BATCH = 200;
export const SIGNATURES_PER_BATCH = 4;

/** POST /guide/dates/{dateId}/trip-events */
export const tripEventsRequest = v.strictObject({
  events: v.pipe(
    v.array(tripEventRequest),
    v.minLength(1, 'Send at least one event.'),
    v.maxLength(TRIP_EVENTS_PER_BATCH, `Send at most ${TRIP_EVENTS_PER_BATCH} events at once.`),
    v.check(
      (events) => events.filter((event) => event.kind === 'signed').length <= SIGNATURES_PER_BATCH,
      `Send at most ${SIGNATURES_PER_BATCH} signatures at once.`,
    ),
  ),
});
export type TripEventsRequest = v.InferOutput<typeof tripEventsRequest>;

// ---- What the API answers ----

/** An event as it reached us, recorded or refused: what the phone said, and when it came. */
const eventReceived = {
  id: text,
  kind: v.picklist(['here', 'no-show', 'gear', 'signed', 'undo', 'survey']),
  bookingId: text,
  uid: text,
  /** The person the event names, by name (their e-mail when they gave none; on a refused event, when we know them). */
  member: text,
  at: instant,
  receivedAt: instant,
  /** The guide or operator whose phone recorded it, by name (their e-mail when they gave none). */
  by: text,
};

/** An event as recorded: who recorded it and when it reached us; `flag` says why the office should look at it. */
export const tripEvent = v.looseObject({
  ...eventReceived,
  gear: v.optional(v.nullable(v.looseObject({ beacon: v.boolean(), shovel: v.boolean(), probe: v.boolean() })), null),
  /** For an undo: the event it takes back. */
  undoes: optionalText,
  /** For a survey answered at the trailhead: its answers. */
  survey: v.optional(v.nullable(surveyAnswer), null),
  flag: optionalText,
});
export type TripEvent = v.InferOutput<typeof tripEvent>;

/** An event a phone sent that the API refused, kept whole for the office: what the phone said, and why it was refused. */
export const refusedTripEvent = v.looseObject({ ...eventReceived, reason: text });
export type RefusedTripEvent = v.InferOutput<typeof refusedTripEvent>;

/** One member of a party on the sheet: the roster's person with the code their pass shows. */
export const tripMember = v.looseObject({ ...rosterParticipant.entries, passCode: text });
export type TripMember = v.InferOutput<typeof tripMember>;

export const tripParty = v.looseObject({
  bookingId: text,
  partySize: count,
  /** The office's notes on the booking, for the guides. */
  notes: v.array(text),
  members: v.array(tripMember),
});
export type TripParty = v.InferOutput<typeof tripParty>;

/** GET /guide/dates/{dateId}/trip-sheet: everything a guide needs at a trailhead with no signal. */
export const tripSheetAnswer = v.looseObject({
  date: guideDate,
  /** When the API made this sheet. */
  savedAt: instant,
  /** Where the party meets, in words. */
  meetingPoint: text,
  parties: v.array(tripParty),
  /** The waiver in force, for a member who signs on the guide's phone. */
  waiver: v.looseObject({ version: text, document: waiverDocument }),
  /** What every phone has recorded for the date so far. */
  events: v.array(tripEvent),
});
export type TripSheet = v.InferOutput<typeof tripSheetAnswer>;

/**
 * What became of one event of a batch: recorded (now, or when it came before), or refused with the
 * reason; a refused event is kept for the office all the same, and the rest of the batch recorded.
 */
export const tripEventOutcome = v.looseObject({ id: text, refused: optionalText });
export type TripEventOutcome = v.InferOutput<typeof tripEventOutcome>;

/**
 * POST /guide/dates/{dateId}/trip-events: how many were new and what became of each event, no more
 * (the phone saves the trip sheet again once its batches are sent, with what everyone recorded).
 */
export const tripEventsAnswer = v.looseObject({ recorded: count, outcomes: v.array(tripEventOutcome) });
export type TripEventsAnswer = v.InferOutput<typeof tripEventsAnswer>;

/** GET /ops/passes/{code}: whose pass it is, and for which booking and date. */
export const passAnswer = v.looseObject({ bookingId: text, dateId: text, uid: text, name: text });
export type Pass = v.InferOutput<typeof passAnswer>;

/** A member's own trailhead pass: who, what, when and where, what to bring, and the code its QR code shows. */
export const trailheadPass = v.looseObject({
  dateId: text,
  bookingId: text,
  code: text,
  /** The member, as the party names them. */
  name: text,
  /** What was booked, as My Bookings titles it, and of which calendar. */
  title: text,
  calendar: text,
  startsAt: instant,
  meetingPoint: text,
  bring: v.array(text),
});
export type TrailheadPass = v.InferOutput<typeof trailheadPass>;

/** GET /users/user/{uid}/passes: the caller's passes for the trips still ahead (or under way), soonest first. */
export const myPassesAnswer = v.looseObject({ passes: v.array(trailheadPass) });
export type MyPasses = v.InferOutput<typeof myPassesAnswer>;
