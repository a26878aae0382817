/**
 * /booking/mentorship: the monthly mentorship field days, on the class page's pattern. Select Date
 * lists each day with its spots left; the summary shows the chosen day, what the day is, and the
 * total; Checkout goes on to the same checkout as the other bookings. One seat per customer: friends
 * join through the booking's invite link.
 */
import { useEffect } from 'react';
import { cartTotal } from '../../lib/cart.ts';
import { formatDenverDateTime } from '../../lib/dates.ts';
import { MENTORSHIP_PRODUCT_TITLE } from '../../site.ts';
import { chooseDate, choosePrice } from '../../stores/cart.ts';
import { dismissSelectionNotice, mentorshipCalendar } from '../../stores/calendars.ts';
import CatalogProblem from './CatalogProblem.tsx';
import DateSelect from './DateSelect.tsx';
import OrderSummary from './OrderSummary.tsx';
import { useBookingPage } from './use-booking-page.ts';

const MENTORSHIP_PARTY_SIZE = 1;

export default function MentorshipBooking() {
  const { hydrated, cart, product, catalog, load, notice, dates } = useBookingPage({
    source: mentorshipCalendar,
    productTitle: MENTORSHIP_PRODUCT_TITLE,
    partySize: MENTORSHIP_PARTY_SIZE,
  });
  // The program sells one kind of day: its price is chosen as soon as the catalog says which.
  const onlyPrice = product?.prices.length === 1 ? product.prices[0] : undefined;
  useEffect(() => {
    if (onlyPrice) choosePrice(onlyPrice.id);
  }, [onlyPrice]);

  const price = cart.selectedPrice;
  const open = dates.filter((date) => date.state !== 'unavailable');
  const chosen = cart.calendar === mentorshipCalendar.name ? dates.find((date) => date.entry.id === cart.dateId) : undefined;

  function selectDate(dateId: string) {
    const date = open.find((candidate) => candidate.entry.id === dateId);
    if (!date) return;
    dismissSelectionNotice();
    chooseDate(date.entry);
  }

  const placeholder =
    load.status === 'failed'
      ? 'Failed to load mentorship days. Please try again later.'
      : load.status !== 'ready'
        ? 'Loading dates...'
        : open.length === 0
          ? 'No mentorship days open this season'
          : 'Choose a date';

  return (
    <div className="booking">
      <div className="booking-choices">
        {hydrated && <CatalogProblem catalog={catalog} product={product} />}
        <DateSelect
          id="mentorship-date"
          dates={price ? open : []}
          value={chosen ? chosen.entry.id : ''}
          disabled={!price || open.length === 0}
          placeholder={placeholder}
          onChoose={selectDate}
        />
        {load.status === 'failed' && (
          <div className="calendar-problem" role="alert">
            <p className="form-error">Unable to load mentorship days. Please check your connection.</p>
            <button type="button" className="button secondary" onClick={() => void mentorshipCalendar.load()}>
              Try again
            </button>
          </div>
        )}
        {notice && (
          <p className="form-hint selection-notice" role="status">
            {notice}
          </p>
        )}
      </div>
      <OrderSummary
        source={mentorshipCalendar}
        image={price?.metadata.image ? { src: price.metadata.image, alt: price.nickname } : null}
        details={[
          ['Day', chosen?.entry.title ?? price?.nickname ?? 'Mentorship Field Day'],
          ['Date', cart.startDate ? formatDenverDateTime(cart.startDate) : 'Choose a date'],
        ]}
        total={price ? cartTotal(cart) : null}
      >
        <p>{chosen?.entry.description ?? price?.metadata.description ?? product?.description}</p>
      </OrderSummary>
    </div>
  );
}
