/**
 * /booking/mentorship: the monthly mentorship field days, on the class page's pattern. Select Date
 * lists each day with its spots left; the summary shows the chosen day, what the day is, and the
 * total; Checkout goes on to the same checkout as the other bookings. One seat per customer: friends
 * join through the booking's invite link.
 */
import { useEffect } from 'react';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { MENTORSHIP_PRODUCT_TITLE } from '../../../../shared/company/site.ts';
import { choosePrice } from '../stores/cart.ts';
import { mentorshipCalendar } from '../stores/calendars.ts';
import BookingColumns from './BookingColumns.tsx';
import DateSelect from './DateSelect.tsx';
import WaitlistPanel from '../../waitlist/islands/WaitlistPanel.tsx';
import { useBookingPage } from './use-booking-page.ts';

const MENTORSHIP_PARTY_SIZE = 1;

export default function MentorshipBooking() {
  const page = useBookingPage({ source: mentorshipCalendar, productTitle: MENTORSHIP_PRODUCT_TITLE, partySize: MENTORSHIP_PARTY_SIZE });
  const { cart, product, load, notice, dates } = page;
  // The program sells one kind of day: its price is chosen as soon as the catalog says which.
  const onlyPrice = product?.prices.length === 1 ? product.prices[0] : undefined;
  useEffect(() => {
    if (onlyPrice) choosePrice(onlyPrice.id);
  }, [onlyPrice]);

  const price = cart.selectedPrice;
  const open = dates.filter((date) => date.state !== 'unavailable');
  const chosen = cart.calendar === mentorshipCalendar.name ? dates.find((date) => date.entry.id === cart.dateId) : undefined;

  return (
    <BookingColumns
      page={page}
      details={[
        ['Day', chosen?.entry.title ?? price?.nickname ?? 'Mentorship Field Day'],
        ['Date', cart.startDate ? formatDenverDateTime(cart.startDate) : 'Choose a date'],
      ]}
      about={<p>{chosen?.entry.description ?? price?.metadata.description ?? product?.description}</p>}
    >
      <DateSelect
        id="mentorship-date"
        dates={open}
        load={load}
        priced={Boolean(price)}
        value={chosen ? chosen.entry.id : ''}
        says={{ failed: 'Failed to load mentorship days. Please try again later.', none: 'No mentorship days open this season' }}
      />
      <WaitlistPanel dates={open} partySize={MENTORSHIP_PARTY_SIZE} {...page.waitlist} />
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
    </BookingColumns>
  );
}
