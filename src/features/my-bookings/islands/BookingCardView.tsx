/**
 * One booking in My Bookings: its picture (a default when it fails to load), the price nickname, the
 * date and time in Kamas, the spots left, the party (each member's survey and waiver, and the open
 * spots), the invite link with its copy button and the booking's QR code. Also: the meeting area, Add
 * to calendar, the link to the customer's trailhead pass, and, printed, the company's phone.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { bookingReference } from '../../../../shared/rules/booking-reference.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { DEFAULT_BOOKING_IMAGE, type BookingCard } from '../../../lib/my-bookings.ts';
import { site } from '../../../../shared/company/site.ts';
import { PASS_PATH } from '../../../../shared/company/site-links.ts';
import { DetailRow } from '../../../ui/DetailsList.tsx';
import QrCode from '../../../ui/QrCode.tsx';
import { downloadBookingIcs } from './download-ics.ts';
import YourParty from './YourParty.tsx';
import { BookingChangesPlaceholder } from './BookingChangesPlaceholder.tsx';
import { useParty } from './use-party.ts';

export const QR_SIZE = 120;

// Cancelling, changing the date and leaving are fetched once the party has loaded, after the card is on screen.
const BookingChanges = lazy(() => import('./BookingChanges.tsx'));

interface Props {
  booking: BookingCard;
  /** Paid for just now: the card says so. */
  justBooked?: boolean;
  /** Moved to this date just now: the card says so, in view. */
  movedHere?: string | null;
  /** The booking moved to the date `dateId`: My Bookings loads again to show it there. */
  onMoved: (notice: string, dateId: string) => void;
  copied: boolean;
  onCopy: (text: string) => void;
}

export default function BookingCardView({ booking, justBooked = false, movedHere = null, onMoved, copied, onCopy }: Props) {
  const id = useId();
  const [imageFailed, setImageFailed] = useState(false);
  const [calendarFailed, setCalendarFailed] = useState(false);
  const when = formatDenverDateTime(booking.start);
  const party = useParty(booking.id);
  const reference = booking.bookingId ? bookingReference(booking.bookingId) : null;
  const [ended, setEnded] = useState<string | null>(null);

  function addToCalendar() {
    setCalendarFailed(false);
    downloadBookingIcs(booking).catch((error: unknown) => {
      console.warn('Could not make the calendar file', error);
      setCalendarFailed(true);
    });
  }

  if (ended) {
    return (
      <article className="booking-card booking-ended" aria-labelledby={`${id}-title`}>
        <div className="booking-body">
          <h3 id={`${id}-title`}>{booking.title}</h3>
          <p>
            <time dateTime={booking.start.toISOString()}>{when}</time>
          </p>
          <p className="booking-ended-notice" role="status" tabIndex={-1} ref={(notice) => notice?.focus()}>
            {ended}
          </p>
        </div>
      </article>
    );
  }

  return (
    <article className={justBooked ? 'booking-card booking-new' : 'booking-card'} aria-labelledby={`${id}-title`}>
      <img
        className="booking-image"
        src={imageFailed ? DEFAULT_BOOKING_IMAGE : booking.image}
        alt=""
        width={400}
        height={225}
        decoding="async"
        onError={() => setImageFailed(true)}
      />
      <div className="booking-body">
        {justBooked && <p className="booking-new-label">New: just booked</p>}
        {movedHere && (
          <p className="booking-new-label" role="status" tabIndex={-1} ref={(notice) => notice?.focus()}>
            {movedHere}
          </p>
        )}
        <h3 id={`${id}-title`}>{booking.title}</h3>
        <dl className="booking-facts">
          <DetailRow label="Date">
            <time dateTime={booking.start.toISOString()}>{when}</time>
          </DetailRow>
          <DetailRow label="Remaining Spots">
            {booking.remainingSpots}
            <span className="booking-fact-hint">
              {booking.remainingSpots === 1 ? ' open place in your party' : ' open places in your party'}
            </span>
          </DetailRow>
          <DetailRow label="Meeting area">{booking.meetingPoint}</DetailRow>
          <DetailRow label="Questions on the day" className="print-only">
            {site.name}, {site.phone.display}
          </DetailRow>
        </dl>
        <YourParty
          state={party.state}
          retry={party.retry}
          expectedRows={booking.partySeats ?? booking.remainingSpots + 1}
          inviteFieldId={booking.inviteLink ? `${id}-invite` : null}
        />
        {booking.partyFull && (booking.partySeats ?? 0) > 1 && (
          <p className="booking-party-full">Your party is full: every spot you booked is taken.</p>
        )}
        {booking.inviteLink && (
          <div className="booking-invite">
            <label htmlFor={`${id}-invite`}>Invite link</label>
            <div className="booking-invite-row">
              <input id={`${id}-invite`} type="text" readOnly value={booking.inviteLink} onFocus={(event) => event.target.select()} />
              <button type="button" className="button secondary" onClick={() => onCopy(booking.inviteLink ?? '')}>
                Copy<span className="visually-hidden"> invite link for {booking.title}</span>
              </button>
            </div>
            <p className="booking-copied" role="status">
              {copied ? 'Copied' : ''}
            </p>
          </div>
        )}
        <figure className="booking-qr">
          <QrCode value={booking.id} size={QR_SIZE} label={reference ? `QR code of booking ${reference}` : 'QR code of your booking'} />
          <figcaption>
            <strong>For the office: {reference ? `booking ${reference}` : 'your booking'}</strong>
            <span>The office scans this code to find your booking. At the trailhead, show your pass below.</span>
          </figcaption>
        </figure>
        <div className="booking-pass">
          <a className="button secondary" href={`${PASS_PATH}?date=${encodeURIComponent(booking.id)}`}>
            Your trailhead pass<span className="visually-hidden"> for {booking.title}</span>
          </a>
          <p className="form-hint">Your guide scans it at the trailhead. Once opened here, it opens with no signal.</p>
        </div>
        <div className="booking-actions">
          <button type="button" className="button secondary" onClick={addToCalendar}>
            Add to calendar
            <span className="visually-hidden">
              : {booking.title}, {when}
            </span>
          </button>
          <p role="alert" className="form-error booking-calendar-error">
            {calendarFailed ? 'The calendar file could not be made. Please try again.' : ''}
          </p>
        </div>
        {party.state.status === 'ready' ? (
          <Suspense fallback={<BookingChangesPlaceholder />}>
            <BookingChanges party={party.state.party} label={`${booking.title}, ${when}`} onEnded={setEnded} onMoved={onMoved} />
          </Suspense>
        ) : (
          <BookingChangesPlaceholder />
        )}
      </div>
    </article>
  );
}
