/**
 * /ops/date?id=ID: one date in the console, its manifest: its seats and who is on it (each party's
 * members with readiness and contacts, its payment and the notes for the guides), and what an operator may do
 * with it: book it for a customer who called, set where its party meets, change its capacity (never below the seats taken), withdraw it while nobody has booked
 * or holds it, or call it off for conditions, which asks each payer to choose a full refund or
 * another date (the same action as `npm run date:call-off`). Its waitlist shows under the parties
 * (./DateWaitlist.tsx).
 */
import { useState, type ReactNode } from 'react';
import type { OpsDateOverview } from '../../../../shared/contract/ops-answers.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { seatSummary } from '../../../lib/guide-seats.ts';
import { offersMadeWords, opsBookingLink, paidText } from '../../../lib/ops-links.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { BookForCustomer } from './BookForCustomer.tsx';
import { CapacityAction } from './CapacityAction.tsx';
import { DateWaitlist } from './DateWaitlist.tsx';
import { HeldSignatures } from './HeldSignatures.tsx';
import { MeetingPointAction } from './MeetingPointAction.tsx';
import { OpsStates } from './OpsStates.tsx';
import { PartyMembers } from './PartyMembers.tsx';
import { TrailheadRecord } from '../../trailhead/islands/TrailheadRecord.tsx';
import SaveForTrailhead from '../../trailhead/islands/SaveForTrailhead.tsx';
import { trailheadWords } from '../../trailhead/rules/check-in-words.ts';
import { checkInOf, checkIns } from '../../../../shared/rules/check-in.ts';
import { ReasonAction } from './TextAction.tsx';
import '../../../styles/account.css';
import '../../../styles/ops.css';
import OpsNotice from './OpsNotice.tsx';

function dateState(date: OpsDateOverview): string {
  if (date.calledOff) return 'This date is called off.';
  if (!date.active) return 'This date is withdrawn from the calendars.';
  return `${seatSummary(date)}.`;
}

/** What calling the date off will do, said before it is done. */
function callOffWords(parties: number, seats: number): string {
  if (parties === 0) return 'Nobody has booked it, so nobody is told.';
  const whom = parties === 1 ? 'The payer of the 1 party' : `Each payer of the ${parties} parties`;
  return `${whom} (${seats} ${seats === 1 ? 'seat' : 'seats'}) is e-mailed this reason and asked to choose a full refund or another date at no charge.`;
}

function DateView({ date, version, onChanged }: { date: OpsDateOverview; version: number; onChanged: (notice: ReactNode) => void }) {
  const people = date.parties.reduce((sum, party) => sum + party.partySize, 0);
  const trailhead = checkIns(date.tripEvents);
  const bookable = date.active && !date.calledOff && !date.started;
  return (
    <section className="ops-section" aria-labelledby="ops-date-title">
      <h2 id="ops-date-title">
        {date.activity}, {formatDenverDateTime(Date.parse(date.startsAt))}
      </h2>
      <p>{dateState(date)}</p>
      <p>
        {date.meetingPoint
          ? `Meeting point: ${date.meetingWords}.`
          : `Meeting point: not set yet. Until it is, customers read “${date.meetingWords}”.`}
      </p>
      {date.parties.length === 0 ? (
        <p className="ops-muted">No one has booked this date.</p>
      ) : (
        <>
          <p>
            {date.parties.length} {date.parties.length === 1 ? 'party' : 'parties'}, {people} {people === 1 ? 'seat' : 'seats'}:
          </p>
          <ul className="ops-parties" aria-label="Parties on this date">
            {date.parties.map((party) => (
              <li key={party.bookingId} className="ops-party">
                <a href={opsBookingLink(party.bookingId)}>
                  {party.payer}, party of {party.partySize}
                </a>
                <span className="ops-muted">
                  {party.payerEmail ?? 'No e-mail'} · {paidText(party)}
                </span>
                <PartyMembers
                  members={party.roster}
                  openSpots={party.openSpots}
                  contacts
                  trailhead={(uid) => trailheadWords(checkInOf(trailhead, party.bookingId, uid))}
                />
                {party.notes.length > 0 && (
                  <ul className="ops-lines" aria-label={`Notes for the guides on ${party.payer}'s party`}>
                    {party.notes.map((note, index) => (
                      <li key={index}>Note: {note.note}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {!date.calledOff && <SaveForTrailhead dateId={date.id} />}
        </>
      )}
      <TrailheadRecord date={date} />
      <HeldSignatures date={date} onChanged={onChanged} />
      <DateWaitlist dateId={date.id} free={date.free} bookable={bookable} version={version} onChanged={onChanged} />
      {bookable && (
        <div className="ops-actions-row">
          {date.free > 0 && (
            <BookForCustomer
              date={date}
              onBooked={(booking) =>
                onChanged(
                  <>
                    Booked for {booking.payerName}, party of {booking.partySize}. <a href={opsBookingLink(booking.id)}>See the booking</a>
                  </>,
                )
              }
            />
          )}
          <MeetingPointAction
            startsAt={new Date(date.startsAt)}
            current={date.meetingPoint}
            set={async (request) => {
              const { changed, told } = await opsApi.setMeetingPoint({ params: { dateId: date.id }, body: request });
              if (!changed) onChanged('The meeting point was already that.');
              else
                onChanged(`The meeting point is set.${told > 0 ? ` ${told} ${told === 1 ? 'member was' : 'members were'} e-mailed.` : ''}`);
            }}
          />
          <CapacityAction
            capacity={date.capacity}
            change={async (capacity, reason) => {
              const { offers } = await opsApi.changeCapacity({ params: { dateId: date.id }, body: { capacity, reason } });
              onChanged(`The capacity is now ${capacity}.${offers.length > 0 ? ` ${offersMadeWords(offers, Date.now())}` : ''}`);
            }}
          />
          {date.parties.length === 0 && date.held === 0 && (
            <ReasonAction
              opener="Withdraw this date"
              hint="Nobody has booked or holds it: it leaves the calendars."
              submit="Withdraw the date"
              act={async (reason) => {
                await opsApi.withdrawDate({ params: { dateId: date.id }, body: { reason } });
                onChanged('Withdrawn from the calendars.');
              }}
            />
          )}
          <ReasonAction
            opener="Call off this date"
            hint={callOffWords(date.parties.length, people)}
            confirm={`Call off ${formatDenverDateTime(Date.parse(date.startsAt))} now? This cannot be undone.`}
            submit="Call off the date"
            act={async (reason) => {
              const done = await opsApi.callOff({ params: { dateId: date.id }, body: { reason } });
              onChanged(
                `Called off. ${done.parties.length} ${done.parties.length === 1 ? 'payer was' : 'payers were'} asked to choose a full refund or another date.`,
              );
            }}
          />
        </div>
      )}
    </section>
  );
}

export default function DatePage() {
  const hydrated = useHydrated();
  const dateId = useSearchParam('id');
  // Each change loads the date again, as it now is.
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<ReactNode>(null);
  const state = useStaffData<OpsDateOverview>(dateId ? `date:${dateId}:${version}` : null, (signal) =>
    opsApi.date({ params: { dateId: dateId ?? '' }, signal }),
  );
  // While it loads again after a change, the page keeps showing the date as it was.
  const [lastShown, setLastShown] = useState<OpsDateOverview | null>(null);
  if (state.status === 'ready' && state.data !== lastShown) setLastShown(state.data);
  const date = state.status === 'ready' ? state.data : state.status === 'loading' ? lastShown : null;
  if (hydrated && dateId === null) {
    return (
      <p className="ops-note">
        No date chosen. <a href="/ops">Choose one from the days ahead</a>.
      </p>
    );
  }
  return (
    <div className="ops">
      {notice && <OpsNotice>{notice}</OpsNotice>}
      {date ? (
        <DateView
          date={date}
          version={version}
          onChanged={(text) => {
            setNotice(text);
            setVersion((count) => count + 1);
          }}
        />
      ) : (
        state.status !== 'ready' && <OpsStates state={state} loadingLabel="Loading the date" />
      )}
    </div>
  );
}
