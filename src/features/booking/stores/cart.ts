/**
 * `$cart`: the booking selection, kept in localStorage under the keys the site has always used (tourType,
 * selectedPriceId, selectedProduct, selectedPrice, startDate, endDate, partySize, dateId, calendar), so it
 * is the same on every page and in every tab (a change in one tab reaches the others through storage events).
 * The selection calls the product's id `productId`; it is kept under `tourType`. Every other field is
 * kept under its own name. Stored values that do not parse or fail their schema are logged and treated as absent.
 */
import { batched, computed, type ReadableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import type { CalendarDate } from '../../../../shared/rules/calendar-date.ts';
import { canCheckout, deriveSelection, readStoredValue, type CartKey, type CartValue } from '../rules/cart.ts';
import type { CalendarName } from '../../../../shared/contract/requests.ts';
import { $products } from '../../../stores/products.ts';

const warn = (message: string) => console.warn(message);

function stored<K extends CartKey>(key: K) {
  return persistentAtom<CartValue<K> | null>(key, null, {
    // An absent value removes its key.
    encode: (value) => (value === null ? undefined : JSON.stringify(value)) as string,
    decode: (text) => readStoredValue(key, text, warn),
  });
}

const $productId = stored('tourType');
const $selectedPriceId = stored('selectedPriceId');
const $selectedProduct = stored('selectedProduct');
const $selectedPrice = stored('selectedPrice');
const $startDate = stored('startDate');
const $endDate = stored('endDate');
const $partySize = stored('partySize');
const $dateId = stored('dateId');
const $calendar = stored('calendar');

export const $cart = batched(
  [$productId, $selectedPriceId, $selectedProduct, $selectedPrice, $startDate, $endDate, $partySize, $dateId, $calendar],
  (productId, selectedPriceId, selectedProduct, selectedPrice, startDate, endDate, partySize, dateId, calendar) => ({
    productId,
    selectedPriceId,
    selectedProduct,
    selectedPrice,
    startDate,
    endDate,
    partySize,
    dateId,
    calendar,
  }),
);
export type Cart = ReturnType<(typeof $cart)['get']>;

/** The chosen price id alone, changed at once (the batched cart follows a moment later): a choice shows where it was made without a flicker. */
export const $chosenPriceId: ReadableAtom<string | null> = $selectedPriceId;

export const $checkoutReady: ReadableAtom<boolean> = computed($cart, canCheckout);

function setIfChanged<T>(store: { get(): T; set(value: T): void }, value: T) {
  if (JSON.stringify(store.get()) !== JSON.stringify(value)) store.set(value);
}

// The selected product and price follow the product id, selectedPriceId and the catalog;
// while the catalog loads, the stored ones stand.
computed([$products, $productId, $selectedPriceId], deriveSelection).subscribe((selection) => {
  if (selection === undefined) return;
  setIfChanged($selectedProduct, selection?.product ?? null);
  setIfChanged($selectedPrice, selection?.price ?? null);
});

export function clearDate() {
  $startDate.set(null);
  $endDate.set(null);
  $dateId.set(null);
}

/**
 * A booking page opens its product. Coming from another product starts a new selection; coming
 * back to the same one keeps what was chosen.
 */
export function startBooking(productId: string, calendar: CalendarName, partySize: number | null = null) {
  if ($productId.get() !== productId || $calendar.get() !== calendar) {
    $productId.set(productId);
    $calendar.set(calendar);
    $selectedPriceId.set(null);
    clearDate();
  }
  if (partySize !== null) setIfChanged($partySize, partySize);
  else if ($partySize.get() === null) $partySize.set(1);
}

/** On the class page, changing the class resets the chosen date. */
export function choosePrice(priceId: string | null, { resetsDate = false } = {}) {
  if ($selectedPriceId.get() === priceId) return;
  $selectedPriceId.set(priceId);
  if (resetsDate) clearDate();
}

export function choosePartySize(size: number) {
  $partySize.set(size);
}

/** Picking a date sets start and end to that day and sets the date id. */
export function chooseDate(date: CalendarDate) {
  // The selection's own copy of the start, apart from the calendar's.
  const start = new Date(date.startsAt.getTime());
  $startDate.set(start);
  $endDate.set(start);
  $dateId.set(date.id);
}

/** Checkout on a waitlist offer: the selection is the offer's date, price and party, whatever was chosen before. */
export function chooseOffered(offer: {
  productId: string;
  calendar: CalendarName;
  priceId: string;
  partySize: number;
  dateId: string;
  startsAt: Date;
}) {
  startBooking(offer.productId, offer.calendar, offer.partySize);
  choosePrice(offer.priceId);
  setIfChanged($startDate, offer.startsAt);
  setIfChanged($endDate, offer.startsAt);
  setIfChanged($dateId, offer.dateId);
}

/** After a payment: the whole selection goes, on every page and in every tab. */
export function emptyCart() {
  for (const store of [$productId, $selectedPriceId, $selectedProduct, $selectedPrice, $partySize, $calendar]) store.set(null);
  clearDate();
}
