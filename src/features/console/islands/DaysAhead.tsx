/**
 * Today and the days ahead, a week at a time: each date someone booked with its seats, and each party
 * with its members' readiness; the dates nobody booked folded into one list; and a day field that
 * jumps to any week (a plain form: it works before the script does).
 */
import { useId } from 'react';
import type { OpsDate, OpsDays, OpsParty } from '../../../../shared/contract/ops-answers.ts';
import { denverDayPlus, denverInstant, formatDenverDate, formatDenverDateTime, formatDenverDay } from '../../../../shared/rules/dates.ts';
import { seatSummary } from '../../../lib/guide-seats.ts';
import { opsBookingLink, opsDateLink } from '../../../lib/ops-links.ts';
import type { StaffData } from '../../../ui/hooks/use-staff-data.ts';
import { PartyMembers } from './PartyMembers.tsx';
import { OpsStates } from './OpsStates.tsx';

/** A week: the days /ops shows at a time. */
export const DAYS_SHOWN = 7;

function Party({ party }: { party: OpsParty }) {
  return (
    <li className="ops-party">
      <a href={opsBookingLink(party.bookingId)}>
        {party.payer}, party of {party.partySize}
        {party.notes > 0 && ` · ${party.notes} ${party.notes === 1 ? 'note' : 'notes'}`}
      </a>
      {party.awaitingChoice && (
        <p className="ops-muted">
          Has not chosen another date or a refund yet: refunded in full after{' '}
          {formatDenverDateTime(Date.parse(party.awaitingChoice.chooseBy))}.
        </p>
      )}
      <PartyMembers members={party.members} openSpots={party.openSpots} />
    </li>
  );
}

function DateCard({ date }: { date: OpsDate }) {
  const id = useId();
  return (
    <li className="ops-date" aria-labelledby={id}>
      <h3 id={id}>
        {formatDenverDateTime(Date.parse(date.startsAt))}: {date.activity}
      </h3>
      <p className="ops-muted">{date.calledOff ? 'Called off' : seatSummary(date)}</p>
      <a className="ops-date-link" href={opsDateLink(date.id)}>
        Manage<span className="visually-hidden"> {formatDenverDateTime(Date.parse(date.startsAt))}</span>
      </a>
      {date.parties.length === 0 ? (
        <p className="ops-muted">No bookings yet.</p>
      ) : (
        <ul className="ops-parties">
          {date.parties.map((party) => (
            <Party key={party.bookingId} party={party} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The console's address for the week from `day`. */
const weekFrom = (day: string) => `/ops?from=${day}`;

/** Days with nobody booked: the next day someone is, when there is one. */
function NothingBooked({ nextBookedDay, noDates = false }: { nextBookedDay: string | null; noDates?: boolean }) {
  return (
    <p className="ops-note">
      {noDates ? 'No dates in these days.' : 'Nobody has booked these days yet.'}
      {nextBookedDay && (
        <>
          {' '}
          The next booked day is <a href={weekFrom(nextBookedDay)}>{formatDenverDay(nextBookedDay)}</a>.
        </>
      )}
    </p>
  );
}

/** The days ahead as /ops loads them (from the first Kamas day its address names, today when none). */
export function DaysAhead({ days: state }: { days: StaffData<OpsDays> }) {
  const id = useId();
  const dates = state.status === 'ready' ? state.data.dates : [];
  // A date called off stays in sight with its parties, who are waiting for their choice.
  const booked = dates.filter((date) => date.parties.length > 0 || date.calledOff);
  const open = dates.filter((date) => !booked.includes(date));
  return (
    <section className="ops-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Today and the days ahead</h2>
      {state.status !== 'ready' ? (
        <OpsStates state={state} loadingLabel="Loading the days ahead" />
      ) : (
        <>
          <nav className="ops-week" aria-label="Days shown">
            <a href={weekFrom(denverDayPlus(state.data.from, -DAYS_SHOWN))}>Earlier days</a>
            <span>
              {formatDenverDate(denverInstant(state.data.from))} to {formatDenverDate(denverInstant(state.data.through))}
            </span>
            <a href={weekFrom(denverDayPlus(state.data.from, DAYS_SHOWN))}>Later days</a>
          </nav>
          <form className="ops-jump" method="get" action="/ops">
            <label htmlFor={`${id}-day`}>Go to a day</label>
            <div className="ops-search-row">
              <input id={`${id}-day`} type="date" name="from" defaultValue={state.data.from} required />
              <button type="submit" className="button secondary">
                Go
              </button>
            </div>
          </form>
          {state.data.dates.length === 0 ? (
            <NothingBooked nextBookedDay={state.data.nextBookedDay} noDates />
          ) : (
            <>
              {booked.length === 0 ? (
                <NothingBooked nextBookedDay={state.data.nextBookedDay} />
              ) : (
                <ol className="ops-dates">
                  {booked.map((date) => (
                    <DateCard key={date.id} date={date} />
                  ))}
                </ol>
              )}
              {open.length > 0 && (
                <details className="ops-open-dates">
                  <summary>
                    {open.length} {open.length === 1 ? 'date' : 'dates'} nobody has booked yet
                  </summary>
                  <ul>
                    {open.map((date) => (
                      <li key={date.id}>
                        <a href={opsDateLink(date.id)}>{formatDenverDateTime(Date.parse(date.startsAt))}</a>: {date.activity},{' '}
                        {seatSummary(date)}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
