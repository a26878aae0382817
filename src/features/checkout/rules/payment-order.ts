/**
 * The payment intent request an order makes: its preconditions, checked in order with the words
 * customers read, then the body the API takes and a key that tells one order from another.
 */
import { isNoSignal, NO_SIGNAL_TEXT, NO_USER_MESSAGE, shownError } from '../../../lib/api/api-error.ts';
import {
  INTENT_FAILED_PREFIX,
  NO_DATE_MESSAGE,
  NO_PARTY_MESSAGE,
  NO_PRICE_MESSAGE,
  NO_USER_PAYMENT_MESSAGE,
} from '../../../../shared/contract/messages.ts';
import { orderFigures } from './order.ts';
import { PARTY_SIZE_MAX, PARTY_SIZE_MIN, type CalendarName, type PaymentIntentRequest } from '../../../../shared/contract/requests.ts';

export type CheckedOrder = { ok: true; body: PaymentIntentRequest; key: string } | { ok: false; message: string };

/** The booking selection an order is made from. */
export interface OrderSelection {
  selectedPriceId: string | null;
  selectedPrice: unknown;
  dateId: string | null;
  startDate: Date | null;
  endDate: Date | null;
  calendar: CalendarName | null;
  partySize: number | null;
}

/** Who pays, the code the order is priced with, and the invite or waitlist offer it came from. */
export interface OrderContext {
  user: { uid: string; email: string | null } | null;
  promoCode: string | null;
  inviteCode: string | null;
  /** The waitlist offer whose held seats the order pays. */
  offerId?: string | null;
  /** Gift card codes paying before the card, in order. */
  giftCodes?: readonly string[];
}

/** The preconditions, in order, then the request the API takes. */
export function checkOrder(
  cart: OrderSelection,
  { user, promoCode, inviteCode, offerId = null, giftCodes = [] }: OrderContext,
): CheckedOrder {
  if (!cart.selectedPriceId || !cart.selectedPrice) return { ok: false, message: NO_PRICE_MESSAGE };
  if (!user) return { ok: false, message: NO_USER_PAYMENT_MESSAGE };
  const { days, quantity } = orderFigures(cart);
  if (!cart.dateId || !cart.startDate || !cart.calendar || days < 1) return { ok: false, message: NO_DATE_MESSAGE };
  const partySize = cart.partySize;
  if (partySize === null || !Number.isInteger(partySize) || partySize < PARTY_SIZE_MIN || partySize > PARTY_SIZE_MAX) {
    return { ok: false, message: NO_PARTY_MESSAGE };
  }
  const body: PaymentIntentRequest = {
    priceId: cart.selectedPriceId,
    quantity,
    ...(promoCode ? { promoCode } : {}),
    ...(offerId ? { offerId } : {}),
    ...(giftCodes.length > 0 ? { giftCodes: [...giftCodes] } : {}),
    metadata: {
      userId: user.uid,
      dateId: cart.dateId,
      partySize,
      calendar: cart.calendar,
      ...(inviteCode ? { inviteCode } : {}),
      stripeId: cart.selectedPriceId,
      email: user.email,
    },
  };
  return { ok: true, body, key: JSON.stringify(body) };
}

/** 'Failed to create payment intent: ' and the server's reason, without saying it twice. */
export function intentFailure(error: unknown): string {
  if (error instanceof Error && error.message === NO_USER_MESSAGE) return NO_USER_PAYMENT_MESSAGE;
  if (isNoSignal(error)) return NO_SIGNAL_TEXT;
  const reason = shownError(error, 'the booking service could not be reached');
  return reason.startsWith(INTENT_FAILED_PREFIX) ? reason : `${INTENT_FAILED_PREFIX}${reason}`;
}
