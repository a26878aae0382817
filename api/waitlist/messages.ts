/**
 * The facts of the waitlist's messages, read when each is sent: an offer (and its reminder) is
 * skipped once it is no longer open; a closed list names the dates of the same activity that still
 * have seats for the party.
 */
import type { Queryable } from '../db/client.ts';
import { seatsTakenSql, bookingsOpenSql } from '../bookings/seat-sql.ts';
import { cutoffSeconds, seatsLeft } from '../../shared/rules/seat-rules.ts';
import { spotsLabel } from '../../shared/rules/availability.ts';
import { BOOKING_PAGE_PATHS, offerCheckoutLink, siteLink } from '../../shared/company/site-links.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import type { OpenDate, SiteLinks, WaitlistClosedFacts, WaitlistJoinedFacts, WaitlistOfferFacts } from '../mail/message-types.ts';

/** Offered dates a closed list's message suggests, at most. */
const OPEN_DATES = 5;

/**
 * What an offer's messages say, or why one is not sent: the offer and its reminder while it is open
 * (`state` 'open'), an offer the office took back while its party still waits ('withdrawn'), and
 * one that ran out unused ('lapsed').
 */
export async function offerFacts(
  db: Queryable,
  offerId: string,
  common: { recipientName: string; siteUrl: string; links: SiteLinks; now: Date },
  state: 'open' | 'withdrawn' | 'lapsed',
): Promise<{ facts: WaitlistOfferFacts } | { skip: string }> {
  const [offer] = await db.query<{
    status: string;
    expires_at: Date | string;
    seats: number;
    unit_amount: number;
    currency: string;
    starts_at: Date | string;
    waited_for: Date | string;
    same_date: boolean;
    title: string;
    waiting: boolean;
    calendar: CalendarName;
  }>(
    `select o.status, o.expires_at, e.status = 'waiting' as waiting, d.calendar, o.seats, o.unit_amount, o.currency, d.starts_at, ed.starts_at as waited_for,
            o.date_id = e.date_id as same_date, coalesce(dp.nickname, pr.nickname) as title
       from waitlist_offers o join waitlist_entries e on e.id = o.entry_id
       join calendar_dates d on d.id = o.date_id join calendar_dates ed on ed.id = e.date_id
       join prices pr on pr.id = o.price_id left join prices dp on dp.id = d.price_id
      where o.id = $1`,
    [offerId],
  );
  if (!offer) return { skip: 'offer not found' };
  const endsAt = new Date(offer.expires_at);
  if (offer.status !== state) return { skip: `offer ${offer.status}` };
  if (state === 'open' && endsAt <= common.now) return { skip: 'offer ended' };
  if (state === 'withdrawn' && !offer.waiting) return { skip: 'no longer waiting' };
  return {
    facts: {
      recipientName: common.recipientName,
      title: offer.title,
      startsAt: new Date(offer.starts_at),
      waitedFor: offer.same_date ? null : new Date(offer.waited_for),
      partySize: offer.seats,
      amount: offer.unit_amount * offer.seats,
      currency: offer.currency,
      endsAt,
      checkoutLink: offerCheckoutLink(offerId, common.siteUrl),
      bookingLink: siteLink(BOOKING_PAGE_PATHS[offer.calendar], common.siteUrl),
      links: common.links,
    },
  };
}

/** A wait as its messages name it: the date waited for, the party, the activity's title, and where the wait stands. */
async function waitOf(db: Queryable, entryId: string) {
  const [entry] = await db.query<{
    starts_at: Date | string;
    calendar: CalendarName;
    party_size: number;
    nearby: boolean;
    title: string;
    status: string;
  }>(
    `select d.starts_at, d.calendar, e.party_size, e.nearby, e.status, coalesce(dp.nickname, pr.nickname) as title
       from waitlist_entries e join calendar_dates d on d.id = e.date_id join prices pr on pr.id = e.price_id
       left join prices dp on dp.id = d.price_id
      where e.id = $1`,
    [entryId],
  );
  return entry;
}

/** What every message about a wait names: who it is for, the activity, the date waited for and the party. */
const waitFacts = (entry: NonNullable<Awaited<ReturnType<typeof waitOf>>>, recipientName: string) => ({
  recipientName,
  title: entry.title,
  startsAt: new Date(entry.starts_at),
  partySize: entry.party_size,
});

/** What a closed list's message says: the date called off, and the dates of its activity still open with seats for the party. */
export async function closedFacts(
  db: Queryable,
  entryId: string,
  common: { recipientName: string; siteUrl: string; links: SiteLinks; cutoffHours: number },
): Promise<{ facts: WaitlistClosedFacts } | { skip: string }> {
  const entry = await waitOf(db, entryId);
  if (!entry) return { skip: 'wait not found' };
  if (entry.status !== 'closed') return { skip: `wait ${entry.status}` };
  const dates = await db.query<{ starts_at: Date | string; calendar: string; capacity: number; taken: number }>(
    `select d.starts_at, d.calendar, d.capacity, ${seatsTakenSql('d.id')} as taken
       from calendar_dates d join waitlist_entries e on e.id = $1
       join prices pr on pr.id = e.price_id and pr.product_id = d.product_id and (d.price_id is null or d.price_id = pr.id)
      where d.active and d.calendar = $2 and ${bookingsOpenSql('d.starts_at', '$3')}
      order by d.starts_at limit 60`,
    [entryId, entry.calendar, cutoffSeconds(common.cutoffHours)],
  );
  const openDates: OpenDate[] = dates
    .map((date) => ({ startsAt: new Date(date.starts_at), left: seatsLeft(date, date.taken) }))
    .filter((date) => date.left >= entry.party_size)
    .slice(0, OPEN_DATES)
    .map((date) => ({ startsAt: date.startsAt, spots: spotsLabel(date.left) }));
  return {
    facts: {
      ...waitFacts(entry, common.recipientName),
      openDates,
      bookingLink: siteLink(BOOKING_PAGE_PATHS[entry.calendar], common.siteUrl),
      links: common.links,
    },
  };
}

/** What the message to a party that joined says; not sent once the party no longer waits (it left, or was offered seats meanwhile). */
export async function joinedFacts(
  db: Queryable,
  entryId: string,
  common: { recipientName: string; links: SiteLinks },
): Promise<{ facts: WaitlistJoinedFacts } | { skip: string }> {
  const entry = await waitOf(db, entryId);
  if (!entry) return { skip: 'wait not found' };
  if (entry.status !== 'waiting') return { skip: `wait ${entry.status}` };
  return {
    facts: {
      ...waitFacts(entry, common.recipientName),
      nearby: entry.nearby,
      links: common.links,
    },
  };
}
