/** The figures of an order as the checkout shows and sends them. */
import { inclusiveDenverDays } from '../../../../shared/rules/dates.ts';
import { orderQuantity } from '../../../../shared/rules/pricing.ts';

export interface OrderFigures {
  /** Calendar days in Kamas, both ends included; 0 without a valid date. */
  days: number;
  /** Party size x days. */
  quantity: number;
}

export function orderFigures(order: { startDate: Date | null; endDate: Date | null; partySize: number | null }): OrderFigures {
  const days = inclusiveDenverDays(order.startDate, order.endDate ?? order.startDate);
  return { days, quantity: orderQuantity(order.partySize ?? 0, days) };
}

/** The payment step with no chosen price or date shows 'Your Cart is Empty'. */
export function cartIsEmpty(order: {
  selectedPrice: unknown;
  selectedPriceId: string | null;
  startDate: Date | null;
  dateId: string | null;
}): boolean {
  return !order.selectedPriceId || !order.selectedPrice || !order.startDate || !order.dateId;
}
