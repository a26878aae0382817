/**
 * /booking/backcountry-tour: Select Activity, Select Party Size, the calendar of
 * day tours and the Order Summary. A day tour is private: a date is full once anyone holds it.
 */
import type { DayKey } from '../../../../shared/rules/calendar-grid.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { PARTY_SIZE_MIN } from '../../../../shared/contract/requests.ts';
import { DAY_TOUR_PRODUCT_TITLE } from '../../../../shared/company/site.ts';
import { chooseDate, choosePartySize } from '../stores/cart.ts';
import { dayTourCalendar, dismissSelectionNotice } from '../stores/calendars.ts';
import CalendarFrame from './CalendarFrame.tsx';
import BookingColumns from './BookingColumns.tsx';
import { FullMark } from './markers.tsx';
import type { DayView } from './MonthCalendar.tsx';
import PartySizeOptions from './PartySizeOptions.tsx';
import PriceChoice from './PriceChoice.tsx';
import WaitlistPanel from '../../waitlist/islands/WaitlistPanel.tsx';
import { useBookingPage } from './use-booking-page.ts';

export default function DayTourBooking() {
  const page = useBookingPage({ source: dayTourCalendar, productTitle: DAY_TOUR_PRODUCT_TITLE });
  const { hydrated, cart, load, notice, dates, days, selectedDay, month, firstMonth } = page;
  const price = cart.selectedPrice;

  function dayView(day: DayKey): DayView {
    const date = days.get(day)?.[0];
    if (date?.state === 'available') return { state: 'available', description: 'Available' };
    if (date?.state === 'full') return { state: 'full', description: 'Fully Booked', marker: <FullMark /> };
    return { state: 'unavailable', description: 'Unavailable' };
  }

  function selectDay(day: DayKey) {
    const date = days.get(day)?.[0];
    if (!date) return;
    dismissSelectionNotice();
    chooseDate(date.entry);
  }

  return (
    <BookingColumns
      page={page}
      details={[
        ['Date', cart.startDate ? formatDenverDateTime(cart.startDate) : 'Choose a date'],
        ['Activity', price?.nickname ?? 'Choose an activity'],
        ['Party Size', String(cart.partySize ?? PARTY_SIZE_MIN)],
      ]}
      about={price?.metadata.description && <p>{price.metadata.description}</p>}
    >
      <PriceChoice id="day-tour-activity" label="Select Activity" page={page} loading="Loading activities..." rows={3} />
      <div className="field">
        <label htmlFor="day-tour-party-size">Select Party Size</label>
        <select
          id="day-tour-party-size"
          value={cart.partySize ?? PARTY_SIZE_MIN}
          disabled={!hydrated}
          onChange={(event) => choosePartySize(Number(event.target.value))}
        >
          <PartySizeOptions />
        </select>
      </div>
      <h2 className="booking-step">Select a Date</h2>
      <CalendarFrame
        load={load}
        failure={{ text: 'Failed to fetch available dates.', retryLabel: 'Try again', onRetry: () => void dayTourCalendar.load() }}
        calendar={{ label: 'Day tour dates', month, firstMonth, dayView, selectedDay, onSelect: selectDay }}
        legend={
          <>
            <li>
              <span className="legend-swatch available" aria-hidden="true" /> Available
            </li>
            <li>
              <span className="legend-swatch full" aria-hidden="true">
                <FullMark />
              </span>{' '}
              Fully Booked
            </li>
            <li>
              <span className="legend-swatch unavailable" aria-hidden="true" /> Unavailable
            </li>
          </>
        }
        notice={notice}
      />
      <WaitlistPanel
        dates={dates.filter((date) => date.state !== 'unavailable')}
        partySize={cart.partySize ?? PARTY_SIZE_MIN}
        {...page.waitlist}
      />
    </BookingColumns>
  );
}
