/**
 * The console's summary of a date's trailhead, once the guides' phones have synced: how many are
 * here, did not show or are not checked in, and what was recorded for a seat that changed after the
 * sheet was saved (flagged for the office), and what the phones sent that was refused, with why.
 */
import type { OpsDateOverview } from '../../../../shared/contract/ops-answers.ts';
import { checkInOf, checkIns } from '../../../../shared/rules/check-in.ts';
import { eventNoteWords } from '../rules/check-in-words.ts';

export function TrailheadRecord({ date }: { date: OpsDateOverview }) {
  if (date.tripEvents.length === 0 && date.tripEventRefusals.length === 0) return null;
  const members = checkIns(date.tripEvents);
  const everyone = date.parties.flatMap((party) => party.roster.map((member) => checkInOf(members, party.bookingId, member.uid)));
  const here = everyone.filter((member) => member.status === 'here').length;
  const noShows = everyone.filter((member) => member.status === 'no-show').length;
  const signed = everyone.filter((member) => member.signedHere).length;
  const flagged = date.tripEvents.filter((event) => event.flag);
  return (
    <div className="ops-trailhead-record">
      <p>
        At the trailhead: {here} here, {noShows} {noShows === 1 ? 'no-show' : 'no-shows'}, {everyone.length - here - noShows} not checked in
        {signed > 0 && `; ${signed} signed the waiver there`}.
      </p>
      {flagged.length > 0 && (
        <ul className="ops-lines" aria-label="Recorded at the trailhead for seats that changed">
          {flagged.map((event) => (
            <li key={event.id}>{eventNoteWords(event, event.flag ?? '')}</li>
          ))}
        </ul>
      )}
      {date.tripEventRefusals.length > 0 && (
        <ul className="ops-lines" aria-label="Sent from the trailhead and refused">
          {date.tripEventRefusals.map((event) => (
            <li key={event.id}>Refused: {eventNoteWords(event, event.reason)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
