/**
 * What the booking islands read: the cart, the product of the page, its calendar's load and the
 * availability of each date. Before hydration it is an empty selection and a loading calendar, so
 * the first render matches the server-rendered HTML.
 */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { availabilityList, byDay, openingMonth } from '../../../../shared/rules/availability.ts';
import { monthOf } from '../../../../shared/rules/calendar-grid.ts';
import { denverDay } from '../../../../shared/rules/dates.ts';
import { $cart, startBooking, type Cart } from '../stores/cart.ts';
import { $selectionNotice, refreshWhenVisible, type CalendarLoad, type CalendarSource } from '../stores/calendars.ts';
import { $checkoutHold } from '../stores/checkout-hold.ts';
import { $products, loadProducts, productByTitle } from '../../../stores/products.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';

const EMPTY_CART: Cart = {
  productId: null,
  selectedPriceId: null,
  selectedProduct: null,
  selectedPrice: null,
  startDate: null,
  endDate: null,
  partySize: null,
  dateId: null,
  calendar: null,
};
const LOADING: CalendarLoad = { status: 'loading' };

interface Options {
  source: CalendarSource;
  /** The catalog product this page sells, by title. */
  productTitle: string;
  /** A fixed party size (a class seat), or null to let the visitor choose. */
  partySize?: number | null;
}

export function useBookingPage({ source, productTitle, partySize = null }: Options) {
  const hydrated = useHydrated();
  const storedCart = useStore($cart);
  const catalog = useStore($products);
  const storedLoad = useStore(source.$load);
  const notice = useStore($selectionNotice);
  const storedHold = useStore($checkoutHold);
  const cart = hydrated ? storedCart : EMPTY_CART;
  // The calendar's answer is drawn as a background render, which React does in short slices: a month
  // of dates appearing never holds up the page (or a tap) for one long stretch.
  const load = useDeferredValue(hydrated ? storedLoad : LOADING);
  const product = hydrated && catalog ? productByTitle(catalog, productTitle) : undefined;
  const productId = product?.id;

  useEffect(() => {
    void loadProducts();
    void source.load();
    return refreshWhenVisible(source);
  }, [source]);
  useEffect(() => {
    if (productId) startBooking(productId, source.name, partySize);
  }, [productId, source, partySize]);

  // Dates are judged open or closed as of the calendar's answer; the visitor's own held seats stay theirs.
  // They are worked out once per answer (or hold), not on every render of the page.
  const now = load.status === 'ready' ? load.checkedAt : 0;
  const hold = hydrated ? storedHold : null;
  const dates = useMemo(
    () => (load.status === 'ready' ? availabilityList(load.entries, source.name, load.checkedAt, hold) : []),
    [load, source.name, hold],
  );
  const days = useMemo(() => byDay(dates), [dates]);
  const selectedDay = cart.calendar === source.name && cart.startDate ? denverDay(cart.startDate) : null;
  /** The full date whose waitlist is open, if any. */
  const [waitFor, setWaitFor] = useState<string | null>(null);
  return {
    source,
    hydrated,
    cart,
    catalog,
    product,
    load,
    notice,
    dates,
    days,
    selectedDay,
    /** The month the calendar opens on: the chosen date's, else the first with an open date. */
    month: selectedDay ? monthOf(selectedDay) : openingMonth(dates, now),
    /** No month before the current one in Kamas. */
    firstMonth: monthOf(denverDay(now)),
    /** The page's waitlist panel: the price chosen, and the full date whose join form is open. */
    waitlist: { priceId: cart.selectedPriceId, waitFor, onWaitFor: setWaitFor },
  };
}

export type BookingPage = ReturnType<typeof useBookingPage>;
