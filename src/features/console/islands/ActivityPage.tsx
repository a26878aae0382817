/**
 * /ops/activity: the record of operator actions, newest first: when, who (by name), what it was done
 * to (with the booking's payer), what changed and why. It narrows to a trip day, a person (an
 * operator or a payer, by part of a name or e-mail) or one booking (`?booking=`, from a booking's
 * page) through the address, so a narrowed record can be linked and works as a plain form. It
 * prints as a list.
 */
import { useId } from 'react';
import type { OpsActivity } from '../../../../shared/contract/ops-answers.ts';
import { formatDenverRecordTime } from '../../../../shared/rules/dates.ts';
import { opsBookingLink } from '../../../lib/ops-links.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import DetailsList from '../../../ui/DetailsList.tsx';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { OpsStates } from './OpsStates.tsx';
import '../../../styles/account.css';
import '../../../styles/ops.css';

/** 'move booking' reads 'Move booking'. */
const sentenceCase = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** Who acted: their name with their e-mail, else the e-mail alone. */
const whoActed = (action: OpsActivity) =>
  action.operatorName
    ? `${action.operatorName}${action.operatorEmail ? ` (${action.operatorEmail})` : ''}`
    : (action.operatorEmail ?? 'An operator');

function Action({ action }: { action: OpsActivity }) {
  const subject = action.customer ? `${action.subject}, ${action.customer}` : action.subject;
  return (
    <li className="ops-action">
      <h2>
        {sentenceCase(action.action)}: {action.bookingId ? <a href={opsBookingLink(action.bookingId)}>{subject}</a> : subject}
      </h2>
      <DetailsList
        className="ops-details"
        details={[
          ['When', formatDenverRecordTime(Date.parse(action.at))],
          ['Who', whoActed(action)],
          ['What changed', action.change],
          ['Why', action.reason],
        ]}
      />
    </li>
  );
}

function Filters({ day, person, booking }: { day: string | null; person: string | null; booking: string | null }) {
  const id = useId();
  return (
    <form className="ops-form ops-filters" method="get" action="/ops/activity" role="search" aria-label="Narrow the record">
      <div className="field">
        <label htmlFor={`${id}-day`}>Trip day</label>
        <input id={`${id}-day`} name="day" type="date" defaultValue={day ?? ''} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-person`}>Person (a name or e-mail)</label>
        <input id={`${id}-person`} name="person" type="search" maxLength={100} defaultValue={person ?? ''} />
      </div>
      {booking && <input type="hidden" name="booking" value={booking} />}
      <div className="account-actions">
        <button type="submit" className="button primary">
          Show
        </button>
        {(day || person || booking) && (
          <a className="button secondary" href="/ops/activity">
            Show everything
          </a>
        )}
      </div>
    </form>
  );
}

export default function ActivityPage() {
  const day = useSearchParam('day');
  const person = useSearchParam('person');
  const booking = useSearchParam('booking');
  const narrowed = Boolean(day || person || booking);
  const state = useStaffData<OpsActivity[]>(`activity:${day ?? ''}:${person ?? ''}:${booking ?? ''}`, (signal) =>
    opsApi.activity({ query: { day, person, booking }, signal }),
  );
  return (
    <>
      {/* Read from the address once the island runs: a new key draws the fields again with what it says. */}
      <Filters key={`${day}|${person}|${booking}`} day={day} person={person} booking={booking} />
      {state.status !== 'ready' ? (
        <OpsStates state={state} loadingLabel="Loading the record" />
      ) : state.data.length === 0 ? (
        <p className="ops-note" role="status">
          {narrowed ? 'No operator action matches.' : 'No operator has acted in the console yet.'}
        </p>
      ) : (
        <ol className="ops-actions" aria-label="Operator actions, newest first">
          {state.data.map((action) => (
            <Action key={action.id} action={action} />
          ))}
        </ol>
      )}
    </>
  );
}
