/**
 * Creating a payment intent: the amount is computed here, and the seats are held for a short
 * window so a date is never oversold. A customer holds one date at a time: a new hold releases
 * their others and cancels those payment intents at the provider (through the outbox), so the old
 * ones can never be paid.
 */
import type { Db, Queryable } from '../db/client.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { Caller } from '../identity.ts';
import type { PaymentIntentRequest } from '../../src/lib/schemas.ts';
import { orderTotal } from '../../src/lib/pricing.ts';
import { HttpError, randomId } from '../http.ts';
import { enqueueAction, enqueueActions, type ClaimedAction } from '../outbox/actions.ts';
import { carryOut } from '../outbox/worker.ts';
import { enforce, type Limit } from '../limits/rate-limit.ts';
import { lockDate, seatsLeft, takenSeats } from './seats.ts';
import { promoDiscount } from './promo.ts';
import { ensureUser } from '../users/store.ts';

export const BOOKINGS_CLOSED = 'Bookings for this date have closed. Please choose a later date.';
export const SESSION_ENDED = 'This payment session has ended. Please start checkout again.';

/** The hold's end as an ISO 8601 instant in UTC. */
const EXPIRES_AT = `to_char(hold_expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Stripe's smallest card charge in US dollars. */
const MINIMUM_CHARGE = 50;

export interface HoldSettings {
  holdSeconds: number;
  currency: string;
  /** Bookings close this many hours before a date starts. */
  cutoffHours: number;
  /** New holds a customer may create per window. */
  intentLimit: Limit;
}

interface PriceRow {
  id: string;
  product_id: string;
  nickname: string;
  unit_amount: number;
  currency: string;
  product_name: string;
}

interface HoldRow {
  id: string;
  price_id: string;
  quantity: number;
  promo_code: string | null;
  client_secret: string | null;
}

export interface Hold {
  bookingId: string;
  clientSecret: string;
  amount: number;
  currency: string;
  expiresAt: string;
  /** Whether this call took seats (false when it returned a hold the caller already had). */
  fresh: boolean;
}

type Prepared = Omit<Hold, 'clientSecret'> & { clientSecret: string | null; description: string; actions: ClaimedAction[] };

export async function createHold(
  db: Db,
  provider: PaymentProvider,
  caller: Caller,
  request: PaymentIntentRequest,
  settings: HoldSettings,
): Promise<Hold> {
  const { priceId, quantity, metadata } = request;
  const promoCode = request.promoCode?.trim().toUpperCase() || null;
  if (metadata.userId !== caller.uid) throw new HttpError(403, 'You may only book for yourself.');
  if (quantity !== metadata.partySize) {
    // A date id names a single day, so quantity is the party size times one day.
    throw new HttpError(400, 'Please specify a valid party size.');
  }
  const [live] = await db.query<{ id: string; client_secret: string; amount: number; currency: string; expires_at: string }>(
    `select id, client_secret, amount, currency, ${EXPIRES_AT} as expires_at from bookings
      where date_id = $1 and user_id = $2 and status = 'held' and hold_expires_at > now() and client_secret is not null
        and price_id = $3 and quantity = $4 and promo_code is not distinct from $5
      limit 1`,
    [metadata.dateId, caller.uid, priceId, quantity, promoCode],
  );
  if (live) {
    // The same request again (a reload, a double click): the hold and its payment stand.
    return {
      bookingId: live.id,
      clientSecret: live.client_secret,
      amount: live.amount,
      currency: live.currency,
      expiresAt: live.expires_at,
      fresh: false,
    };
  }
  await ensureUser(db, caller);

  const prepared = await db.transaction<Prepared>(async (tx) => {
    // One checkout at a time per customer, so two requests at once cannot leave two holds.
    await tx.query(`select uid from users where uid = $1 for no key update`, [caller.uid]);
    const date = await lockDate(tx, metadata.dateId, settings.cutoffHours);
    if (!date?.active || date.calendar !== metadata.calendar) {
      throw new HttpError(400, 'Please select a valid date for your tour.');
    }
    if (!date.open) throw new HttpError(400, BOOKINGS_CLOSED);
    const [price] = await tx.query<PriceRow & Record<string, unknown>>(
      `select pr.id, pr.product_id, pr.nickname, pr.unit_amount, pr.currency, p.name as product_name
         from prices pr join products p on p.id = pr.product_id
        where pr.id = $1 and pr.active and p.active`,
      [priceId],
    );
    if (!price) throw new HttpError(404, 'Product not found');
    if (price.product_id !== date.product_id || (date.price_id !== null && date.price_id !== price.id)) {
      throw new HttpError(400, 'This activity is not offered on the selected date.');
    }

    const [current] = await tx.query<HoldRow & Record<string, unknown>>(
      `select id, price_id, quantity, promo_code, client_secret from bookings
        where date_id = $1 and user_id = $2 and status = 'held' and hold_expires_at > now()
        order by created_at desc limit 1`,
      [date.id, caller.uid],
    );
    if (current && current.price_id === price.id && current.quantity === quantity && current.promo_code === promoCode) {
      // The same request again (a reload, a double click): keep the hold and its payment.
      return readHold(tx, current.id);
    }
    const actions = await releaseHolds(tx, caller.uid);

    const left = seatsLeft(date, await takenSeats(tx, date.id));
    if (left < metadata.partySize) {
      throw new HttpError(409, left === 0 ? 'Sorry, this date is fully booked.' : `Sorry, only ${left} spot(s) left on this date.`);
    }

    const discount = promoCode ? await promoDiscount(tx, promoCode, price.id, true) : null;
    const amount = orderTotal(price.unit_amount, quantity, discount);
    if (amount < MINIMUM_CHARGE) throw new HttpError(400, 'The order total is below the minimum card charge.');
    // Counted only here, where a new hold and intent are made; the count rolls back with a refused hold.
    await enforce(tx, [`intents:${caller.uid}`], settings.intentLimit, 'You have started checkout too many times.');

    const bookingId = randomId('bk');
    const [inserted] = await tx.query<{ expires_at: string }>(
      `insert into bookings (id, date_id, user_id, price_id, party_size, quantity, amount, currency, promo_code,
                             status, provider, hold_expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'held', $10, now() + make_interval(secs => $11))
       returning ${EXPIRES_AT} as expires_at`,
      [
        bookingId,
        date.id,
        caller.uid,
        price.id,
        metadata.partySize,
        quantity,
        amount,
        price.currency || settings.currency,
        promoCode,
        provider.name,
        settings.holdSeconds,
      ],
    );
    return {
      bookingId,
      clientSecret: null,
      amount,
      currency: price.currency || settings.currency,
      expiresAt: inserted?.expires_at ?? '',
      fresh: true,
      description: `${price.product_name}: ${price.nickname} x ${quantity}`,
      actions,
    };
  });

  const { description, actions, ...hold } = prepared;
  await carryOut(db, provider, actions);
  if (hold.clientSecret) return { ...hold, clientSecret: hold.clientSecret };

  try {
    const intent = await provider.createIntent({
      bookingId: prepared.bookingId,
      amount: prepared.amount,
      currency: prepared.currency,
      description,
      email: caller.email,
      metadata: { userId: caller.uid, dateId: metadata.dateId, calendar: metadata.calendar, partySize: String(metadata.partySize) },
    });
    const stillHeld = await attachIntent(db, provider, prepared.bookingId, intent);
    if (!stillHeld) {
      // A newer hold of this customer replaced this one while its intent was being made.
      throw new HttpError(409, SESSION_ENDED);
    }
    return { ...hold, clientSecret: intent.clientSecret };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    await db.query(`update bookings set status = 'released', updated_at = now() where id = $1 and status = 'held'`, [prepared.bookingId]);
    console.error('payment provider failed to create an intent', { bookingId: prepared.bookingId, error });
    throw new HttpError(502, 'Failed to create payment intent: the payment provider is unavailable. Please try again.');
  }
}

/**
 * Stores the new intent on its hold. If the hold was released meanwhile (a newer hold of the same
 * customer), the intent is recorded without its client secret and cancelled, and false is returned.
 */
async function attachIntent(db: Db, provider: PaymentProvider, bookingId: string, intent: { id: string; clientSecret: string }) {
  const attached = await db.query(
    `update bookings set payment_intent_id = $2, client_secret = $3, updated_at = now() where id = $1 and status = 'held' returning id`,
    [bookingId, intent.id, intent.clientSecret],
  );
  if (attached.length > 0) return true;
  const cancel = await db.transaction(async (tx) => {
    await tx.query(`update bookings set payment_intent_id = $2, updated_at = now() where id = $1`, [bookingId, intent.id]);
    return enqueueAction(tx, { kind: 'cancel', bookingId, intentId: intent.id, reason: 'hold ended before its payment was ready' });
  });
  await carryOut(db, provider, cancel ? [cancel] : []);
  return false;
}

/**
 * Releases every hold the customer has, on any date, and enqueues the cancellation of each one's
 * payment intent (lapsed holds included: their intents could still be paid). Returns the outbox rows.
 */
async function releaseHolds(tx: Queryable, uid: string): Promise<ClaimedAction[]> {
  const released = await tx.query<{ id: string; payment_intent_id: string | null }>(
    `update bookings set status = 'released', updated_at = now()
      where user_id = $1 and status = 'held'
      returning id, payment_intent_id`,
    [uid],
  );
  return enqueueActions(
    tx,
    released.flatMap((row) =>
      row.payment_intent_id
        ? [{ kind: 'cancel' as const, bookingId: row.id, intentId: row.payment_intent_id, reason: 'replaced by a newer hold' as const }]
        : [],
    ),
  );
}

async function readHold(tx: Queryable, bookingId: string): Promise<Prepared> {
  const [row] = await tx.query<{ client_secret: string | null; amount: number; currency: string; expires_at: string; description: string }>(
    `select b.client_secret, b.amount, b.currency, ${EXPIRES_AT} as expires_at,
            p.name || ': ' || pr.nickname || ' x ' || b.quantity as description
       from bookings b join prices pr on pr.id = b.price_id join products p on p.id = pr.product_id
      where b.id = $1`,
    [bookingId],
  );
  if (!row) throw new Error(`hold ${bookingId} vanished inside its transaction`);
  return {
    bookingId,
    clientSecret: row.client_secret,
    amount: row.amount,
    currency: row.currency,
    expiresAt: row.expires_at,
    fresh: false,
    description: row.description,
    actions: [],
  };
}
