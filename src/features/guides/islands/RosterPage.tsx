/**
 * /guide/roster?date=ID: everyone on one date, with what a guide needs before the trailhead: contacts
 * (phone numbers a thumb can call), emergency contact, medical conditions, the survey answers, the
 * waiver and who invited whom; anyone not ready marked at the top of their card, and the seats paid
 * for that nobody has taken yet. It prints one date per page and downloads as CSV. With no signal, it
 * points to the date's trip sheet when one is saved on this phone.
 */
import { useSyncExternalStore } from 'react';
import type { Roster, RosterParticipant } from '../../../../shared/contract/answers.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { people } from '../../../../shared/rules/party.ts';
import { seatSummary } from '../../../lib/guide-seats.ts';
import { joinedHow, notReadyWords, participantName, rosterCsv, rosterFileName, waiverSummary } from '../../../lib/roster-csv.ts';
import { GuideStates } from './GuideStates.tsx';
import { saveTextFile } from '../../../lib/save-text-file.ts';
import { safetyDetails } from '../../trailhead/islands/safety-details.tsx';
import SaveForTrailhead from '../../trailhead/islands/SaveForTrailhead.tsx';
import SavedSheetLink from '../../trailhead/islands/SavedSheetLink.tsx';
import { api } from '../../../stores/api.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import '../../../styles/account.css';
import '../../../styles/guide.css';
import DetailsList, { type Detail } from '../../../ui/DetailsList.tsx';

const noChanges = () => () => undefined;

const SURVEY_ANSWERS = [
  ['transportation', 'Transportation'],
  ['uphillAbility', 'Uphill ability'],
  ['downhillAbility', 'Downhill ability'],
  ['beacon', 'Beacon'],
  ['shovel', 'Shovel'],
  ['probe', 'Probe'],
] as const;

function Participant({ person }: { person: RosterParticipant }) {
  const { survey } = person;
  const name = participantName(person);
  const notReady = notReadyWords(person);
  const rows: Detail[] = [
    ['Party', joinedHow(person)],
    ['E-mail', person.email ?? 'None'],
    ...safetyDetails(person),
    ...SURVEY_ANSWERS.map(([field, label]): Detail => [label, survey?.[field] ?? 'Not answered']),
    ['Waiver', waiverSummary(person)],
  ];
  return (
    <li className={`roster-person${notReady ? ' not-ready' : ''}`}>
      <h3>{name}</h3>
      {notReady && <p className="roster-not-ready">Not ready: {notReady}</p>}
      <DetailsList details={rows} />
    </li>
  );
}

export default function RosterPage() {
  // The date's id from the address: undefined in the server's HTML and while hydrating, null when missing.
  const dateId = useSyncExternalStore(
    noChanges,
    () => new URLSearchParams(window.location.search).get('date'),
    () => undefined,
  );
  const noDate = dateId === null;
  const state = useStaffData<Roster>(dateId ?? null, (signal) => api.roster({ params: { dateId: dateId ?? '' }, signal }));

  if (noDate) {
    return (
      <p className="guide-note">
        No date chosen. <a href="/guide">Choose a date</a> to see its roster.
      </p>
    );
  }
  if (state.status !== 'ready') {
    return (
      <>
        <GuideStates state={state} loadingLabel="Loading the roster" />
        {state.status === 'failed' && state.noSignal && dateId && <SavedSheetLink dateId={dateId} />}
      </>
    );
  }
  const { date, participants } = state.data;
  const when = formatDenverDateTime(date.date._seconds * 1000);
  const notReadyCount = participants.filter((person) => notReadyWords(person) !== null).length;
  const unnamed = Math.max(date.taken - participants.length, 0);
  return (
    <section className="roster" aria-labelledby="roster-title">
      <h2 id="roster-title">
        {when}: {date.activity}
      </h2>
      <p>
        {seatSummary(date)}. {people(participants.length)} on the roster
        {notReadyCount > 0 && `, ${notReadyCount} not ready`}.
      </p>
      {unnamed > 0 && (
        <p className="roster-unnamed">
          {unnamed} {unnamed === 1 ? 'seat is' : 'seats are'} paid for but not yet named: friends of the party who have not joined with the
          invite link.
        </p>
      )}
      <div className="account-actions roster-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => saveTextFile(rosterCsv(state.data), 'text/csv;charset=utf-8', rosterFileName(date.id))}
        >
          Download CSV
        </button>
        <button type="button" className="button secondary" onClick={() => window.print()}>
          Print
        </button>
        <a href="/guide">All dates</a>
      </div>
      <SaveForTrailhead dateId={date.id} />
      {participants.length === 0 ? (
        <p className="guide-note">Nobody has booked this date yet.</p>
      ) : (
        <ul className="roster-people">
          {participants.map((person) => (
            <Participant key={`${person.bookingId}-${person.uid}`} person={person} />
          ))}
        </ul>
      )}
    </section>
  );
}
