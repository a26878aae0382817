/**
 * Offers to the waitlist. Seats that come free on a date (a cancellation, a move away, a lapsed hold
 * or offer, a capacity raised) are offered to the first entries in line whose whole party fits
 * (shared/rules/waitlist.ts). An offer is a seat hold: a `bookings` row held until the offer ends,
 * with no payment yet, made while the date's row is locked, so an offer and a checkout decide the
 * last seats one at a time and a free seat is offered once, however many API instances sweep. The
 * customer's checkout on the offer pays that very hold (api/bookings/holds.ts).
 */
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { randomId } from '../http.ts';
import { named, queryNamed } from '../db/named-sql.ts';
import { countHitSql, newHoldsKey, windowOf, type Limit } from '../limits/rate-limit.ts';
import { enqueueMail, type MailRequest } from '../mail/mail-outbox.ts';
import type { MailKind } from '../mail/message-types.ts';
import type { ClaimedAction } from '../payment-outbox/actions.ts';
import { insertHoldSql, releaseHolds } from '../bookings/seat-holds.ts';
import { lockDate, takenSeats, type LockedDate } from '../bookings/seats.ts';
import { seatsTakenSql } from '../bookings/seat-sql.ts';
import { activityOf, asEntry, lineColumns, withinAWeekSql, type LineRow } from './line.ts';
import { recordAction } from '../record/operator-actions.ts';
import type { Caller } from '../identity.ts';
import type { AfterCommit } from '../commit-effects.ts';
import { missingFrom, READINESS_COLUMNS, READINESS_JOIN, type ReadinessRow } from '../users/readiness.ts';
import { memberName } from '../../shared/rules/party.ts';
import { closingTime, PRIVATE_TOUR_CALENDAR, seatsLeft } from '../../shared/rules/seat-rules.ts';
import {
  inLineOrder,
  offerEnds,
  offersFor,
  waitsFor,
  LATE_OFFER_MINUTES,
  type FreedDate,
  type WaitEntry,
} from '../../shared/rules/waitlist.ts';
import { clockNow } from '../clock.ts';

export interface OfferSettings {
  /** Bookings close this many hours before a date starts; no offer is made after. */
  cutoffHours: number;
  /** The payment provider's name, recorded on the hold as on any checkout hold. */
  provider: string;
  /** The waiver version in force: an entry whose customer is not ready to book is passed over, keeping its place. */
  waiverVersion: string;
  /**
   * New holds a customer may make per window: an offer is one, and a customer who has made as many
   * is passed over, keeping their place.
   */
  holdLimit: Limit;
}

/** The ending reminder goes this long before an offer ends, for offers long enough to need one. */
const REMINDER_BEFORE_MS = LATE_OFFER_MINUTES * 60_000;

/** A date whose seats an entry may be offered: the date itself, locked, and its start and activity. */
interface OfferDate extends LockedDate {
  activity: string;
}

async function lockOfferDate(tx: Queryable, dateId: string, cutoffHours: number): Promise<OfferDate | undefined> {
  const date = await lockDate(tx, dateId, cutoffHours);
  return date && { ...date, activity: activityOf(date) };
}

const freedOf = (date: OfferDate): FreedDate => ({ id: date.id, startsAt: new Date(date.starts_at).getTime(), activity: date.activity });

/** An entry in line, with the customer whose readiness decides whether it is offered seats. */
type Waiting = WaitEntry & { userId: string };

/**
 * The entries waiting that could take seats on `dateId`, locked: those of the date, and those of
 * the same kind of day within a week that take a nearby date, in line order. An offer is a seat
 * hold and follows a hold's rules: it leaves out a customer who booked the date, one who holds
 * seats anywhere now (a checkout's or an offer's: one date at a time), and one who has made as many
 * new holds as allowed. (Whether each customer has completed what a booking needs is asked of the
 * entries in turn: readyAmong.)
 */
async function lockWaitingFor(tx: Queryable, date: OfferDate, { holdLimit }: OfferSettings): Promise<Waiting[]> {
  // The customers passed over are gathered once, each kind by its own index, rather than looked up
  // entry by entry: the cost stays that of a few index reads however long the line.
  const rows = await tx.query<LineRow & Record<string, unknown>>(
    `with passed_over as (
       select b.user_id from bookings b where b.date_id = $1 and b.status = 'paid'
       union all
       select b.user_id from bookings b where b.status = 'held' and b.hold_expires_at > app_now()
       union all
       select o.user_id from waitlist_offers o where o.status = 'open'
       union all
       select substr(r.key, length($2) + 1) from rate_limits r
        where r.window_start = to_timestamp(floor(extract(epoch from app_now()) / $4) * $4) and starts_with(r.key, $2) and r.count >= $3
     )
     select ${lineColumns('ed')}
       from waitlist_entries e join calendar_dates ed on ed.id = e.date_id join calendar_dates d on d.id = $1
      where e.status = 'waiting'
        and (e.date_id = $1 or (e.nearby and ${withinAWeekSql('ed', 'd')}))
        and e.user_id not in (select user_id from passed_over)
        and exists (select 1 from prices pr where pr.id = e.price_id and pr.active and pr.product_id = d.product_id
                     and (d.price_id is null or pr.id = d.price_id))
      order by e.joined_at, e.id
        for update of e`,
    [date.id, newHoldsKey(''), holdLimit.max, windowOf(holdLimit)],
  );
  // A customer waiting twice for these seats (for the date, and for another nearby) is in line once, at their first place.
  const seen = new Set<string>();
  return inLineOrder(rows.map((row) => ({ ...asEntry(row), userId: row.user_id })))
    .filter((entry) => waitsFor(entry, freedOf(date)))
    .filter((entry) => !seen.has(entry.userId) && Boolean(seen.add(entry.userId)));
}

/**
 * The entries whose customers have completed what a booking needs (a profile, the survey, the
 * current waiver); the others are passed over, keeping their place.
 */
async function readyAmong(tx: Queryable, entries: readonly Waiting[], waiverVersion: string): Promise<Waiting[]> {
  if (entries.length === 0) return [];
  const rows = await tx.query<ReadinessRow & { uid: string } & Record<string, unknown>>(
    `select u.uid, ${READINESS_COLUMNS} from users u ${READINESS_JOIN} where u.uid = any($1::text[])`,
    [entries.map((entry) => entry.userId)],
  );
  const ready = new Set(rows.filter((row) => missingFrom(row, waiverVersion).length === 0).map((row) => row.uid));
  return entries.filter((entry) => ready.has(entry.userId));
}

/** How many entries' readiness is read at once: enough for the seats a cancellation frees, most times in one read. */
const READINESS_BATCH = 10;

/**
 * The entries of `line` (in line order) offered `free` seats: those whose customers are ready, by
 * the waitlist's rule. Readiness (a customer's whole profile and signature) is read a few entries at
 * a time, from the front, only until the seats are all offered.
 */
async function offersToReady(tx: Queryable, date: OfferDate, free: number, line: readonly Waiting[], waiverVersion: string) {
  const ready: Waiting[] = [];
  let offered: Waiting[] = [];
  for (let start = 0; start < line.length; start += READINESS_BATCH) {
    ready.push(...(await readyAmong(tx, line.slice(start, start + READINESS_BATCH), waiverVersion)));
    offered = offersFor(freedOf(date), free, ready);
    if (offered.reduce((seats, entry) => seats + entry.partySize, 0) >= free) break;
  }
  return offered;
}

/** The entry's offer and its seat hold, at the price the entry waits for as it is sold now (see writeOffer). */
const WRITE_OFFER = named(`with price as (
    select pr.id as price_id, pr.unit_amount, pr.currency
      from waitlist_entries e join prices pr on pr.id = e.price_id and pr.active and pr.product_id = {productId}
     where e.id = {entryId} and ({datePriceId}::text is null or pr.id = {datePriceId})
  ), entry as (
    update waitlist_entries set status = 'offered'
     where id = {entryId} and status = 'waiting' and exists (select 1 from price) returning user_id
  ), offer as (
    insert into waitlist_offers (id, entry_id, date_id, user_id, seats, price_id, unit_amount, currency, expires_at, out_of_order_reason)
    select {offerId}, {entryId}, {dateId}, entry.user_id, {seats}, price.price_id, price.unit_amount, price.currency, {endsAt}, {outOfOrderReason}
      from entry, price
    returning user_id
  ), hold as (
    ${insertHoldSql(
      {
        id: '{holdId}',
        date_id: '{dateId}',
        user_id: 'offer.user_id',
        price_id: 'price.price_id',
        party_size: '{seats}',
        quantity: '{seats}',
        amount: 'price.unit_amount * {seats}',
        currency: 'price.currency',
        provider: '{provider}',
        until: '{endsAt}',
        waitlist_offer: '{offerId}',
      },
      'offer, price',
    )}
  )
  select user_id from offer`);

/**
 * Writes one offer on the locked `date`: the entry marked offered, the offer at the price it waits
 * for (its amount now), and its seat hold until `endsAt`, in one statement; then its messages (the
 * offer now; for a long offer, a reminder before it ends). Null when the entry no longer waits or its
 * price is no longer sold.
 */
async function writeOffer(
  tx: Queryable,
  date: OfferDate,
  entry: WaitEntry,
  endsAt: Date,
  settings: OfferSettings,
  outOfOrderReason: string | null = null,
): Promise<string | null> {
  const offerId = randomId('wo');
  const holdId = randomId('bk');
  const [entryRow] = await queryNamed<{ user_id: string }>(tx, WRITE_OFFER, {
    entryId: entry.id,
    productId: date.product_id,
    datePriceId: date.price_id,
    offerId,
    holdId,
    dateId: date.id,
    seats: entry.partySize,
    endsAt,
    outOfOrderReason,
    provider: settings.provider,
  });
  if (!entryRow) return null;
  await tx.query(countHitSql('$1', '$2::int'), [newHoldsKey(entryRow.user_id), windowOf(settings.holdLimit)]);
  const messages: MailRequest[] = [
    { kind: 'waitlist-offer', eventKey: offerId, recipientUid: entryRow.user_id, bookingId: holdId, facts: { offerId } },
  ];
  const remindAt = endsAt.getTime() - REMINDER_BEFORE_MS;
  if (remindAt - clockNow().getTime() >= REMINDER_BEFORE_MS) {
    messages.push({
      kind: 'waitlist-offer-ending',
      eventKey: offerId,
      recipientUid: entryRow.user_id,
      bookingId: holdId,
      dueAt: new Date(remindAt),
      facts: { offerId },
    });
  }
  await enqueueMail(tx, messages);
  return offerId;
}

/** When an offer made now on `date` ends; null once its bookings have closed. */
function endOfOffer(date: OfferDate, cutoffHours: number, now: number): Date | null {
  const startsAt = new Date(date.starts_at).getTime();
  const ends = offerEnds(now, startsAt, closingTime(startsAt / 1000, cutoffHours) * 1000);
  return ends === null ? null : new Date(ends);
}

/** Offers the free seats of one date, locked for the decision, to the entries in line that fit. Returns the offers made. */
async function offerSeatsOf(db: Db, dateId: string, settings: OfferSettings): Promise<number> {
  return db.transaction(async (tx) => {
    const date = await lockOfferDate(tx, dateId, settings.cutoffHours);
    if (!date?.open) return 0;
    const endsAt = endOfOffer(date, settings.cutoffHours, clockNow().getTime());
    if (!endsAt) return 0;
    const free = seatsLeft(date, await takenSeats(tx, date.id));
    if (free <= 0) return 0;
    const chosen = await offersToReady(tx, date, free, await lockWaitingFor(tx, date, settings), settings.waiverVersion);
    // A private day tour is one party's, however many seats it has.
    const offered = date.calendar === PRIVATE_TOUR_CALENDAR ? chosen.slice(0, 1) : chosen;
    let made = 0;
    for (const entry of offered) if (await writeOffer(tx, date, entry, endsAt, settings)) made += 1;
    return made;
  });
}

/** Offers the free seats of the dates a change freed, and of those alone (the sweep looks at the rest); returns the offers made. */
export async function offerSeatsOn(db: Db, dateIds: readonly string[], settings: OfferSettings): Promise<number> {
  let made = 0;
  for (const dateId of new Set(dateIds)) made += await offerSeatsOf(db, dateId, settings);
  return made;
}

/**
 * Ends the open offers whose time is up and that no booking took (the entries lapse: the seats go
 * to the next in line at once), in the transaction of the sweep that released their holds, claiming
 * them with `skip locked` so two instances end each once; each party is told in the same transaction.
 */
export async function lapseOffers(tx: Queryable): Promise<AfterCommit> {
  const lapsed = await tx.query<{ id: string; user_id: string; date_id: string }>(LAPSE);
  if (lapsed.length === 0) return {};
  await tellOfOffers(tx, 'waitlist-offer-lapsed', lapsed);
  return { mailWritten: true, seatsChanged: true, freedDates: lapsed.map((offer) => offer.date_id) };
}

const LAPSE = `with due as (
       select o.id, o.entry_id from waitlist_offers o
        where o.status = 'open' and o.expires_at <= app_now()
          and not exists (select 1 from bookings b where b.waitlist_offer = o.id
                           and (b.status = 'paid' or (b.status = 'held' and b.hold_expires_at > app_now())))
        for update skip locked
     ), ended as (
       update waitlist_offers o set status = 'lapsed', ended_at = app_now() from due where o.id = due.id
       returning o.id, o.user_id, o.date_id
     ), entries as (
       update waitlist_entries e set status = 'lapsed', ended_at = app_now() from due where e.id = due.entry_id and e.status = 'offered'
     )
     select id, user_id, date_id from ended`;

/**
 * The waitlist's round, run by every API instance on a timer: each open date with free seats and
 * someone waiting for it (or near it) is offered. Seats freed by a request or by the sweep of lapsed
 * holds are offered at once, after the commit; this round finds the rest (a capacity raised, an
 * offer that could not be made then). Returns how many offers were made.
 */
export async function offerFreedSeats(db: Db, settings: OfferSettings): Promise<{ offered: number }> {
  const dates = await db.query<{ id: string }>(
    `with wanted as (
       select e.date_id as id from waitlist_entries e where e.status = 'waiting'
       union
       select d.id from waitlist_entries e join calendar_dates ed on ed.id = e.date_id
         join calendar_dates d on ${withinAWeekSql('d', 'ed')}
        where e.status = 'waiting' and e.nearby
     )
     select d.id from wanted join calendar_dates d on d.id = wanted.id
      where d.active and d.starts_at > app_now() and d.capacity > ${seatsTakenSql('d.id')}
      order by d.starts_at`,
  );
  let offered = 0;
  for (const { id } of dates) offered += await offerSeatsOf(db, id, settings);
  return { offered };
}

export const NOT_WAITING = 'This party is no longer waiting for this date.';
export const NOT_ENOUGH_SEATS =
  'Not enough seats for this party: the free seats and those held for parties who have not started to pay are too few.';

/**
 * An operator offers a date's seats to an entry out of order, with a reason, recorded like every
 * operator action: the seats free now, or taken back from offers nobody has started to pay. The
 * entry must be waiting for this date.
 */
export async function offerOutOfOrder(
  db: Db,
  operator: Caller,
  { dateId, entryId, reason }: { dateId: string; entryId: string; reason: string },
  settings: OfferSettings,
): Promise<{ offerId: string; takenBackFrom: string[]; after: AfterCommit }> {
  const why = reason.trim();
  if (!why) throw new DomainError('invalid', 'A reason is required.');
  return db.transaction(async (tx) => {
    const date = await lockOfferDate(tx, dateId, settings.cutoffHours);
    if (!date) throw new DomainError('not-found', `No date ${dateId}`);
    const endsAt = date.open ? endOfOffer(date, settings.cutoffHours, clockNow().getTime()) : null;
    if (!endsAt) throw new DomainError('conflict', 'Bookings for this date have closed, so no offer can be made.');
    const waiting = (await lockWaitingFor(tx, date, settings)).find((candidate) => candidate.id === entryId);
    const [entry] = waiting ? await readyAmong(tx, [waiting], settings.waiverVersion) : [];
    if (!entry) throw new DomainError('conflict', NOT_WAITING);
    const { retaken, actions } = await makeRoomFor(tx, date, entry);
    const offerId = await writeOffer(tx, date, entry, endsAt, settings, why);
    if (!offerId) throw new DomainError('conflict', NOT_WAITING);
    const [party] = await tx.query<{ display_name: string | null; email: string | null }>(
      `select u.display_name, u.email from waitlist_entries e join users u on u.uid = e.user_id where e.id = $1`,
      [entryId],
    );
    await recordAction(tx, operator, {
      action: 'offer waitlist seats',
      subject: `date ${dateId}`,
      dateId,
      reason: why,
      before: { offersTakenBack: retaken.length },
      after: { to: memberName(party?.display_name ?? null, party?.email ?? null), seats: entry.partySize, endsAt: endsAt.toISOString() },
    });
    const takenBackFrom = await namesOf(
      tx,
      retaken.map((offer) => offer.user_id),
    );
    return { offerId, takenBackFrom, after: { actions, seatsChanged: true, mailWritten: true } };
  });
}

/** The people `uids` name, by name (their e-mail when they gave none), in the same order. */
async function namesOf(tx: Queryable, uids: readonly string[]): Promise<string[]> {
  if (uids.length === 0) return [];
  const rows = await tx.query<{ uid: string; display_name: string | null; email: string | null }>(
    `select uid, display_name, email from users where uid = any($1::text[])`,
    [uids],
  );
  const names = new Map(rows.map((row) => [row.uid, memberName(row.display_name, row.email)]));
  return uids.map((uid) => names.get(uid) ?? 'a party');
}

/**
 * Makes room on the locked `date` for `entry`'s party: the seats free now, and if they are too few,
 * the seats of open offers nobody has started to pay, newest first, taken back as far as needed.
 * Those parties wait again in their place and are told. Refuses (409) when even that is not enough.
 */
async function makeRoomFor(
  tx: Queryable,
  date: OfferDate,
  entry: WaitEntry,
): Promise<{ retaken: { id: string; user_id: string }[]; actions: ClaimedAction[] }> {
  const unpaid = await tx.query<{ id: string; entry_id: string; user_id: string }>(
    `select o.id, o.entry_id, o.user_id from waitlist_offers o
      where o.date_id = $1 and o.status = 'open' and o.entry_id <> $2
        and not exists (select 1 from bookings b where b.waitlist_offer = o.id and b.client_secret is not null and b.status in ('held', 'paid'))
      order by o.created_at desc, o.id desc
        for update of o`,
    [date.id, entry.id],
  );
  const retaken: typeof unpaid = [];
  const actions: ClaimedAction[] = [];
  while (seatsLeft(date, await takenSeats(tx, date.id)) < entry.partySize) {
    const offer = unpaid.shift();
    if (!offer) throw new DomainError('conflict', NOT_ENOUGH_SEATS);
    actions.push(...(await withdrawOffers(tx, [offer.id], 'offer taken back by the office')));
    retaken.push(offer);
  }
  await tellOfOffers(tx, 'waitlist-offer-withdrawn', retaken);
  return { retaken, actions };
}

/** Writes one message of `kind` about each offer to its party. */
function tellOfOffers(tx: Queryable, kind: MailKind, offers: readonly { id: string; user_id: string }[]): Promise<number> {
  return enqueueMail(
    tx,
    offers.map((offer): MailRequest => ({
      kind,
      eventKey: offer.id,
      recipientUid: offer.user_id,
      bookingId: null,
      facts: { offerId: offer.id },
    })),
  );
}

type OfferEndedReason =
  'waitlist offer declined' | 'offer withdrawn: booked another way' | 'offer taken back by the office' | 'date called off by the company';

/**
 * Withdraws open offers (`offerIds`) before anyone paid them: the entries they were made to wait
 * again in their place, and their seat holds are released. Returns the holds' intents' cancellations.
 */
async function withdrawOffers(tx: Queryable, offerIds: readonly string[], why: OfferEndedReason): Promise<ClaimedAction[]> {
  if (offerIds.length === 0) return [];
  await tx.query(
    `with withdrawn as (
       update waitlist_offers set status = 'withdrawn', ended_at = app_now() where id = any($1::text[]) and status = 'open' returning entry_id
     )
     update waitlist_entries set status = 'waiting' where id in (select entry_id from withdrawn) and status = 'offered'`,
    [offerIds],
  );
  return releaseOfferHolds(tx, offerIds, why);
}

/** Releases the seat holds of offers (`offerIds`) that end before anyone paid them; returns their intents' cancellations. */
export async function releaseOfferHolds(tx: Queryable, offerIds: readonly string[], why: OfferEndedReason): Promise<ClaimedAction[]> {
  if (offerIds.length === 0) return [];
  return (await releaseHolds(tx, { ofOffers: offerIds }, why)).cancels;
}

/**
 * A customer booked a date (paid, or moved onto it): the offer they paid is accepted, their waits
 * for the date end, and any other offer of theirs on it is withdrawn with its hold released (the
 * entry it was made to waits again), its seats for the next in line. Runs in the transaction that
 * records the booking.
 */
export async function endWaitsOnBooking(tx: Queryable, booking: { id: string; user_id: string; date_id: string }): Promise<AfterCommit> {
  // One statement: the offer the booking paid is accepted, the customer's waits for the date end, and
  // their other open offers on it are locked to be withdrawn.
  const others = await tx.query<{ id: string }>(
    `with paid as (select waitlist_offer as offer_id from bookings where id = $1),
          accepted as (
            update waitlist_offers set status = 'accepted', ended_at = app_now()
             where id = (select offer_id from paid) and status in ('open', 'lapsed') returning entry_id
          ),
          ended as (
            update waitlist_entries set status = 'booked', ended_at = app_now()
             where id in (select entry_id from accepted) or (user_id = $2 and date_id = $3 and status in ('waiting', 'offered'))
          )
     select o.id from waitlist_offers o
      where o.user_id = $2 and o.date_id = $3 and o.status = 'open' and o.id is distinct from (select offer_id from paid)
        for update of o`,
    [booking.id, booking.user_id, booking.date_id],
  );
  // Their entries have ended as booked already: withdrawing the offers leaves them so; their seats are free again.
  const actions = await withdrawOffers(
    tx,
    others.map((offer) => offer.id),
    'offer withdrawn: booked another way',
  );
  return others.length > 0 ? { actions, freedDates: [booking.date_id] } : {};
}

/**
 * A date is called off: its waitlist closes and everyone on it is told; offers of its seats are
 * withdrawn (the call-off has released their holds already), and an entry of another date offered these seats
 * waits again. Runs in the call-off's transaction.
 */
export async function closeWaitlist(tx: Queryable, dateId: string): Promise<number> {
  const open = await tx.query<{ id: string }>(`select id from waitlist_offers where date_id = $1 and status = 'open' for update`, [dateId]);
  await withdrawOffers(
    tx,
    open.map((offer) => offer.id),
    'date called off by the company',
  );
  // An entry of this date offered seats on a nearby date keeps that offer.
  const closed = await tx.query<{ id: string; user_id: string }>(
    `update waitlist_entries set status = 'closed', ended_at = app_now() where date_id = $1 and status = 'waiting' returning id, user_id`,
    [dateId],
  );
  return enqueueMail(
    tx,
    closed.map((entry): MailRequest => ({
      kind: 'waitlist-closed',
      eventKey: entry.id,
      recipientUid: entry.user_id,
      bookingId: null,
      facts: { entryId: entry.id },
    })),
  );
}
