/**
 * A booking in My Bookings whose date we called off, while its payer has not chosen: what and when
 * it was, that we called it off, the deadline, and to its payer the link to choose a full refund or
 * another date (a friend in the party reads who chooses). It leaves the list once the payer
 * chooses (a move shows the booking on its new date).
 */
import { useId } from 'react';
import type { CalledOffBooking } from '../../../../shared/contract/answers.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { CALLED_OFF_PATH } from '../../../../shared/company/site-links.ts';

export const choiceHref = (bookingId: string) => `${CALLED_OFF_PATH}?${new URLSearchParams({ booking: bookingId }).toString()}`;

export default function CalledOffCard({ booking }: { booking: CalledOffBooking }) {
  const id = useId();
  const when = formatDenverDateTime(Date.parse(booking.startsAt));
  const deadline = formatDenverDateTime(Date.parse(booking.chooseBy));
  return (
    <article className="booking-card booking-called-off" aria-labelledby={`${id}-title`}>
      <div className="booking-body">
        <p className="booking-called-off-flag">Called off</p>
        <h3 id={`${id}-title`}>{booking.title}</h3>
        <p>
          <time dateTime={booking.startsAt}>{when}</time>
        </p>
        {booking.yours ? (
          <>
            <p>
              We called off this date. Choose a full refund, credit worth more, or another date at no charge by {deadline} (Kamas time); if
              you have not chosen by then, we refund you in full.
            </p>
            <a className="button primary" href={choiceHref(booking.bookingId)}>
              Choose a refund or a new date
              <span className="visually-hidden">
                {' '}
                for {booking.title}, {when}
              </span>
            </a>
          </>
        ) : (
          <p>
            We called off this date. {booking.payer}, who booked, chooses a full refund or another date at no charge by {deadline} (Kamas
            time); we will write to you when they have.
          </p>
        )}
      </div>
    </article>
  );
}
