/**
 * A customer's waits: joining the waitlist of a full date with a party of 1 to 4 (and, if they
 * like, a nearby date), leaving it (which declines an offer standing), and their waits as My
 * Bookings lists them, each with its honest place in line. The console reads a date's whole list.
 */
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { randomId } from '../http.ts';
import type { Caller } from '../identity.ts';
import type { AfterCommit } from '../commit-effects.ts';
import { lockDate, lockDates, takenSeats } from '../bookings/seats.ts';
import { BOOKINGS_CLOSED } from '../bookings/holds.ts';
import { NO_DATE_MESSAGE } from '../../shared/contract/messages.ts';
import { spotsLabel } from '../../shared/rules/availability.ts';
import { seatsLeft } from '../../shared/rules/seat-rules.ts';
import { placeInLine, type WaitEntry } from '../../shared/rules/waitlist.ts';
import { asEntry, lineColumns, withinAWeekSql, type LineRow } from './line.ts';
import type { OfferCheckoutAnswer, WaitlistEntryAnswer } from '../../shared/contract/waitlist.ts';
import type { WaitlistRowAnswer } from '../../shared/contract/waitlist.ts';
import { releaseOfferHolds } from './offers.ts';
import { enqueueMail } from '../mail/mail-outbox.ts';
import { iso } from '../db/instant.ts';
import { memberName } from '../../shared/rules/party.ts';
import { named, queryNamed } from '../db/named-sql.ts';
import { SAVE_USER_SQL, userParams } from '../users/store.ts';
import { requireReady } from '../users/readiness.ts';

const SAVE_USER = named(SAVE_USER_SQL);

export const ALREADY_BOOKED = 'You are already booked on this date.';
export const WAIT_NOT_FOUND = 'This wait was not found.';
export const OFFER_NOT_FOUND = 'This offer was not found.';

export interface JoinRequest {
  dateId: string;
  priceId: string;
  partySize: number;
  nearby: boolean;
}

/**
 * Puts the caller's party in line for a date that has no seats for it, if they have what a booking
 * needs (a profile, the survey and the current waiver; refused as a checkout hold is otherwise).
 * Asking again (a double click, a changed party size or nearby choice) keeps the place in line and
 * updates the wait. A new wait is confirmed by e-mail, written with it.
 */
export async function joinWaitlist(
  db: Db,
  caller: Caller,
  request: JoinRequest,
  { cutoffHours, waiverVersion }: { cutoffHours: number; waiverVersion: string },
): Promise<{ entryId: string; after: AfterCommit }> {
  // Before any lock: a place in line is for a customer who could ride, as a seat hold is.
  await requireReady(db, caller.uid, waiverVersion);
  return db.transaction(async (tx) => {
    const date = await lockDate(tx, request.dateId, cutoffHours);
    if (!date?.active) throw new DomainError('invalid', NO_DATE_MESSAGE);
    if (!date.open) throw new DomainError('invalid', BOOKINGS_CLOSED);
    const [price] = await tx.query<{ id: string }>(
      `select id from prices where id = $1 and active and product_id = $2 and ($3::text is null or id = $3)`,
      [request.priceId, date.product_id, date.price_id],
    );
    if (!price) throw new DomainError('invalid', 'This activity is not offered on the selected date.');
    const [booked] = await tx.query(
      `select 1 from bookings b where b.date_id = $1 and b.status = 'paid'
          and (b.user_id = $2 or exists (select 1 from booking_members m where m.booking_id = b.id and m.user_id = $2))`,
      [request.dateId, caller.uid],
    );
    if (booked) throw new DomainError('conflict', ALREADY_BOOKED);
    const [standing] = await tx.query<{ id: string }>(
      `update waitlist_entries set party_size = $3, nearby = $4, price_id = $5
        where date_id = $1 and user_id = $2 and status = 'waiting' returning id`,
      [request.dateId, caller.uid, request.partySize, request.nearby, request.priceId],
    );
    if (standing) return { entryId: standing.id, after: {} };
    const left = seatsLeft(date, await takenSeats(tx, date.id));
    if (left >= request.partySize) throw new DomainError('conflict', `This date still has ${spotsLabel(left)}: you can book it now.`);
    const entryId = randomId('wl');
    await queryNamed(tx, SAVE_USER, userParams(caller));
    const inserted = await tx.query<{ id: string }>(
      `insert into waitlist_entries (id, date_id, user_id, price_id, party_size, nearby) values ($1, $2, $3, $4, $5, $6)
       on conflict (date_id, user_id) where status in ('waiting', 'offered') do nothing returning id`,
      [entryId, request.dateId, caller.uid, request.priceId, request.partySize, request.nearby],
    );
    if (inserted.length > 0) {
      await enqueueMail(tx, [
        { kind: 'waitlist-joined', eventKey: entryId, recipientUid: caller.uid, bookingId: null, facts: { entryId } },
      ]);
      return { entryId, after: { mailWritten: true } };
    }
    // Their wait already stands with an offer: it is the one they have.
    const [offered] = await tx.query<{ id: string }>(
      `select id from waitlist_entries where date_id = $1 and user_id = $2 and status = 'offered'`,
      [request.dateId, caller.uid],
    );
    return { entryId: offered?.id ?? entryId, after: {} };
  });
}

/**
 * The caller leaves a waitlist. A standing offer is declined: its seats go back and, after the
 * commit, to the next in line. Leaving twice does nothing more.
 */
export async function leaveWaitlist(db: Db, caller: Caller, entryId: string): Promise<{ left: boolean; after: AfterCommit }> {
  return db.transaction(async (tx) => {
    // Locks in the order a payment takes them: the dates first (the entry's, and those of its open
    // offers, which a payment of the offer locks), then the offers, then the entry.
    const dates = await tx.query<{ date_id: string }>(
      `select date_id from waitlist_entries where id = $1 union select date_id from waitlist_offers where entry_id = $1 and status = 'open'`,
      [entryId],
    );
    await lockDates(
      tx,
      dates.map((row) => row.date_id),
    );
    await tx.query(`select id from waitlist_offers where entry_id = $1 and status = 'open' order by id for update`, [entryId]);
    const [entry] = await tx.query<{ user_id: string; status: string }>(
      `select user_id, status from waitlist_entries where id = $1 for update`,
      [entryId],
    );
    if (!entry || entry.user_id !== caller.uid) throw new DomainError('not-found', WAIT_NOT_FOUND);
    if (entry.status !== 'waiting' && entry.status !== 'offered') return { left: false, after: {} };
    const declined = await tx.query<{ id: string; date_id: string }>(
      `update waitlist_offers set status = 'declined', ended_at = app_now() where entry_id = $1 and status = 'open' returning id, date_id`,
      [entryId],
    );
    const actions = await releaseOfferHolds(
      tx,
      declined.map((offer) => offer.id),
      'waitlist offer declined',
    );
    await tx.query(`update waitlist_entries set status = 'left', ended_at = app_now() where id = $1`, [entryId]);
    return { left: true, after: { actions, seatsChanged: declined.length > 0, freedDates: declined.map((offer) => offer.date_id) } };
  });
}

/** The entries in line for any of `dateIds` (or near them), as the place-in-line rule reads them. */
async function lineOf(db: Queryable, dateIds: readonly string[]): Promise<WaitEntry[]> {
  if (dateIds.length === 0) return [];
  const rows = await db.query<LineRow & Record<string, unknown>>(
    `select ${lineColumns('d')}
       from waitlist_entries e join calendar_dates d on d.id = e.date_id
      where e.status in ('waiting', 'offered')
        and exists (select 1 from calendar_dates t where t.id = any($1::text[]) and ${withinAWeekSql('t', 'd')})`,
    [dateIds],
  );
  return rows.map(asEntry);
}

interface WaitRow {
  id: string;
  date_id: string;
  calendar: string;
  starts_at: Date | string;
  title: string;
  party_size: number;
  nearby: boolean;
  joined_at: Date | string;
  status: 'waiting' | 'offered';
  offer_id: string | null;
  offer_date_id: string | null;
  offer_starts_at: Date | string | null;
  offer_expires_at: Date | string | null;
  offer_amount: number | null;
  offer_currency: string | null;
}

const WAITS = `select e.id, e.date_id, d.calendar, d.starts_at, coalesce(dp.nickname, pr.nickname) as title, e.party_size, e.nearby,
         e.joined_at, e.status,
         o.id as offer_id, o.date_id as offer_date_id, od.starts_at as offer_starts_at, o.expires_at as offer_expires_at,
         o.unit_amount * o.seats as offer_amount, o.currency as offer_currency
    from waitlist_entries e
    join calendar_dates d on d.id = e.date_id
    join prices pr on pr.id = e.price_id
    left join prices dp on dp.id = d.price_id
    left join waitlist_offers o on o.entry_id = e.id and o.status = 'open' and o.expires_at > app_now()
    left join calendar_dates od on od.id = o.date_id`;

/** The caller's waits still standing, soonest date first, each with its place in line. */
export async function myWaits(db: Queryable, uid: string): Promise<WaitlistEntryAnswer[]> {
  const rows = await db.query<WaitRow & Record<string, unknown>>(
    `${WAITS} where e.user_id = $1 and e.status in ('waiting', 'offered') and d.starts_at > app_now() order by d.starts_at`,
    [uid],
  );
  const line = await lineOf(
    db,
    rows.map((row) => row.date_id),
  );
  return rows.map((row) => {
    const own = line.find((entry) => entry.id === row.id);
    return {
      id: row.id,
      dateId: row.date_id,
      calendar: row.calendar,
      title: row.title,
      startsAt: iso(row.starts_at),
      partySize: row.party_size,
      nearby: row.nearby,
      joinedAt: iso(row.joined_at),
      place: own ? placeInLine(own, line) : 1,
      offer:
        row.offer_id && row.offer_date_id && row.offer_starts_at && row.offer_expires_at
          ? {
              id: row.offer_id,
              dateId: row.offer_date_id,
              startsAt: iso(row.offer_starts_at),
              expiresAt: iso(row.offer_expires_at),
              amount: row.offer_amount ?? 0,
              currency: row.offer_currency ?? 'usd',
            }
          : null,
    };
  });
}

/** A date's waitlist for the console: who, how many, since when, and the offers made with their state, in line order. */
export async function waitlistOfDate(db: Queryable, dateId: string): Promise<WaitlistRowAnswer[]> {
  const rows = await db.query<{
    id: string;
    user_id: string;
    display_name: string | null;
    email: string | null;
    party_size: number;
    nearby: boolean;
    joined_at: Date | string;
    status: string;
    offers: { state: string; seats: number; madeAt: string; endsAt: string; outOfOrder: string | null; dateId: string }[];
  }>(
    `select e.id, e.user_id, u.display_name, u.email, e.party_size, e.nearby, e.joined_at, e.status,
            coalesce((select json_agg(json_build_object('state', o.status, 'seats', o.seats, 'madeAt', o.created_at, 'endsAt', o.expires_at,
                                                        'outOfOrder', o.out_of_order_reason, 'dateId', o.date_id) order by o.created_at)
                        from waitlist_offers o where o.entry_id = e.id), '[]'::json) as offers
       from waitlist_entries e join users u on u.uid = e.user_id
      where e.date_id = $1 or exists (select 1 from waitlist_offers o where o.entry_id = e.id and o.date_id = $1)
      order by e.joined_at, e.id`,
    [dateId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: memberName(row.display_name, row.email),
    email: row.email ?? '',
    partySize: row.party_size,
    nearby: row.nearby,
    joinedAt: iso(row.joined_at),
    status: row.status as WaitlistRowAnswer['status'],
    offers: row.offers.map((offer) => ({
      state: offer.state as WaitlistRowAnswer['offers'][number]['state'],
      seats: offer.seats,
      madeAt: iso(offer.madeAt),
      endsAt: iso(offer.endsAt),
      outOfOrder: offer.outOfOrder,
      elsewhere: offer.dateId !== dateId,
    })),
  }));
}

/** The open offers of the date in `after` that were not in `before`: those an action made, by whom they went to. */
export function offersMadeBetween(before: readonly WaitlistRowAnswer[], after: readonly WaitlistRowAnswer[]) {
  const key = (row: WaitlistRowAnswer, offer: WaitlistRowAnswer['offers'][number]) => `${row.id}/${offer.madeAt}`;
  const known = new Set(before.flatMap((row) => row.offers.map((offer) => key(row, offer))));
  return after.flatMap((row) =>
    row.offers
      .filter((offer) => offer.state === 'open' && !offer.elsewhere && !known.has(key(row, offer)))
      .map((offer) => ({ name: row.name, seats: offer.seats, endsAt: offer.endsAt })),
  );
}

/** One of the caller's offers, as checkout opens on it: the date, the price when offered, the party and when it ends. */
export async function offerForCheckout(db: Queryable, uid: string, offerId: string): Promise<OfferCheckoutAnswer> {
  const [offer] = await db.query<{
    id: string;
    user_id: string;
    status: OfferCheckoutAnswer['state'];
    date_id: string;
    calendar: string;
    product_id: string;
    price_id: string;
    title: string;
    starts_at: Date | string;
    expires_at: Date | string;
    seats: number;
    unit_amount: number;
    currency: string;
    ended: boolean;
  }>(
    `select o.id, o.user_id, o.status, o.date_id, d.calendar, pr.product_id, o.price_id, pr.nickname as title, d.starts_at, o.expires_at,
            o.seats, o.unit_amount, o.currency, o.expires_at <= app_now() as ended
       from waitlist_offers o join calendar_dates d on d.id = o.date_id join prices pr on pr.id = o.price_id
      where o.id = $1`,
    [offerId],
  );
  if (!offer || offer.user_id !== uid) throw new DomainError('not-found', OFFER_NOT_FOUND);
  return {
    id: offer.id,
    // An open offer whose time is up has lapsed, whether or not the sweep has marked it yet.
    state: offer.status === 'open' && offer.ended ? 'lapsed' : offer.status,
    dateId: offer.date_id,
    calendar: offer.calendar,
    productId: offer.product_id,
    priceId: offer.price_id,
    title: offer.title,
    startsAt: iso(offer.starts_at),
    expiresAt: iso(offer.expires_at),
    partySize: offer.seats,
    amount: offer.unit_amount * offer.seats,
    currency: offer.currency,
  };
}
