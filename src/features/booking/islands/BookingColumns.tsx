/** A booking page's two columns: its choices, under what is wrong with the catalog if anything, and the Order Summary of the cart. */
import type { ReactNode } from 'react';
import { cartTotal } from '../rules/cart.ts';
import { DEFAULT_BOOKING_IMAGE } from '../../../lib/my-bookings.ts';
import CatalogProblem from './CatalogProblem.tsx';
import OrderSummary from './OrderSummary.tsx';
import type { BookingPage } from './use-booking-page.ts';

interface Props {
  page: BookingPage;
  /** The choices: what to book, for how many, and when. */
  children: ReactNode;
  /** The summary's lines, each with what it says until it is chosen. */
  details: readonly (readonly [label: string, value: string])[];
  /** What the summary says of what is chosen. */
  about: ReactNode;
}

export default function BookingColumns({ page, children, details, about }: Props) {
  const { hydrated, catalog, product, cart, source } = page;
  const price = cart.selectedPrice;
  return (
    <div className="booking panes">
      <div className="booking-choices">
        {hydrated && <CatalogProblem catalog={catalog} product={product} />}
        {children}
      </div>
      <OrderSummary
        source={source}
        image={
          price?.metadata.image
            ? { src: price.metadata.image, alt: price.nickname }
            : { src: product?.images[0] ?? DEFAULT_BOOKING_IMAGE, alt: '' }
        }
        details={details}
        total={price ? cartTotal(cart) : null}
      >
        {about}
      </OrderSummary>
    </div>
  );
}
