/**
 * The booking API as the site calls it, made from the route table (./route-client.ts): each call
 * sends what its route takes and checks what it answers. Calls for a signed-in customer carry an ID
 * token from the token source the client is made with; without a signed-in user they fail with 'No
 * authenticated user found' and send nothing.
 */
import { calendarDateOf } from '../../../shared/rules/calendar-date.ts';
import { CUSTOMER_ROUTES } from '../../../shared/contract/routes/customer.ts';
import { GUIDE_ROUTES } from '../../../shared/contract/routes/guide.ts';
import { PUBLIC_ROUTES } from '../../../shared/contract/routes/public.ts';
import { databaseUserAnswer, readAnswer } from './answers.ts';
import { ApiError, apiFetch } from './http.ts';
import { clientOf, type CallInput, type CallOptions } from './route-client.ts';

/** The signed-in customer's ID token; fails with 'No authenticated user found' when nobody is signed in. */
export type TokenSource = () => Promise<string>;

/** The public calls: no token, cacheable by the browser and the CDN. */
const publicCalls = clientOf(PUBLIC_ROUTES, apiFetch);

export const publicApi = {
  /** A calendar's dates, read into the pages' shape (shared/rules/calendar-date.ts). */
  calendar: async (input: CallInput<typeof PUBLIC_ROUTES.calendar>) => (await publicCalls.calendar(input)).map(calendarDateOf),
  /** The waiver in force; the caller checks its fingerprint before showing it. */
  waiverInForce: publicCalls.waiverInForce,
  /** What is left on a gift card, for anyone with its code (signed in, the customer's client asks, so the try counts for them). */
  giftCardBalance: publicCalls.giftCardBalance,
  /** Stops a gift card's reminders before a season, for anyone with its code (the link in a reminder brings it). */
  stopGiftCardReminders: publicCalls.stopGiftCardReminders,
};

/**
 * The database user in the answer to its creation at sign-in (POST /users/user/{uid}, sent by the
 * auth store as soon as someone signs in, while this client is still on its way).
 */
export const readDatabaseUser = (answer: unknown) => readAnswer('your account', databaseUserAnswer, answer);

/**
 * The signed-in customer's client: every route of a customer and of the guides (made from the route
 * table, ./route-client.ts), and the public ones that say more to a customer (a calendar with their
 * own bookings' invite codes; a promo code's tries counted per customer).
 */
export function createBookingApi(token: TokenSource) {
  /**
   * A call as the signed-in customer: a non-OK answer fails with its body's message (an `ApiError`,
   * not logged); any other failure is logged and thrown on, but a call its caller gave up (its signal
   * aborted) is thrown on unlogged: nothing went wrong.
   */
  async function protectedFetch<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
    const bearer = await token();
    try {
      return await apiFetch<T>(path, { ...options, token: bearer });
    } catch (error) {
      if (!(error instanceof ApiError) && !options.signal?.aborted) console.error(`The call to ${path} failed`, error);
      throw error;
    }
  }
  const asCustomer = clientOf(PUBLIC_ROUTES, protectedFetch);
  return {
    ...clientOf(CUSTOMER_ROUTES, protectedFetch),
    ...clientOf(GUIDE_ROUTES, protectedFetch),
    protectedFetch,
    /** A calendar as a customer sees it: their own bookings on it carry their invite codes and parties. */
    calendar: async (input: CallInput<typeof PUBLIC_ROUTES.calendar>) => (await asCustomer.calendar(input)).map(calendarDateOf),
    applyPromo: asCustomer.applyPromo,
    /** A gift card's balance, looked up as the signed-in customer: the try counts for them too. */
    giftCardBalance: asCustomer.giftCardBalance,
  };
}
