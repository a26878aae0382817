/**
 * Creating a payment intent: the amount is computed here, and the seats are held for a short
 * window so a date is never oversold. A customer holds one date at a time: a new hold releases
 * their others and cancels those payment intents at the provider (through the outbox), so the old
 * ones can never be paid.
 */
import type { Db, Queryable } from '../db/client.ts';
import { named, queryNamed } from '../db/named-sql.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { Caller } from '../identity.ts';
import type { PaymentIntentRequest } from '../../shared/contract/requests.ts';
import { spotsLabel } from '../../shared/rules/availability.ts';
import { orderTotal } from '../../shared/rules/pricing.ts';
import { NO_DATE_MESSAGE, NO_PARTY_MESSAGE, PROVIDER_DOWN_MESSAGE, SESSION_ENDED } from '../../shared/contract/messages.ts';
import { afterCommit, type AfterCommit } from '../after-commit.ts';
import { randomId } from '../http.ts';
import { DomainError } from '../domain-error.ts';
import { enqueueAction, enqueueCancelsSql, LEASE_SECONDS, type ActionReason, type ClaimedAction } from '../payment-outbox/actions.ts';
import { attempt, handOverLastTries, RECORD_ATTEMPTS_SQL, recordParams, summarize, type Attempt } from '../payment-outbox/worker.ts';
import { countHitSql, enforce, newHoldsKey, overLimit, windowOf, type Limit } from '../limits/rate-limit.ts';
import { notReadyMessage } from '../../shared/rules/readiness.ts';
import { missingFrom, READINESS_COLUMNS, READINESS_JOIN, type ReadinessRow } from '../users/readiness.ts';
import { discountOf, INVALID_PROMO, promoColumns, readPromo, type PromoRow } from './promo.ts';
import { SAVE_USER_SQL, userParams } from '../users/store.ts';
import { cutoffSeconds, seatsLeft } from '../../shared/rules/seat-rules.ts';
import { bookingsOpenSql, LIVE_HOLD_SQL, promoUsesSql, seatsTakenSql } from './seat-sql.ts';
import { holdFor, insertHoldSql, isoInstantSql, releaseHoldsSql } from './seat-holds.ts';
import { PAYMENT_FOR } from './outcomes.ts';
import { cardParts, giftCodesKey, giftCodesOf, holdGiftCards, type CardPart } from '../gift-cards/spend.ts';
import { giftCodeTryKeys, TOO_MANY_GIFT_CODES } from '../gift-cards/cards.ts';

export const BOOKINGS_CLOSED = 'Bookings for this date have closed. Please choose a later date.';

/** The hold's end as an ISO 8601 instant in UTC. */
const EXPIRES_AT = isoInstantSql();

/**
 * A hold the customer's own checkout made: not a change of date's fee hold (`moves_booking`), which
 * holds seats for a booking already paid at the fee's amount, nor a hold the office made for a card
 * it takes (`office_request`); neither is ever answered as the customer's order.
 */
const CHECKOUT_HOLD_SQL = `(moves_booking is null and office_request is null)`;

/** Stripe's smallest card charge in US dollars. */
export const MINIMUM_CHARGE = 50;
export const BELOW_MINIMUM = 'The order total is below the minimum card charge.';

/** What the card pays of a booking: what its gift cards do not. */
const BY_CARD = `(amount - gift_amount)`;

/** A hold that can be paid: with its card payment's secret, or with nothing left for a card to pay. */
const PAYABLE_SQL = `(client_secret is not null or gift_amount = amount)`;

export interface HoldSettings {
  holdSeconds: number;
  currency: string;
  /** Bookings close this many hours before a date starts. */
  cutoffHours: number;
  /** New holds a customer may create per window. */
  intentLimit: Limit;
  /** The client's address, as per-client limits key it. */
  clientKey: string;
  /** New holds one client address may create per window (many customers may share one). */
  addressLimit: Limit;
  /** Tries of a promo code, counted per client and per customer like POST /promo/apply's. */
  promoLimit: Limit;
  /** Tries of gift card codes, counted per client and per customer like a balance's. */
  giftCodeLimit: Limit;
  /** The waiver text in force: a customer must have signed it to hold seats. */
  waiverVersion: string;
}

export const TOO_MANY = 'You have started checkout too many times.';
const TOO_MANY_HERE = 'Too many bookings have been started from this network.';
export const TOO_MANY_PROMO = 'Too many promo code attempts.';

/** The rate-limit keys a promo code try counts under: the client's address and, when signed in, the customer. */
export const promoTryKeys = (clientKey: string, uid: string | null) => [`promo:ip:${clientKey}`, ...(uid ? [`promo:uid:${uid}`] : [])];

export interface Hold {
  bookingId: string;
  /** Null when gift cards pay all of it: then nothing is paid by card. */
  clientSecret: string | null;
  /** Cents the card payment is for. */
  amount: number;
  /** Cents the booking costs, gift cards' parts included. */
  total: number;
  /** What each gift card holds of the total. */
  giftCards: CardPart[];
  currency: string;
  expiresAt: string;
  /** Whether this call took seats (false when it returned a hold the caller already had). */
  fresh: boolean;
}

/** The hold as createHold answers it: the public calendars change only when this call took seats. */
export type HoldAnswer = Hold & { after: AfterCommit };
const answered = (hold: Hold): HoldAnswer => ({ ...hold, after: { seatsChanged: hold.fresh } });

/** A hold as its transaction leaves it: without a client secret when its intent is still to be made. */
type Prepared = Hold & { description: string; actions: ClaimedAction[] };

/** One request for a hold, as each of its steps reads it. */
interface HoldCall {
  caller: Caller;
  request: PaymentIntentRequest;
  /** The code as entered, trimmed and in capitals; null without one. */
  promoCode: string | null;
  /** The gift card codes as stored, in the order given; none without. */
  giftCodes: string[];
  /** The waitlist offer the checkout pays; null for a checkout of its own. */
  offerId: string | null;
  settings: HoldSettings;
}

/**
 * Holds seats for a request and makes its payment intent, or answers with the hold and intent the
 * same request already has.
 *
 * A new hold is one read (what the customer has done, since a profile, the survey and the current
 * waiver are needed before seats are held; and the same request's hold, which answers the request
 * again) and, with a promo code, the count of one code try; then a transaction of three statements
 * (five with a code of limited uses), then one statement after the provider's answer:
 *  1. save the customer (created on first sight: the upsert locks the customer's row either way) and
 *     lock the date's row, reading the price and the promo code with them;
 *  2. (a code with limited uses) lock the customer's holds, then the code's row;
 *  3. read the customer's current hold on the date, the seats taken and the code's uses. This must
 *     be a statement of its own, after the locks: a statement reads as of its start, so counts
 *     taken in the locking statement could miss a hold committed while it waited for the lock;
 *  4. write: release the customer's holds, enqueue their intents' cancellations, count the new hold
 *     against the customer's limit and insert it unless that count is over; then, with gift card
 *     codes, lock each card and hold its part (what the released holds had on them is back by then);
 *  5. after the commit, store the new intent on the hold and record the cancellations.
 * The provider is called after the commit (the new intent and the cancellations side by side),
 * never while the date is locked.
 */
export async function createHold(
  db: Db,
  provider: PaymentProvider,
  caller: Caller,
  request: PaymentIntentRequest,
  settings: HoldSettings,
): Promise<HoldAnswer> {
  checkRequest(caller, request);
  const call: HoldCall = {
    caller,
    request,
    promoCode: request.promoCode?.trim().toUpperCase() || null,
    giftCodes: giftCodesOf(request.giftCodes),
    offerId: request.offerId?.trim() || (await offerStanding(db, caller, request)),
    settings,
  };
  const customer = await readCustomer(db, call);
  const standing = standingHold(customer, settings.currency);
  if (standing) return answered({ ...standing, giftCards: await cardParts(db, standing.bookingId) });
  checkReady(customer, settings.waiverVersion);
  await countCodeTries(db, call);

  const prepared = await db.transaction((tx) => prepareHold(tx, provider.name, call));
  const { actions, description: _description, ...hold } = prepared;
  // A hold this customer already had, with its intent, or one gift cards pay all of: nothing to make.
  if (hold.clientSecret || hold.amount === 0) return answered(hold);
  return answered({ ...hold, clientSecret: await makeIntent(db, provider, caller, request, prepared, actions) });
}

/** Refuses a request made for someone else, or whose quantity is not its party size. */
function checkRequest(caller: Caller, { quantity, metadata }: PaymentIntentRequest): void {
  if (metadata.userId !== caller.uid) throw new DomainError('forbidden', 'You may only book for yourself.');
  if (quantity !== metadata.partySize) {
    // A date id names a single day, so quantity is the party size times one day.
    throw new DomainError('invalid', NO_PARTY_MESSAGE);
  }
}

// Before any lock.

/**
 * Read before any lock: what the customer has done (a profile, the survey, the current waiver),
 * and the same request's live hold with its payment (null columns when none). No row for a
 * customer the API has never seen.
 */
const CUSTOMER = named(`select ${READINESS_COLUMNS},
         live.id as hold_id, live.client_secret, live.amount, live.total, live.currency, live.expires_at
    from users u
    ${READINESS_JOIN}
    left join lateral (
      select id, client_secret, ${BY_CARD} as amount, amount as total, currency, ${EXPIRES_AT} as expires_at from bookings
       where date_id = {dateId} and user_id = u.uid and ${LIVE_HOLD_SQL} and ${PAYABLE_SQL} and ${CHECKOUT_HOLD_SQL}
         and price_id = {priceId} and quantity = {quantity} and promo_code is not distinct from {promoCode}
         and gift_codes is not distinct from {giftCodes} and waitlist_offer is not distinct from {offerId}
       limit 1) live on true
   where u.uid = {uid}`);

interface CustomerRow extends ReadinessRow {
  hold_id: string | null;
  client_secret: string | null;
  amount: number | null;
  total: number | null;
  currency: string | null;
  expires_at: string | null;
}

async function readCustomer(db: Queryable, { caller, request, promoCode, giftCodes, offerId }: HoldCall): Promise<CustomerRow | undefined> {
  const [customer] = await queryNamed<CustomerRow & Record<string, unknown>>(db, CUSTOMER, {
    dateId: request.metadata.dateId,
    uid: caller.uid,
    priceId: request.priceId,
    quantity: request.quantity,
    promoCode,
    giftCodes: giftCodesKey(giftCodes),
    offerId,
  });
  return customer;
}

/** The same request again (a reload, a double click): the hold and its payment stand. Null for any other request. */
function standingHold(customer: CustomerRow | undefined, currency: string): Omit<Hold, 'giftCards'> | null {
  if (!customer?.hold_id) return null;
  return {
    bookingId: customer.hold_id,
    clientSecret: customer.client_secret,
    amount: customer.amount ?? 0,
    total: customer.total ?? 0,
    currency: customer.currency ?? currency,
    expiresAt: customer.expires_at ?? '',
    fresh: false,
  };
}

/** Seats are held only for a customer who could ride: a throw-away account cannot squat a date. */
function checkReady(customer: CustomerRow | undefined, waiverVersion: string): void {
  const notReady = notReadyMessage(missingFrom(customer, waiverVersion));
  if (notReady) throw new DomainError('forbidden', notReady);
}

/**
 * A promo code tried here counts like one tried at /promo/apply, gift card codes like a balance's
 * look-up; each stays counted when the hold is refused.
 */
async function countCodeTries(db: Queryable, { caller, promoCode, giftCodes, settings }: HoldCall): Promise<void> {
  if (promoCode) await enforce(db, promoTryKeys(settings.clientKey, caller.uid), settings.promoLimit, TOO_MANY_PROMO);
  if (giftCodes.length > 0) await enforce(db, giftCodeTryKeys(settings.clientKey, caller.uid), settings.giftCodeLimit, TOO_MANY_GIFT_CODES);
}

// The transaction.

/** Statements 1 to 4: the locks, the checks, and the new hold written (or the customer's current one kept). */
async function prepareHold(tx: Queryable, providerName: string, call: HoldCall): Promise<Prepared> {
  const { request, promoCode, settings } = call;
  const target = await lockCustomerAndDate(tx, call);
  checkBookable(target, request.metadata.calendar);
  const offer = await readOffer(tx, call);
  const price: Price = offer
    ? { id: offer.price_id, unitAmount: offer.unit_amount, currency: offer.currency }
    : { id: target.price_id, unitAmount: target.unit_amount, currency: target.currency || settings.currency };
  const { promo, limited } = await lockLimitedCode(tx, call, target);
  const state = await readState(tx, call, target, limited);
  const description = `${target.product_name}: ${target.nickname} x ${request.quantity}`;
  const kept = await keptHold(tx, state, price, call, description);
  if (kept) return kept;
  checkSeats(target, state.taken, request.metadata.partySize);
  const amount = orderAmount(price, request.quantity, promoCode, promo, state.promo_uses, call.giftCodes.length > 0);
  const hold = await writeHold(tx, providerName, call, {
    dateId: target.id,
    price,
    amount,
    description,
    endsAt: offer?.expires_at ?? null,
  });
  return payByGiftCards(tx, call, hold, price);
}

/** Holds the gift cards' parts of a new hold's total (a trip voucher pays one seat at `price`); the card payment is for the rest. */
async function payByGiftCards(tx: Queryable, { caller, giftCodes }: HoldCall, hold: Prepared, price: Price): Promise<Prepared> {
  if (giftCodes.length === 0) return hold;
  const { parts, byCard } = await holdGiftCards(tx, {
    bookingId: hold.bookingId,
    codes: giftCodes,
    total: hold.total,
    seat: { priceId: price.id, unitAmount: price.unitAmount },
    currency: hold.currency,
    minimumCharge: MINIMUM_CHARGE,
    causedBy: `customer:${caller.uid}`,
  });
  if (byCard > 0 && byCard < MINIMUM_CHARGE) throw new DomainError('invalid', BELOW_MINIMUM);
  return { ...hold, amount: byCard, giftCards: parts };
}

export const OFFER_ENDED = 'This offer has ended. Your place on the waitlist is on My Bookings.';

/** A checkout on a date where the customer's waitlist offer holds other seats than it asks for. */
export const offerStandsMessage = (seats: number) =>
  `Seats on this date are held for you by a waitlist offer (${seats === 1 ? '1 seat' : `${seats} seats`}): book them from My Bookings with Book these seats, or leave the waitlist there first.`;

/**
 * The customer's open waitlist offer on the date a checkout asks for, read before any lock (the
 * checkout reads it again under the date's lock): a checkout for the same party and price pays that
 * offer, as if it named it; one for anything else is refused with words that point to it, so the
 * offer's seats are never released while the offer stands.
 */
async function offerStanding(db: Queryable, caller: Caller, request: PaymentIntentRequest): Promise<string | null> {
  const [offer] = await db.query<{ id: string; seats: number; price_id: string }>(
    `select id, seats, price_id from waitlist_offers
      where user_id = $1 and date_id = $2 and status = 'open' and expires_at > app_now()`,
    [caller.uid, request.metadata.dateId],
  );
  if (!offer) return null;
  if (offer.seats === request.metadata.partySize && offer.price_id === request.priceId) return offer.id;
  throw new DomainError('conflict', offerStandsMessage(offer.seats));
}

/** A waitlist offer, read under the date's lock: the seats it holds for the caller, at the price when offered, until `expires_at`. */
interface OfferRow {
  price_id: string;
  unit_amount: number;
  currency: string;
  expires_at: string;
}

/** The offer a checkout pays, when it names one: the caller's, open, on this date, for this party and price; refused otherwise. */
async function readOffer(tx: Queryable, { caller, request, offerId }: HoldCall): Promise<OfferRow | null> {
  if (!offerId) return null;
  const [offer] = await tx.query<OfferRow & Record<string, unknown>>(
    `select price_id, unit_amount, currency, ${isoInstantSql('expires_at')} as expires_at from waitlist_offers
      where id = $1 and user_id = $2 and date_id = $3 and seats = $4 and price_id = $5 and status = 'open' and expires_at > app_now()`,
    [offerId, caller.uid, request.metadata.dateId, request.metadata.partySize, request.priceId],
  );
  if (!offer) throw new DomainError('conflict', OFFER_ENDED);
  return offer;
}

/**
 * Statement 1: saves the customer (created on first sight, the e-mail following the token), which
 * locks the customer's row, and locks the date's row; reads the price and the promo code.
 */
const LOCK = named(`with customer as (${SAVE_USER_SQL})
  select d.id, d.calendar, d.product_id, d.price_id as date_price_id, d.capacity, d.active,
         d.active and ${bookingsOpenSql('d.starts_at', '{cutoffSeconds}')} as open,
         pr.id as price_id, pr.product_id as price_product_id, pr.nickname, pr.unit_amount, pr.currency, p.name as product_name,
         ${promoColumns('pc')}
    from calendar_dates d
    left join (prices pr join products p on p.id = pr.product_id and p.active) on pr.id = {priceId} and pr.active
    left join promo_codes pc on pc.code = {promoCode}
   where d.id = {dateId}
     for update of d`);

/** The locked date, the price asked for (null columns when there is no such active price) and the promo code (likewise). */
interface TargetRow extends PromoRow {
  id: string;
  calendar: string;
  product_id: string;
  date_price_id: string | null;
  capacity: number;
  active: boolean;
  open: boolean;
  price_id: string | null;
  price_product_id: string | null;
  nickname: string | null;
  unit_amount: number | null;
  currency: string | null;
  product_name: string | null;
}

/** A locked date that takes the booking asked for, at an active price of its product. */
type BookableTarget = TargetRow & { price_id: string; unit_amount: number };

interface Price {
  id: string;
  unitAmount: number;
  currency: string;
}

async function lockCustomerAndDate(tx: Queryable, { caller, request, promoCode, settings }: HoldCall): Promise<TargetRow | undefined> {
  // One checkout at a time per customer, so two requests at once cannot leave two holds; and seat
  // counts on a date decided one at a time: both rows are locked.
  const [target] = await queryNamed<TargetRow & Record<string, unknown>>(tx, LOCK, {
    dateId: request.metadata.dateId,
    cutoffSeconds: cutoffSeconds(settings.cutoffHours),
    priceId: request.priceId,
    promoCode,
    ...userParams(caller),
  });
  return target;
}

/** Refuses a date that is missing, withdrawn or on another calendar, closed to bookings, or without the price asked for. */
function checkBookable(target: TargetRow | undefined, calendar: string): asserts target is BookableTarget {
  if (!target?.active || target.calendar !== calendar) {
    throw new DomainError('invalid', NO_DATE_MESSAGE);
  }
  if (!target.open) throw new DomainError('invalid', BOOKINGS_CLOSED);
  if (!target.price_id || target.unit_amount === null) throw new DomainError('not-found', 'Product not found');
  if (target.price_product_id !== target.product_id || (target.date_price_id !== null && target.date_price_id !== target.price_id)) {
    throw new DomainError('invalid', 'This activity is not offered on the selected date.');
  }
}

/** Statement 2a: the customer's holds, before a limited code's row (see statement 2). */
const LOCK_HELD = named(`select id from bookings where user_id = {uid} and status = 'held' for update`);

/**
 * Statement 2 (a code with limited uses): the customer's holds locked, then the code's row, read
 * again under its lock. Returns the code (undefined when none was given or there is no such code),
 * and whether its uses are limited.
 */
async function lockLimitedCode(
  tx: Queryable,
  { caller, promoCode }: HoldCall,
  target: TargetRow,
): Promise<{ promo: PromoRow | undefined; limited: boolean }> {
  let promo: PromoRow | undefined = promoCode && target.code !== null ? target : undefined;
  // A code with limited uses is locked, so its last use goes to exactly one hold. Others need no lock.
  // The customer's holds, released by the new hold, are locked first: a payment being recorded locks
  // its booking before the code, and the same order here means the two never wait for each other.
  const limited = promo !== undefined && promo.usable && promo.max_redemptions !== null;
  if (limited && promoCode) {
    await queryNamed(tx, LOCK_HELD, { uid: caller.uid });
    promo = await readPromo(tx, promoCode, true);
  }
  return { promo, limited };
}

/** Every booking but the customer's (`uid`) own holds: a new hold releases those, so they do not count against it. */
const NOT_OWN_HOLD = `not (user_id = {uid} and status = 'held')`;

/**
 * Statement 3: the seats others hold or booked on the date, the uses others make of a limited
 * code (`limitedCode`, null for any other), and the customer's current hold on the date.
 */
const STATE = named(`select
    ${seatsTakenSql('{dateId}', NOT_OWN_HOLD)} as taken,
    ${promoUsesSql('{limitedCode}', `{limitedCode}::text is not null and ${NOT_OWN_HOLD}`)} as promo_uses,
    current.id, current.price_id, current.quantity, current.promo_code, current.gift_codes, current.client_secret, current.amount,
    current.total, current.currency, current.expires_at
  from (select 1) as one
  left join lateral (
    select id, price_id, quantity, promo_code, gift_codes, client_secret, ${BY_CARD} as amount, amount as total, currency,
           ${EXPIRES_AT} as expires_at from bookings
     where date_id = {dateId} and user_id = {uid} and ${LIVE_HOLD_SQL} and ${CHECKOUT_HOLD_SQL}
       and waitlist_offer is not distinct from {offerId}
     order by created_at desc limit 1) current on true`);

/** Seats taken by others, uses of a limited code by others, and the customer's current hold on the date (null columns when none). */
interface StateRow {
  taken: number;
  promo_uses: number;
  id: string | null;
  price_id: string | null;
  quantity: number | null;
  promo_code: string | null;
  gift_codes: string | null;
  client_secret: string | null;
  amount: number | null;
  total: number | null;
  currency: string | null;
  expires_at: string | null;
}

async function readState(tx: Queryable, { caller, promoCode, offerId }: HoldCall, target: TargetRow, limited: boolean): Promise<StateRow> {
  // A statement of its own, begun after the locks of statements 1 and 2 were granted, so it sees
  // every hold and payment committed before them (a statement reads as of its start). The
  // customer's own holds do not count: a new hold releases them.
  const [state] = await queryNamed<StateRow & Record<string, unknown>>(tx, STATE, {
    dateId: target.id,
    uid: caller.uid,
    limitedCode: limited ? promoCode : null,
    offerId,
  });
  if (!state) throw new Error('the seat count returned no row');
  return state;
}

/** The customer's current hold on the date when it answers this same request; null otherwise. */
async function keptHold(tx: Queryable, state: StateRow, price: Price, call: HoldCall, description: string): Promise<Prepared | null> {
  const { request, promoCode, giftCodes } = call;
  if (!state.id) return null;
  const same =
    state.price_id === price.id &&
    state.quantity === request.quantity &&
    state.promo_code === promoCode &&
    state.gift_codes === giftCodesKey(giftCodes);
  if (!same) return null;
  // The same request again (a reload, a double click): keep the hold and its payment.
  return {
    bookingId: state.id,
    clientSecret: state.client_secret,
    amount: state.amount ?? 0,
    total: state.total ?? 0,
    giftCards: await cardParts(tx, state.id),
    currency: state.currency ?? price.currency,
    expiresAt: state.expires_at ?? '',
    fresh: false,
    description,
    actions: [],
  };
}

/** Refuses a party bigger than the seats others leave on the date. */
function checkSeats(target: TargetRow, taken: number, partySize: number): void {
  const left = seatsLeft(target, taken);
  if (left < partySize) {
    throw new DomainError('conflict', left === 0 ? 'Sorry, this date is fully booked.' : `Sorry, only ${spotsLabel(left)} on this date.`);
  }
}

/**
 * The order's total after the code's discount; refuses a code that cannot be used here, and (unless
 * gift cards may pay it) a total below the smallest card charge.
 */
function orderAmount(
  price: Price,
  quantity: number,
  promoCode: string | null,
  promo: PromoRow | undefined,
  promoUses: number,
  giftCards: boolean,
): number {
  let discount = null;
  if (promoCode) {
    discount = discountOf(promo, price.id, promoUses);
    if (!discount) throw new DomainError('invalid', INVALID_PROMO);
  }
  const amount = orderTotal(price.unitAmount, quantity, discount);
  if (amount < MINIMUM_CHARGE && !giftCards) throw new DomainError('invalid', BELOW_MINIMUM);
  return amount;
}

/**
 * Statement 4: releases every hold the customer (`uid`) has, on any date (but the seats a waitlist
 * offer holds for them on other dates), enqueueing the cancellation of each one's intent (lapsed
 * holds included: their intents could still be paid);
 * counts the new hold against the customer's limit (`customerKey`, at most `customerMax` in
 * `customerWindow` s) and the client address's (`addressKey`, at most `addressMax` in
 * `addressWindow` s); inserts it unless a count is over. Returns the counts, the seconds left in
 * their windows, the hold's end (null when not inserted) and the claimed cancellations.
 */
const WRITE = named(`with released as (
    ${releaseHoldsSql('user_id = {uid} and (waitlist_offer is null or date_id = {dateId})')}
  ), cancels as (
    ${enqueueCancelsSql('released', '{reason}', '{lease}::int')}
  ), counted as (
    ${countHitSql('{customerKey}', '{customerWindow}::int')}
  ), counted_here as (
    ${countHitSql('{addressKey}', '{addressWindow}::int')}
  ), swept as (
    -- The keys' earlier windows are over.
    delete from rate_limits where key = {customerKey} and window_start < (select window_start from counted)
  ), swept_here as (
    delete from rate_limits where key = {addressKey} and window_start < (select window_start from counted_here)
  ), held as (
    ${insertHoldSql(
      {
        id: '{bookingId}',
        date_id: '{dateId}',
        user_id: '{uid}',
        price_id: '{priceId}',
        party_size: '{partySize}',
        quantity: '{quantity}',
        amount: '{amount}',
        currency: '{currency}',
        provider: '{provider}',
        promo_code: '{promoCode}',
        waitlist_offer: '{offerId}',
        until: `coalesce({endsAt}::timestamptz, ${holdFor('{holdSeconds}')})`,
      },
      'counted, counted_here where counted.count <= {customerMax}::int and counted_here.count <= {addressMax}::int',
      `returning ${EXPIRES_AT} as expires_at`,
    )}
  )
  select counted.count, counted.retry_after, counted_here.count as count_here, counted_here.retry_after as retry_after_here,
         (select expires_at from held) as expires_at,
         coalesce((select json_agg(cancels) from cancels), '[]'::json) as cancels
    from counted, counted_here`);

interface WrittenRow {
  count: number;
  retry_after: number;
  count_here: number;
  retry_after_here: number;
  /** Null when the count was over the limit and nothing was inserted. */
  expires_at: string | null;
  cancels: ClaimedAction[];
}

/** The new hold, priced and described, as statement 4 writes it. */
interface NewHold {
  dateId: string;
  price: Price;
  amount: number;
  description: string;
  /** A waitlist offer's hold lasts as long as the offer; null for the usual hold. */
  endsAt: string | null;
}

async function writeHold(
  tx: Queryable,
  providerName: string,
  { caller, request, promoCode, offerId, settings }: HoldCall,
  { dateId, price, amount, description, endsAt }: NewHold,
): Promise<Prepared> {
  // Counted only here, where a new hold and intent are made; a refused hold rolls all of it back.
  const bookingId = randomId('bk');
  const [written] = await queryNamed<WrittenRow & Record<string, unknown>>(tx, WRITE, {
    uid: caller.uid,
    reason: 'replaced by a newer hold' satisfies ActionReason,
    lease: LEASE_SECONDS,
    customerKey: newHoldsKey(caller.uid),
    customerWindow: windowOf(settings.intentLimit),
    customerMax: settings.intentLimit.max,
    bookingId,
    dateId,
    priceId: price.id,
    partySize: request.metadata.partySize,
    quantity: request.quantity,
    amount,
    currency: price.currency,
    promoCode,
    provider: providerName,
    holdSeconds: settings.holdSeconds,
    endsAt,
    offerId,
    addressKey: `holds:ip:${settings.clientKey}`,
    addressMax: settings.addressLimit.max,
    addressWindow: windowOf(settings.addressLimit),
  });
  if (!written) throw new Error('the hold statement returned no row');
  const refused =
    overLimit([{ count: written.count, retryAfterSeconds: written.retry_after }], settings.intentLimit, TOO_MANY) ??
    overLimit([{ count: written.count_here, retryAfterSeconds: written.retry_after_here }], settings.addressLimit, TOO_MANY_HERE);
  if (refused) throw refused;
  return {
    bookingId,
    clientSecret: null,
    amount,
    total: amount,
    giftCards: [],
    currency: price.currency,
    expiresAt: written.expires_at ?? '',
    fresh: true,
    description,
    actions: written.cancels,
  };
}

// After the commit.

/** Statement 5: stores a new intent on its hold if still held, recording the cancellations' attempts. */
const ATTACH = named(`with recorded as (${RECORD_ATTEMPTS_SQL})
  update bookings set payment_intent_id = {intentId}, client_secret = {clientSecret}, updated_at = app_now()
   where id = {bookingId} and status = 'held' returning id`);

/** Gives up a hold whose intent could not be made, recording the cancellations' attempts. */
const GIVE_UP = named(`with recorded as (${RECORD_ATTEMPTS_SQL}) ${releaseHoldsSql('id = {bookingId}')}`);

/** Stores an intent, without its client secret, on a hold released while the intent was being made. */
const RECORD_INTENT = named(`update bookings set payment_intent_id = {intentId}, updated_at = app_now() where id = {bookingId}`);

/**
 * Makes the payment intent of a hold while the intents of the holds it replaced are cancelled (the
 * provider calls run side by side, after the commit), then stores the intent on the hold and records
 * the cancellations in one statement. Returns the client secret.
 */
async function makeIntent(
  db: Db,
  provider: PaymentProvider,
  caller: Caller,
  request: PaymentIntentRequest,
  prepared: Prepared,
  actions: readonly ClaimedAction[],
): Promise<string> {
  const { metadata } = request;
  const [attempts, made] = await Promise.all([
    attempt(provider, actions),
    provider
      .createIntent({
        payingFor: prepared.bookingId,
        amount: prepared.amount,
        currency: prepared.currency,
        description: prepared.description,
        email: caller.email,
        metadata: {
          paysFor: PAYMENT_FOR.booking,
          bookingId: prepared.bookingId,
          userId: caller.uid,
          dateId: metadata.dateId,
          calendar: metadata.calendar,
          partySize: String(metadata.partySize),
        },
      })
      .then(
        (intent) => ({ intent, error: null }),
        (error: unknown) => ({ intent: null, error }),
      ),
  ]);
  summarize(attempts);
  try {
    if (!made.intent) throw made.error;
    const stillHeld = await attachIntent(db, provider, prepared.bookingId, made.intent, attempts);
    if (!stillHeld) {
      // A newer hold of this customer replaced this one while its intent was being made.
      throw new DomainError('conflict', SESSION_ENDED);
    }
    return made.intent.clientSecret;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    await queryNamed(db, GIVE_UP, { bookingId: prepared.bookingId, ...recordParams(attempts) });
    console.error('payment provider failed to create an intent', { bookingId: prepared.bookingId, error });
    throw new DomainError('provider-down', PROVIDER_DOWN_MESSAGE);
  } finally {
    // A cancellation the provider refused for good goes to a person now, as the worker's would
    // (otherwise the worker finds it on its next round).
    await handOverLastTries(db, provider, attempts).catch((error: unknown) =>
      console.error('could not hand a refused cancellation to a person; the outbox worker will', error),
    );
  }
}

/**
 * Stores the new intent on its hold, recording `attempts` (the replaced holds' cancellations) in the
 * same statement. If the hold was released meanwhile (a newer hold of the same customer), the intent
 * is recorded without its client secret and cancelled, and false is returned.
 */
async function attachIntent(
  db: Db,
  provider: PaymentProvider,
  bookingId: string,
  intent: { id: string; clientSecret: string },
  attempts: readonly Attempt[],
) {
  const attached = await queryNamed(db, ATTACH, {
    bookingId,
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    ...recordParams(attempts),
  });
  if (attached.length > 0) return true;
  const cancel = await db.transaction(async (tx) => {
    await queryNamed(tx, RECORD_INTENT, { bookingId, intentId: intent.id });
    return enqueueAction(tx, { kind: 'cancel', bookingId, intentId: intent.id, reason: 'hold ended before its payment was ready' });
  });
  await afterCommit({ db, payments: provider }, { actions: cancel ? [cancel] : [] });
  return false;
}
