/**
 * The console's request id names one booking request, and what it asked for is kept with the
 * booking it made: the customer's e-mail, the date, the party size, the activity and how it is
 * paid. The same request sent again (a retry after a dropped connection, a double click) answers
 * with that booking or hold; the same id asking for anything else is refused, so a form sent again
 * for another customer can never hand them the first customer's booking or hold.
 */
import type { Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { OpsBookRequest } from '../../shared/contract/ops-requests.ts';
import type { BookingPayment } from '../../shared/rules/paid-by.ts';

/** What a booking request asked for, as kept with its booking: the activity is the price the date gave it. */
export interface RequestTerms {
  email: string;
  dateId: string;
  partySize: number;
  priceId: string;
  paidBy: BookingPayment;
}

export const termsOf = (request: OpsBookRequest, priceId: string): RequestTerms => ({
  email: request.email,
  dateId: request.dateId,
  partySize: request.partySize,
  priceId,
  paidBy: request.paidBy,
});

/** The terms in the order an operator reads them, each with its name in the refusal. */
const NAMES: readonly [keyof RequestTerms, string][] = [
  ['email', 'customer'],
  ['dateId', 'date'],
  ['partySize', 'party size'],
  ['priceId', 'activity'],
  ['paidBy', 'payment'],
];

/** "customer", "customer and date", "customer, date and party size" */
function listed(names: string[]): string {
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export const requestReused = (names: string[]) =>
  `This request was already sent with a different ${listed(names)}. Start a new booking to book this one.`;

/** What the request asks otherwise than its id first did; a request naming no activity asks for the date's own. */
function differences(kept: RequestTerms, request: OpsBookRequest): string[] {
  const asked: RequestTerms = termsOf(request, request.priceId ?? kept.priceId);
  return NAMES.filter(([key]) => asked[key] !== kept[key]).map(([, name]) => name);
}

/**
 * The booking this request's id already made (a hold, a booking, or one that ended since), or null
 * when the id is new; 409 when the id was first sent asking for something else. Inside a
 * transaction, a booking another request committed meanwhile counts.
 */
export async function bookingOfRequest(db: Queryable, request: OpsBookRequest): Promise<string | null> {
  const [row] = await db.query<{ id: string; terms: RequestTerms | null }>(
    `select id, office_request_terms as terms from bookings where office_request = $1`,
    [request.requestId],
  );
  if (!row) return null;
  // Bookings made before requests kept their terms answer as they always did.
  const names = row.terms ? differences(row.terms, request) : [];
  if (names.length > 0) throw new DomainError('conflict', requestReused(names));
  return row.id;
}
