/**
 * The booking selection: the schemas its stored values must pass, the selected product and price
 * derived from it, the Checkout rule and the order total.
 */
import * as v from 'valibot';
import type { Price, Product } from '../../../../shared/contract/answers.ts';
import { inclusiveDenverDays } from '../../../../shared/rules/dates.ts';
import { orderQuantity, orderTotal, type Discount } from '../../../../shared/rules/pricing.ts';
import { CALENDARS, PARTY_SIZE_MAX, PARTY_SIZE_MIN } from '../../../../shared/contract/requests.ts';

const idSchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(100));

export const priceSchema = v.object({
  id: idSchema,
  nickname: v.string(),
  unit_amount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  currency: v.string(),
  metadata: v.object({
    image: v.optional(v.string()),
    description: v.optional(v.string()),
    short: v.optional(v.string()),
    type: v.optional(v.string()),
  }),
});

export const productSchema = v.object({
  id: idSchema,
  name: v.string(),
  description: v.optional(v.string(), ''),
  images: v.array(v.string()),
  prices: v.array(priceSchema),
});

/** A date kept as its ISO text and revived as a Date. */
export const storedDateSchema = v.pipe(
  v.string(),
  v.isoTimestamp(),
  v.transform((text) => new Date(text)),
  v.check((date) => !Number.isNaN(date.getTime())),
);

/** Each value of the selection, under its fixed localStorage key (the product's id under `tourType`). */
export const CART_FIELDS = {
  tourType: idSchema,
  selectedPriceId: idSchema,
  selectedProduct: productSchema,
  selectedPrice: priceSchema,
  startDate: storedDateSchema,
  endDate: storedDateSchema,
  partySize: v.pipe(v.number(), v.integer(), v.minValue(PARTY_SIZE_MIN), v.maxValue(PARTY_SIZE_MAX)),
  dateId: idSchema,
  calendar: v.picklist(CALENDARS),
} as const;

export type CartKey = keyof typeof CART_FIELDS;
export type CartValue<K extends CartKey> = v.InferOutput<(typeof CART_FIELDS)[K]>;

/**
 * Reads a stored value: null when absent, when it is not JSON or when it fails its schema; the
 * last two are reported through `warn`, and the page goes on as if nothing was stored.
 */
export function readStoredValue<K extends CartKey>(
  key: K,
  text: string | undefined | null,
  warn: (message: string) => void,
): CartValue<K> | null {
  if (text === undefined || text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    warn(`Ignoring the stored ${key}: it is not valid JSON`);
    return null;
  }
  const parsed = v.safeParse(CART_FIELDS[key], json);
  if (!parsed.success) {
    warn(`Ignoring the stored ${key}: ${parsed.issues[0]?.message ?? 'it is not valid'}`);
    return null;
  }
  return parsed.output as CartValue<K>;
}

export interface Selection {
  product: Product;
  price: Price;
}

/**
 * With productId and selectedPriceId both set, the product whose id is productId and
 * its price whose id is selectedPriceId; otherwise neither. `undefined` while the catalog has not
 * arrived, when the answer cannot be known yet.
 */
export function deriveSelection(
  products: readonly Product[] | null,
  productId: string | null,
  selectedPriceId: string | null,
): Selection | null | undefined {
  if (!productId || !selectedPriceId) return null;
  if (!products) return undefined;
  const product = products.find((candidate) => candidate.id === productId);
  const price = product?.prices.find((candidate) => candidate.id === selectedPriceId);
  return product && price ? { product, price } : null;
}

export interface CheckoutFields {
  startDate: Date | null;
  endDate: Date | null;
  selectedPrice: Price | null;
  partySize: number | null;
}

/** Checkout needs a start date, an end date, a price and a party size above 0. */
export function canCheckout(cart: CheckoutFields): boolean {
  return Boolean(cart.startDate && cart.endDate && cart.selectedPrice && (cart.partySize ?? 0) > 0);
}

export const CHECKOUT_ALERT = 'Please select valid start and end dates, a price, and a valid party size.';

/**
 * Total shown = price x days (inclusive, in Kamas) x party size, minus discount. Before dates are
 * chosen it is the price of one day, the shortest booking.
 */
export function cartTotal(cart: CheckoutFields, discount?: Discount | null): number {
  if (!cart.selectedPrice) return 0;
  const days = cart.startDate && cart.endDate ? inclusiveDenverDays(cart.startDate, cart.endDate) : 1;
  const quantity = orderQuantity(cart.partySize ?? 0, days);
  return orderTotal(cart.selectedPrice.unit_amount, quantity, discount);
}
