/**
 * The accountant's export: one row per movement of money, as a CSV (./actual-use-csv.ts writes it the
 * same way): the Kamas date (ISO) and time, what it was, how it was paid, the amount in dollars as a
 * decimal (refunds negative), the booking's reference, the trip's date and activity, the customer, and
 * the payment provider's id where a card paid.
 */
import { bookingReference } from '../rules/booking-reference.ts';
import { denverClock, denverDay } from '../rules/dates.ts';
import { csvText, decimalDollars } from './actual-use-csv.ts';

/**
 * What a movement is. A payment that came for a hold that had ended and could not be booked is an
 * `unbooked payment`, and its refund an `unbooked refund`: money that moved and came back, for no trip.
 */
export const MOVEMENT_KINDS = ['payment', 'fee', 'refund', 'credit', 'gift card sold', 'unbooked payment', 'unbooked refund'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export type MovementMethod = 'card' | 'cash' | 'check' | 'gift card';

/** What the export reads of a movement. */
export interface ExportedMovement {
  at: string;
  kind: MovementKind;
  method: MovementMethod;
  amount: number;
  bookingId: string | null;
  tripStartsAt: string | null;
  activity: string | null;
  customer: string | null;
  providerId: string | null;
}

export const MONEY_COLUMNS = ['Date', 'Time', 'What', 'Method', 'Amount', 'Booking', 'Trip date', 'Activity', 'Customer', 'Provider id'];

export const KIND_WORDS: Record<MovementKind, string> = {
  payment: 'Payment',
  fee: 'Change of date fee',
  refund: 'Refund',
  credit: 'Kept as credit',
  'gift card sold': 'Gift card sold',
  'unbooked payment': 'Payment after its checkout ended, not booked',
  'unbooked refund': 'Refund of a payment not booked',
};

export const METHOD_WORDS: Record<MovementMethod, string> = { card: 'Card', cash: 'Cash', check: 'Check', 'gift card': 'Gift card' };

export function moneyCsv(movements: readonly ExportedMovement[]): string {
  return csvText(
    MONEY_COLUMNS,
    movements.map((movement) => {
      const at = Date.parse(movement.at);
      return [
        denverDay(at),
        denverClock(at),
        KIND_WORDS[movement.kind],
        METHOD_WORDS[movement.method],
        decimalDollars(movement.amount),
        movement.bookingId ? bookingReference(movement.bookingId) : '',
        movement.tripStartsAt ? denverDay(Date.parse(movement.tripStartsAt)) : '',
        movement.activity ?? '',
        movement.customer ?? '',
        movement.providerId ?? '',
      ];
    }),
  );
}
