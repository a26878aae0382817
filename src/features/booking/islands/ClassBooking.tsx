/**
 * /booking/avalanche-class: Select Class, Select Date (spots left per date), the month
 * calendar with an icon per class type, and the summary with the class's learning objectives. A
 * full date of the chosen class can be waited for (Join the waitlist).
 * Changing the class resets the date; picking a date sets start and end to that day.
 */
import { useEffect } from 'react';
import { seatsWords, type DateAvailability } from '../../../../shared/rules/availability.ts';
import type { DayKey } from '../../../../shared/rules/calendar-grid.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { classObjectives } from '../../../content/class-objectives.ts';
import { CLASS_PRODUCT_TITLE } from '../../../../shared/company/site.ts';
import { chooseDate, choosePrice } from '../stores/cart.ts';
import { classCalendar, dismissSelectionNotice } from '../stores/calendars.ts';
import CalendarFrame from './CalendarFrame.tsx';
import BookingColumns from './BookingColumns.tsx';
import DateSelect from './DateSelect.tsx';
import { ClassIcon, FullMark } from './markers.tsx';
import type { DayView } from './MonthCalendar.tsx';
import PriceChoice from './PriceChoice.tsx';
import WaitlistPanel from '../../waitlist/islands/WaitlistPanel.tsx';
import { useBookingPage } from './use-booking-page.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';

/** One seat per customer; friends join through the invite link. */
const CLASS_PARTY_SIZE = 1;

export default function ClassBooking() {
  const page = useBookingPage({ source: classCalendar, productTitle: CLASS_PRODUCT_TITLE, partySize: CLASS_PARTY_SIZE });
  const { cart, product, load, notice, dates, days, selectedDay, month, firstMonth } = page;
  // Enroll Now on the services page names its class (?class=moto): chosen once the catalog says which price it is.
  const named = useSearchParam('class');
  const namedPriceId = product?.prices.find((option) => option.metadata.type === named)?.id;
  const bookingStarted = product !== undefined && cart.productId === product.id;
  useEffect(() => {
    if (namedPriceId && bookingStarted) choosePrice(namedPriceId, { resetsDate: true });
  }, [namedPriceId, bookingStarted]);
  const price = cart.selectedPrice;
  /** Whether a date is of the chosen class (none is, before a class is chosen). */
  const ofChosenClass = (date: DateAvailability) => cart.selectedPriceId !== null && date.entry.priceId === cart.selectedPriceId;
  const classDates = dates.filter((date) => ofChosenClass(date) && date.state !== 'unavailable');
  const nicknameOf = (date: DateAvailability) => product?.prices.find((option) => option.id === date.entry.priceId)?.nickname ?? 'Class';

  function dayView(day: DayKey): DayView {
    const onDay = days.get(day) ?? [];
    const marker = (
      <span className="class-icons">
        {onDay.map((date) => (
          <ClassIcon key={date.entry.id} type={date.entry.classType} />
        ))}
      </span>
    );
    if (onDay.length === 0) return { state: 'unavailable', description: 'No class' };
    const description = onDay
      .map(
        (date) =>
          `${nicknameOf(date)}, ${date.state === 'unavailable' ? 'closed' : date.state === 'full' ? 'Full: join the waitlist' : seatsWords(date.spotsLeft)}`,
      )
      .join('; ');
    const state = onDay.some((date) => date.state === 'available')
      ? 'available'
      : onDay.some((date) => date.state === 'full')
        ? 'full'
        : 'unavailable';
    return { state, description, marker };
  }

  /** A day on the calendar chooses its class too: the chosen class's date when it has one that day. */
  function selectDay(day: DayKey) {
    const open = (days.get(day) ?? []).filter((date) => date.state === 'available');
    const date = open.find(ofChosenClass) ?? open[0];
    if (!date?.entry.priceId) return;
    dismissSelectionNotice();
    choosePrice(date.entry.priceId, { resetsDate: true });
    chooseDate(date.entry);
  }

  /** A full day tapped opens the waitlist of its date: the chosen class's when it has one that day. */
  function waitForDay(day: DayKey) {
    const full = (days.get(day) ?? []).filter((date) => date.state === 'full');
    const date = full.find(ofChosenClass) ?? full[0];
    if (!date?.entry.priceId) return;
    if (!ofChosenClass(date)) choosePrice(date.entry.priceId, { resetsDate: true });
    page.waitlist.onWaitFor(date.entry.id);
  }

  const objectives = price?.metadata.type ? classObjectives[price.metadata.type] : undefined;

  return (
    <BookingColumns
      page={page}
      details={[
        ['Class', price?.nickname ?? 'Choose a class'],
        ['Date', cart.startDate ? formatDenverDateTime(cart.startDate) : 'Choose a date'],
      ]}
      about={
        objectives && (
          <>
            <h3>What you will learn</h3>
            <p>{objectives.lead}</p>
            <ul>
              {objectives.objectives.map((objective) => (
                <li key={objective}>{objective}</li>
              ))}
            </ul>
          </>
        )
      }
    >
      <PriceChoice id="class-price" label="Select Class" page={page} loading="Loading classes..." rows={2} resetsDate />
      <DateSelect
        id="class-date"
        dates={classDates}
        load={load}
        priced={Boolean(cart.selectedPriceId)}
        value={cart.calendar === classCalendar.name ? (cart.dateId ?? '') : ''}
        says={{
          unpriced: 'Select a class first',
          failed: 'Failed to load classes. Please try again later.',
          none: 'No available dates for the selected class',
        }}
      />
      <WaitlistPanel dates={classDates} partySize={CLASS_PARTY_SIZE} {...page.waitlist} />
      <h2 className="booking-step">Class Calendar</h2>
      <CalendarFrame
        load={load}
        failure={{
          text: 'Unable to load classes. Please check your connection and try refreshing the page.',
          retryLabel: 'Retry Now',
          onRetry: () => void classCalendar.load(),
        }}
        calendar={{ label: 'Class dates', month, firstMonth, dayView, selectedDay, onSelect: selectDay, onFullSelect: waitForDay }}
        legendClassName="class-legend"
        legend={
          <>
            {product?.prices.map((option) => (
              <li key={option.id}>
                <span className="legend-swatch" aria-hidden="true">
                  <ClassIcon type={option.metadata.type} />
                </span>{' '}
                {option.nickname}
              </li>
            ))}
            <li>
              <span className="legend-swatch full" aria-hidden="true">
                <FullMark />
              </span>{' '}
              Full: join the waitlist
            </li>
          </>
        }
        notice={notice}
      />
    </BookingColumns>
  );
}
