/** What both booking islands show before they run: an empty selection, so the first render matches the HTML. */
import type { Cart } from '../../stores/cart.ts';
import { denverDay } from '../../lib/dates.ts';
import type { CalendarName } from '../../lib/schemas.ts';

export const EMPTY_CART: Cart = {
  tourType: null,
  selectedPriceId: null,
  selectedProduct: null,
  selectedPrice: null,
  startDate: null,
  endDate: null,
  partySize: null,
  dateId: null,
  calendar: null,
};

/** The Kamas day chosen on this calendar, if any. */
export function chosenDay(cart: Cart, calendar: CalendarName): string | null {
  return cart.calendar === calendar && cart.startDate ? denverDay(cart.startDate) : null;
}
