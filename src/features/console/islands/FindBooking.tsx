/**
 * Find a booking by an e-mail, a name, a phone number or its id, or by scanning the QR code on the
 * customer's booking card. The form is a plain GET of /ops?q= (./OpsSearch.tsx); the island lists
 * what the API finds for the address's `q`.
 */
import { bookingReference } from '../../../../shared/rules/booking-reference.ts';
import { useId } from 'react';
import type { OpsBookingSummary } from '../../../../shared/contract/ops-answers.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { BOOKING_STATUS_LABELS, opsBookingLink } from '../../../lib/ops-links.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { OpsSearch } from './OpsSearch.tsx';
import { OpsStates } from './OpsStates.tsx';
import { ScanBooking } from './ScanBooking.tsx';

function Found({ query }: { query: string }) {
  const state = useStaffData<OpsBookingSummary[]>(`find:${query}`, (signal) => opsApi.findBookings({ query: { q: query }, signal }));
  if (state.status !== 'ready') return <OpsStates state={state} loadingLabel="Finding bookings" />;
  if (state.data.length === 0) return <p className="ops-note">No booking matches “{query}”.</p>;
  return (
    <ul className="ops-found" aria-label={`Bookings matching ${query}`}>
      {state.data.map((booking) => (
        <li key={booking.id}>
          <a href={opsBookingLink(booking.id)}>
            {booking.payerName}, {formatDenverDateTime(Date.parse(booking.startsAt))}
          </a>
          <span>
            {booking.activity} · party of {booking.partySize} · {BOOKING_STATUS_LABELS[booking.status]}
          </span>
          <span className="ops-muted">
            {booking.payerEmail ?? 'No e-mail'} · Booking {bookingReference(booking.id)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function FindBooking({ query }: { query: string | null }) {
  const id = useId();
  return (
    <section className="ops-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Find a booking</h2>
      <OpsSearch id={`${id}-q`} action="/ops" label="E-mail, name, phone or booking reference" query={query} />
      <ScanBooking />
      {query && <Found query={query} />}
    </section>
  );
}
