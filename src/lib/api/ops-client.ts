/**
 * The operators' console's client of the API (/ops/...), made from the console's route table
 * (shared/contract/routes/console.ts, ./route-client.ts) with the signed-in operator's calls
 * (stores/api.ts `protectedFetch`); kept apart from the customer's client so that customers' pages
 * never load the console's code.
 */
import { CONSOLE_ROUTES } from '../../../shared/contract/routes/console.ts';
import type { OpsBooking, OpsCardHold } from '../../../shared/contract/ops-answers.ts';
import { UnreadableAnswer } from './api-error.ts';
import { clientOf, type AnswerOf, type Fetcher } from './route-client.ts';

export const createOpsApi = (call: Fetcher) => clientOf(CONSOLE_ROUTES, call);

type OfficeBookingAnswer = AnswerOf<typeof CONSOLE_ROUTES.bookForCustomer>;

/** The booking the office made (paid in cash, by check or complimentary). */
export function bookingOf(answer: OfficeBookingAnswer): OpsBooking {
  if ('clientSecret' in answer) throw new UnreadableAnswer('the booking', 'clientSecret');
  return answer as OpsBooking;
}

/** The seats held while the customer's card is taken (a booking paid by card). */
export function cardHoldOf(answer: OfficeBookingAnswer): OpsCardHold {
  if (!('clientSecret' in answer)) throw new UnreadableAnswer('the seats held', 'clientSecret');
  return answer as OpsCardHold;
}

export type OpsApi = ReturnType<typeof createOpsApi>;
