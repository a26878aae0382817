/**
 * /ops/booking?id=ID: one booking as an operator answers its customer: when and what, the party
 * with each member's readiness and contacts, payments and refunds, messages sent, notes for the
 * guides and its history; and, while it is paid, moving it to another date or cancelling it for the customer.
 */
import { bookingReference } from '../../../../shared/rules/booking-reference.ts';
import { useRef, useState } from 'react';
import type { OpsBooking } from '../../../../shared/contract/ops-answers.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { BOOKING_STATUS_LABELS, messageLine, paidText } from '../../../lib/ops-links.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import DetailsList from '../../../ui/DetailsList.tsx';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { CancelForCustomer } from './CancelForCustomer.tsx';
import { ReasonAction, TextAction } from './TextAction.tsx';
import { opsNoteSchema } from '../../../../shared/contract/ops-requests.ts';
import { PartyMembers } from './PartyMembers.tsx';
import { MoveForCustomer } from './MoveForCustomer.tsx';
import { OpsStates } from './OpsStates.tsx';
import { PaymentLines } from './PaymentLines.tsx';
import '../../../styles/account.css';
import '../../../styles/ops.css';
import OpsNotice from './OpsNotice.tsx';

const when = (iso: string) => formatDenverDateTime(Date.parse(iso));

function Booking({ booking, onChanged }: { booking: OpsBooking; onChanged: (booking: OpsBooking) => void }) {
  const [notice, setNotice] = useState<string | null>(null);
  // One id per request to send the confirmation again: a retry of the same request sends one message.
  const resendId = useRef(crypto.randomUUID());
  const details: [string, string][] = [
    ['Status', booking.calledOff && booking.status === 'paid' ? 'Paid, date called off' : BOOKING_STATUS_LABELS[booking.status]],
    ['Booked by', `${booking.payerName}${booking.payerEmail ? `, ${booking.payerEmail}` : ''}`],
    ['Paid', paidText(booking)],
    ...(booking.refundAmount !== null ? ([['Refunded', formatDollars(booking.refundAmount)]] as [string, string][]) : []),
    ['Booking', bookingReference(booking.id)],
  ];
  return (
    <div className="ops">
      <section className="ops-section" aria-labelledby="ops-booking-title">
        <h2 id="ops-booking-title">
          {booking.activity}, {when(booking.startsAt)}
        </h2>
        <DetailsList details={details} className="ops-details" />
        {notice && <OpsNotice>{notice}</OpsNotice>}
        {booking.status === 'paid' && (
          <div className="ops-actions-row">
            <MoveForCustomer
              booking={booking}
              onMoved={(moved) => {
                setNotice(`Moved to ${when(moved.startsAt)}. The party is told by e-mail.`);
                onChanged(moved);
              }}
            />
            {!booking.calledOff && (
              <CancelForCustomer
                booking={booking}
                onCancelled={(cancelled) => {
                  setNotice(`Cancelled. ${formatDollars(cancelled.refundAmount ?? 0)} goes back to ${cancelled.payerName}.`);
                  onChanged(cancelled);
                }}
              />
            )}
            <ReasonAction
              opener="Send the confirmation again"
              hint={`The confirmation goes to ${booking.payerEmail ?? 'the payer'} as the booking is now.`}
              submit="Send it again"
              act={async (reason) => {
                onChanged(
                  await opsApi.resendConfirmation({ params: { bookingId: booking.id }, body: { reason, requestId: resendId.current } }),
                );
                resendId.current = crypto.randomUUID();
                setNotice(`The confirmation is on its way to ${booking.payerEmail ?? 'the payer'}.`);
              }}
            />
          </div>
        )}
      </section>

      <section className="ops-section" aria-labelledby="ops-party-title">
        <h2 id="ops-party-title">Party of {booking.partySize}</h2>
        <PartyMembers members={booking.members} openSpots={booking.openSpots} contacts />
      </section>

      <section className="ops-section" aria-labelledby="ops-payments-title">
        <h2 id="ops-payments-title">Payments and refunds</h2>
        <PaymentLines openFlags={booking.openFlags} payments={booking.payments} paid={booking} />
      </section>

      <section className="ops-section" aria-labelledby="ops-messages-title">
        <h2 id="ops-messages-title">Messages</h2>
        {booking.messages.length === 0 ? (
          <p className="ops-muted">No messages.</p>
        ) : (
          <ul className="ops-lines">
            {booking.messages.map((message, index) => (
              <li key={index}>
                {when(message.at)}: {messageLine(message)}
                {message.lastError ? <span className="form-error"> Last error: {message.lastError}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="ops-section" aria-labelledby="ops-notes-title">
        <h2 id="ops-notes-title">Notes for the guides</h2>
        <TextAction
          opener="Add a note"
          heading="A note for the guides"
          label="Note"
          hint="Kept with this booking for the guides, with who wrote it and when."
          submit="Add note"
          schema={opsNoteSchema.entries.note}
          act={async (note) => onChanged(await opsApi.addNote({ params: { bookingId: booking.id }, body: { note } }))}
        />
        {booking.notes.length === 0 ? (
          <p className="ops-muted">No notes.</p>
        ) : (
          <ul className="ops-lines">
            {booking.notes.map((note, index) => (
              <li key={index}>
                {note.note}{' '}
                <span className="ops-muted">
                  ({note.author ?? 'someone'}, {when(note.at)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="ops-section" aria-labelledby="ops-history-title">
        <h2 id="ops-history-title">History</h2>
        <ol className="ops-lines">
          {booking.history.map((line, index) => (
            <li key={index}>
              {when(line.at)}: {line.text}
              {line.by ? `, by ${line.by}` : ''}
              {line.reason ? `: “${line.reason}”` : ''}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export default function OpsBookingPage() {
  const hydrated = useHydrated();
  const bookingId = useSearchParam('id');
  const state = useStaffData<OpsBooking>(bookingId ? `booking:${bookingId}` : null, (signal) =>
    opsApi.booking({ params: { bookingId: bookingId ?? '' }, signal }),
  );
  const [changed, setChanged] = useState<OpsBooking | null>(null);
  if (hydrated && bookingId === null) {
    return (
      <p className="ops-note">
        No booking chosen. <a href="/ops">Find a booking</a>.
      </p>
    );
  }
  if (state.status !== 'ready') return <OpsStates state={state} loadingLabel="Loading the booking" />;
  const booking = changed?.id === state.data.id ? changed : state.data;
  return <Booking booking={booking} onChanged={setChanged} />;
}
