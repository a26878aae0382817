/**
 * Order arithmetic, in cents, shared by the summary the customer sees and the amount the API charges.
 * The day count of an order is `inclusiveDenverDays` in dates.ts: kept apart, so pages that only show
 * prices do not load the time-zone library.
 */

export type Discount = { percentOff: number; amountOff?: never } | { amountOff: number; percentOff?: never };

/** Quantity = party size times number of days (inclusive, counted by `inclusiveDenverDays`). */
export function orderQuantity(partySize: number, days: number): number {
  return partySize * days;
}

/** What a discount takes off a subtotal: percent rounds to the cent, amount-off never exceeds the subtotal. */
export function discountAmount(subtotal: number, discount: Discount | null | undefined): number {
  if (!discount) return 0;
  if (discount.percentOff !== undefined) return Math.round((subtotal * discount.percentOff) / 100);
  return Math.min(discount.amountOff, subtotal);
}

/** Total = unit price x quantity, minus discount. */
export function orderTotal(unitAmount: number, quantity: number, discount?: Discount | null): number {
  const subtotal = unitAmount * quantity;
  return subtotal - discountAmount(subtotal, discount);
}

/**
 * Cents to a dollar label: 12500 -> "$125", 12550 -> "$125.50", 125000 -> "$1,250". Written out here
 * rather than by Intl.NumberFormat: the first Intl formatter a page makes wakes the browser's locale
 * data, a long moment on a slow phone, and a price needs none of it.
 */
export function formatDollars(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = whole % 100;
  return `${cents < 0 ? '-' : ''}$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** An amount in cents: '$125' or '$125.50' in dollars, otherwise the amount and the currency's code ('120.50 EUR'). */
export function formatMoney(cents: number, currency: string): string {
  if (currency.toLowerCase() === 'usd') return formatDollars(cents);
  return `${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency.toUpperCase()}`;
}

/** The "lowest - highest" price range of a product's prices, or null when it has none. */
export function priceRange(unitAmounts: readonly number[]): string | null {
  if (unitAmounts.length === 0) return null;
  const low = Math.min(...unitAmounts);
  const high = Math.max(...unitAmounts);
  return low === high ? formatDollars(low) : `${formatDollars(low)} - ${formatDollars(high)}`;
}
