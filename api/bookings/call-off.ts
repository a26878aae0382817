/**
 * The company calls off a date for conditions. The date leaves the calendars, its holds end and its
 * waitlist closes (everyone on it is told);
 * each paid booking on it waits for its payer's choice, a full refund of all that was paid for it or
 * another date at no charge, until seven days have passed or the date has come, whichever is first;
 * then it is refunded in full. Calling off a date twice does nothing more, and each booking is
 * refunded or moved once. A storm cycle calls off one date after another: a booking moved to a date
 * that is called off in turn is asked again, for that date.
 */
import type { AfterCommit } from '../commit-effects.ts';
import { recordAction } from '../record/operator-actions.ts';
import type { Caller } from '../identity.ts';
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { announce } from './facts.ts';
import type { ClaimedAction } from '../payment-outbox/actions.ts';
import { releaseHolds } from './seat-holds.ts';
import { site } from '../../shared/company/site.ts';
import { ALREADY_CANCELLED, ONLY_THE_PAYER } from './cancellation.ts';
import { shownToCustomer } from './address-owner.ts';
import { BOOKING_NOT_FOUND } from '../../shared/contract/messages.ts';
import { lockMoveDates, moveBooking, moveTargets, type FeePayment } from './move.ts';
import type { CallOffChoice } from '../../shared/contract/answers.ts';
import type { OfficePayment } from '../../shared/rules/paid-by.ts';

export type { CallOffChoice };
import { giveBack } from './give-back.ts';
import { lockDate } from './seats.ts';
import { iso } from '../db/instant.ts';
import { issueCredit } from '../gift-cards/credit.ts';
import { creditOfferFor, type CreditTerms } from '../../shared/rules/gift-card-credit.ts';
import { denverDay } from '../../shared/rules/dates.ts';
import { clockNow } from '../clock.ts';

/** How long a payer has to choose, at most. */
export const CHOICE_DAYS = 7;
export const NOT_CALLED_OFF = 'This booking is not on a date we called off.';
export const ALREADY_CHOSEN = 'You have already chosen for this booking.';
export const DATE_STARTED = 'This date has already started, so it cannot be called off.';

export interface CallOffResult {
  dateId: string;
  /** False when the date had already been called off: nothing more was done. */
  calledOff: boolean;
  /** The paid bookings whose payers are asked to choose. */
  bookings: number;
  /** The cancellations of the released holds' payment intents, for the caller to carry out after the commit. */
  actions: ClaimedAction[];
}

/**
 * Withdraws the date, ends its holds (checkouts and changes of date alike: their intents are
 * cancelled, so no fee or payment is taken for a date that will not run) and asks every payer on it
 * to choose; a date already called off is left as it is, and one that has started is refused (409).
 * `alsoDo` runs in the same transaction once the date is called off (an operator's record).
 */
export async function callOffDate(
  db: Db,
  dateId: string,
  reason: string,
  now = clockNow(),
  alsoDo?: (tx: Queryable, result: CallOffResult) => Promise<void>,
): Promise<CallOffResult> {
  const why = reason.trim();
  if (!why) throw new DomainError('invalid', 'A reason is required.');
  return db.transaction(async (tx) => {
    const date = await lockDate(tx, dateId);
    if (!date) throw new DomainError('not-found', `No date ${dateId}`);
    const [state] = await tx.query<{ called_off: boolean; starts_at: Date | string }>(
      `select called_off_at is not null as called_off, starts_at from calendar_dates where id = $1`,
      [dateId],
    );
    if (state?.called_off) return { dateId, calledOff: false, bookings: 0, actions: [] };
    const startsAt = new Date(state?.starts_at ?? now);
    if (startsAt <= now) throw new DomainError('conflict', DATE_STARTED);
    await tx.query(`update calendar_dates set active = false, called_off_at = $2, call_off_reason = $3 where id = $1`, [dateId, now, why]);
    const { cancels: actions } = await releaseHolds(tx, { onDate: dateId }, 'date called off by the company');
    const week = new Date(now.getTime() + CHOICE_DAYS * 86_400_000);
    const chooseBy = startsAt < week ? startsAt : week;
    const paid = await tx.query<{ id: string }>(
      `insert into called_off_bookings (booking_id, date_id, reason, choose_by)
       select id, date_id, $2, $3 from bookings where date_id = $1 and status = 'paid'
       on conflict (booking_id, date_id) do nothing
       returning booking_id as id`,
      [dateId, why, chooseBy],
    );
    // Its waitlist closes, and the payers are asked to choose.
    await announce(tx, { kind: 'calledOff', dateId, bookings: paid.map(({ id }) => id), reason: why, chooseBy });
    const result = { dateId, calledOff: true, bookings: paid.length, actions };
    await alsoDo?.(tx, result);
    return result;
  });
}

interface ChoiceRow {
  booking_id: string;
  user_id: string;
  date_id: string;
  party_size: number;
  amount: number;
  /** Of `amount`, the cents gift cards paid. */
  gift_amount: number;
  currency: string;
  payment_intent_id: string | null;
  paid_by: OfficePayment | null;
  status: string;
  reason: string;
  choose_by: Date | string;
  choice: 'refund' | 'move' | 'credit' | 'ended' | null;
  moved_to: string | null;
  moved_to_starts_at: Date | string | null;
  called_off_date: string;
  starts_at: Date | string;
  title: string;
}

/**
 * An operator calls off a date, from the console or the command: the call-off and its record in one
 * transaction; after the commit, the released holds' intents are cancelled, the public calendars
 * told, and the payers' messages sent.
 */
export async function callOff(
  db: Db,
  dateId: string,
  { operator, reason }: { operator: Caller; reason: string },
): Promise<CallOffResult & { after: AfterCommit }> {
  const result = await callOffDate(db, dateId, reason, clockNow(), (tx, done) =>
    recordAction(tx, operator, {
      action: 'call off date',
      subject: `date ${dateId}`,
      dateId,
      reason,
      before: { active: true },
      after: { active: false, calledOff: true, bookings: done.bookings },
    }),
  );
  return { ...result, after: { actions: result.actions, seatsChanged: result.calledOff, mailWritten: result.calledOff } };
}

/**
 * A booking's call-off: of the date it is on when that date is called off, else the latest (whose
 * choice the page shows); with `dateId`, that date's. Throws 404, 403 for anyone but the payer
 * (`callerUid`; null for the sweep), or 409 when no date of the booking was called off.
 */
async function readChoice(
  db: Queryable,
  bookingId: string,
  callerUid: string | null,
  { lock = false, dateId = null }: { lock?: boolean; dateId?: string | null } = {},
): Promise<ChoiceRow> {
  const [row] = await db.query<ChoiceRow & Record<string, unknown>>(
    `select c.booking_id, b.user_id, b.date_id, b.party_size, b.amount, b.gift_amount, b.currency, b.payment_intent_id, b.paid_by, b.status, c.reason,
            c.choose_by, c.choice, c.moved_to, m.starts_at as moved_to_starts_at, c.date_id as called_off_date, d.starts_at,
            p.nickname as title
       from called_off_bookings c join bookings b on b.id = c.booking_id join calendar_dates d on d.id = c.date_id
       join prices p on p.id = b.price_id left join calendar_dates m on m.id = c.moved_to
      where c.booking_id = $1 and ($2::text is null or c.date_id = $2) and ($3::text is null or ${shownToCustomer('b', '$3')})
      order by c.date_id = b.date_id desc, c.created_at desc
      limit 1 ${lock ? 'for update of c, b' : ''}`,
    [bookingId, dateId, callerUid],
  );
  if (!row) {
    const [exists] = await db.query<{ user_id: string }>(
      `select user_id from bookings where id = $1 and status <> 'held' and ($2::text is null or ${shownToCustomer('bookings', '$2')})`,
      [bookingId, callerUid],
    );
    if (!exists) throw new DomainError('not-found', BOOKING_NOT_FOUND);
    if (callerUid !== null && exists.user_id !== callerUid) throw new DomainError('forbidden', ONLY_THE_PAYER);
    throw new DomainError('conflict', NOT_CALLED_OFF);
  }
  if (callerUid !== null && row.user_id !== callerUid) throw new DomainError('forbidden', ONLY_THE_PAYER);
  return row;
}

/** A change of date's fee paid for a booking: how, and online its own payment (which a refund goes back to, gift cards' part onto them). */
interface PaidFee {
  fee: number;
  fee_paid_by: FeePayment;
  fee_booking: string | null;
  intent_id: string | null;
  /** Of the fee paid online, the cents gift cards paid. */
  gift_amount: number | null;
}

/** The fees paid to change a booking's date, oldest first; a full refund gives them back with the booking's own payment. */
export async function feesPaidFor(db: Queryable, bookingId: string): Promise<PaidFee[]> {
  return db.query<PaidFee & Record<string, unknown>>(
    `select m.fee, m.fee_paid_by, m.fee_booking, f.payment_intent_id as intent_id, f.gift_amount
       from booking_moves m left join bookings f on f.id = m.fee_booking
      where m.booking_id = $1 and m.fee > 0 order by m.moved_at, m.id`,
    [bookingId],
  );
}

/** The cents of `fees`, added up. */
export const feesTotal = (fees: readonly Pick<PaidFee, 'fee'>[]) => fees.reduce((sum, paid) => sum + paid.fee, 0);

/** The payer's choice page: the called-off date, the reason, the deadline, and the dates that fit the party. */
export async function callOffChoice(
  db: Queryable,
  callerUid: string,
  bookingId: string,
  { cutoffHours, creditTerms }: ChoiceSettings,
): Promise<CallOffChoice> {
  const row = await readChoice(db, bookingId, callerUid);
  if (row.choice === 'ended') throw new DomainError('conflict', ALREADY_CANCELLED);
  const dates =
    row.choice === null
      ? await moveTargets(db, { id: row.booking_id, date_id: row.called_off_date, party_size: row.party_size }, cutoffHours)
      : [];
  const feesPaid = feesTotal(await feesPaidFor(db, bookingId));
  return {
    bookingId: row.booking_id,
    title: row.title,
    dateId: row.called_off_date,
    startsAt: iso(row.starts_at),
    reason: row.reason,
    chooseBy: iso(row.choose_by),
    amountPaid: row.amount + feesPaid,
    feesPaid,
    currency: row.currency,
    paidBy: row.paid_by ?? 'card',
    partySize: row.party_size,
    choice: row.choice,
    credit: await creditOf(db, row, row.amount + feesPaid, creditTerms),
    movedTo: row.moved_to,
    movedToStartsAt: row.moved_to_starts_at === null ? null : iso(row.moved_to_starts_at),
    dates,
  };
}

/** The credit a booking became, or the one it would become: its value, bonus, the bonus's percentage and end. */
async function creditOf(db: Queryable, row: ChoiceRow, paid: number, terms: CreditTerms): Promise<CallOffChoice['credit']> {
  if (row.choice === 'credit') {
    const [card] = await db.query<{ value: number; bonus: number; bonus_ends_on: string | null }>(
      `select c.value, c.bonus, to_char(c.bonus_ends_on, 'YYYY-MM-DD') as bonus_ends_on
         from bookings b join gift_cards c on c.id = b.credit_card_id where b.id = $1`,
      [row.booking_id],
    );
    if (card)
      return {
        amount: card.value,
        bonus: card.bonus,
        percent: Math.round((card.bonus * 100) / Math.max(1, card.value - card.bonus)),
        ...(card.bonus_ends_on ? { bonusEndsOn: card.bonus_ends_on } : {}),
      };
  }
  if (row.choice !== null) return null;
  return creditOfferFor(paid, terms, denverDay(clockNow()));
}

export type Choice = { choice: 'refund' } | { choice: 'move'; dateId: string } | { choice: 'credit' };

const CALLED_OFF = 'date called off by the company';

/**
 * Refunds all that was paid for a called-off booking, inside the caller's transaction: its own
 * payment and every fee paid to change its date, each back the way it came (by card through the
 * payment outbox; cash or check flagged for the office to give back by hand); the party is told.
 */
async function refundInFull(tx: Queryable, row: ChoiceRow, chosenBy: 'customer' | 'deadline'): Promise<ClaimedAction[]> {
  await tx.query(
    `update bookings set status = 'cancelled', cancelled_at = app_now(), cancelled_by = 'company', cancel_reason = $2, refund_amount = amount,
            updated_at = app_now()
      where id = $1`,
    [row.booking_id, row.reason],
  );
  await tx.query(
    `update called_off_bookings set choice = 'refund', chosen_by = $3, chosen_at = app_now() where booking_id = $1 and date_id = $2`,
    [row.booking_id, row.called_off_date, chosenBy],
  );
  const fees = await feesPaidFor(tx, row.booking_id);
  await announce(tx, {
    kind: 'cancelled',
    bookingId: row.booking_id,
    told: {
      cancelledBy: site.name,
      reason: row.reason,
      refundAmount: row.amount + feesTotal(fees),
      currency: row.currency,
      ...(fees.length > 0 ? { feesRefunded: feesTotal(fees) } : {}),
    },
  });
  const { currency } = row;
  const split = { amount: row.amount, giftAmount: row.gift_amount };
  const given = [
    await giveBack(tx, { bookingId: row.booking_id, intentId: row.payment_intent_id, currency, split }, row.amount, CALLED_OFF),
  ];
  for (const paid of fees) {
    given.push(
      paid.fee_booking
        ? await giveBack(
            tx,
            {
              bookingId: paid.fee_booking,
              intentId: paid.intent_id,
              currency,
              split: { amount: paid.fee, giftAmount: paid.gift_amount ?? 0 },
            },
            paid.fee,
            CALLED_OFF,
          )
        : await giveBack(
            tx,
            { bookingId: row.booking_id, intentId: null, currency },
            paid.fee,
            CALLED_OFF,
            `${CALLED_OFF} (the change-of-date fee)`,
          ),
    );
  }
  return given.filter((action) => action !== null);
}

/**
 * Keeps all that was paid for a called-off booking as credit, inside the caller's transaction: a gift
 * card worth it and the terms' bonus more, kept on the payer's account and e-mailed to them; nothing goes
 * back by card. The party is told the booking is cancelled, and the payer that it became credit.
 */
async function creditInFull(tx: Queryable, row: ChoiceRow, terms: CreditTerms): Promise<void> {
  const paid = row.amount + feesTotal(await feesPaidFor(tx, row.booking_id));
  const credit = await issueCredit(tx, {
    payerUid: row.user_id,
    paid,
    terms,
    currency: row.currency,
    title: row.title,
    startsAt: new Date(row.starts_at),
    reason: `credit instead of a refund: ${CALLED_OFF}`,
  });
  await tx.query(
    `update bookings set status = 'cancelled', cancelled_at = app_now(), cancelled_by = 'company', cancel_reason = $2, refund_amount = 0,
            credit_card_id = $3, updated_at = app_now()
      where id = $1`,
    [row.booking_id, row.reason, credit.cardId],
  );
  await tx.query(
    `update called_off_bookings set choice = 'credit', chosen_by = 'customer', chosen_at = app_now() where booking_id = $1 and date_id = $2`,
    [row.booking_id, row.called_off_date],
  );
  await announce(tx, {
    kind: 'cancelled',
    bookingId: row.booking_id,
    told: { cancelledBy: site.name, reason: row.reason, refundAmount: 0, creditAmount: credit.value, currency: row.currency },
  });
}

/**
 * The payer chooses: a full refund (owed through the payment outbox, carried out by the caller after
 * the commit), or a move to one of the dates that fit, at no charge. A choice is made once; the
 * same choice sent again answers as the first time.
 */
/** What a choice is made under: when bookings close, and what a credit earns. */
export interface ChoiceSettings {
  cutoffHours: number;
  creditTerms: CreditTerms;
}

/** A choice frees or takes seats and writes its messages. */
const CHOSEN: AfterCommit = { seatsChanged: true, mailWritten: true };

export async function chooseAfterCallOff(
  db: Db,
  callerUid: string,
  bookingId: string,
  choice: Choice,
  { cutoffHours, creditTerms }: ChoiceSettings,
): Promise<{ choice: 'refund' | 'move' | 'credit'; movedTo: string | null; after: AfterCommit }> {
  return db.transaction(async (tx) => {
    const [where] = await tx.query<{ date_id: string }>(`select date_id from bookings where id = $1`, [bookingId]);
    // Lock order everywhere: the dates first, then the booking (a move locks both dates itself, in id order).
    if (where && choice.choice !== 'move') await lockDate(tx, where.date_id);
    if (where && choice.choice === 'move') await lockMoveDates(tx, where.date_id, choice.dateId, cutoffHours);
    const row = await readChoice(tx, bookingId, callerUid, { lock: true });
    if (row.choice !== null) {
      const same = row.choice === choice.choice && (choice.choice !== 'move' || row.moved_to === choice.dateId);
      if (!same || row.choice === 'ended') throw new DomainError('conflict', ALREADY_CHOSEN);
      return { choice: row.choice, movedTo: row.moved_to, after: CHOSEN };
    }
    if (row.status !== 'paid') throw new DomainError('conflict', ALREADY_CHOSEN);
    if (choice.choice === 'refund')
      return { choice: 'refund', movedTo: null, after: { ...CHOSEN, actions: await refundInFull(tx, row, 'customer') } };
    if (choice.choice === 'credit') {
      await creditInFull(tx, row, creditTerms);
      return { choice: 'credit', movedTo: null, after: CHOSEN };
    }
    // The move settles the call-off as the payer's choice.
    await moveBooking(tx, {
      bookingId,
      fromDateId: row.called_off_date,
      toDateId: choice.dateId,
      cutoffHours,
      fee: 0,
      reason: `date called off: ${row.reason}`,
      by: 'customer',
    });
    return { choice: 'move', movedTo: choice.dateId, after: CHOSEN };
  });
}

/**
 * Closes the call-offs whose booking ended otherwise (refunded at the provider, cancelled by the
 * office) or is no longer on the called-off date, so they never stand ahead of later deadlines.
 */
const CLOSE_ENDED = `update called_off_bookings c set choice = 'ended', chosen_at = app_now()
   from bookings b
  where b.id = c.booking_id and c.choice is null and (b.status <> 'paid' or b.date_id <> c.date_id)`;

/**
 * Refunds in full every called-off booking whose payer did not choose in time. Each is claimed
 * with `skip locked`, so two API instances running this at once refund each booking once.
 */
export async function refundUnchosen(db: Db, now = clockNow()): Promise<ClaimedAction[]> {
  await db.query(CLOSE_ENDED);
  return db.transaction(async (tx) => {
    // The call-off and its booking are claimed together: one a payer or an operator is deciding is left for the next round.
    const due = await tx.query<{ booking_id: string; date_id: string } & Record<string, unknown>>(
      `select c.booking_id, c.date_id from called_off_bookings c join bookings b on b.id = c.booking_id
        where c.choice is null and c.choose_by <= $1 order by c.choose_by limit 50 for update of c, b skip locked`,
      [now],
    );
    const actions: ClaimedAction[] = [];
    for (const { booking_id, date_id } of due) {
      const row = await readChoice(tx, booking_id, null, { lock: true, dateId: date_id });
      if (row.choice !== null || row.status !== 'paid' || row.date_id !== row.called_off_date) continue;
      actions.push(...(await refundInFull(tx, row, 'deadline')));
    }
    return actions;
  });
}
