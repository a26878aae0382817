/** Today and the days ahead: each date with its seats, and each party with its members' readiness. */
import { useId } from 'react';
import type { OpsDate, OpsDays, OpsParty } from '../../lib/api/ops-types.ts';
import { denverDayPlus, denverInstant, formatDenverDate, formatDenverDateTime } from '../../lib/dates.ts';
import { opsBookingLink, opsDateLink, opsSeats } from '../../lib/ops-links.ts';
import { opsApi } from '../../stores/ops-api.ts';
import { useStaffData } from '../shared/use-staff-data.ts';
import { PartyMembers } from './PartyMembers.tsx';
import { OpsStates } from './OpsStates.tsx';

const DAYS_SHOWN = 7;

function Party({ party }: { party: OpsParty }) {
  return (
    <li className="ops-party">
      <a href={opsBookingLink(party.bookingId)}>
        {party.payer}, party of {party.partySize}
        {party.notes > 0 && ` · ${party.notes} ${party.notes === 1 ? 'note' : 'notes'}`}
      </a>
      <PartyMembers members={party.members} openSpots={party.openSpots} />
    </li>
  );
}

function DateCard({ date }: { date: OpsDate }) {
  const id = useId();
  return (
    <li className="ops-date" aria-labelledby={id}>
      <h3 id={id}>
        {formatDenverDateTime(Date.parse(date.startsAt))}: {date.productName}
      </h3>
      <p className="ops-muted">{date.calledOff ? 'Called off' : opsSeats(date)}</p>
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

/** `from`: the first Kamas day shown (YYYY-MM-DD), today when null. */
export function DaysAhead({ from }: { from: string | null }) {
  const id = useId();
  const state = useStaffData<OpsDays>(`days:${from ?? 'today'}`, (signal) => opsApi.days(from, DAYS_SHOWN - 1, signal));
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
          {state.data.dates.length === 0 ? (
            <p className="ops-note">No dates in these days.</p>
          ) : (
            <ol className="ops-dates">
              {state.data.dates.map((date) => (
                <DateCard key={date.id} date={date} />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
