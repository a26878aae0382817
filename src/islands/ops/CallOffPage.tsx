/**
 * /ops/call-off?date=ID: calling off a date for conditions from the console. The operator sees who
 * is affected first; confirming with a reason withdraws the date and asks each payer to choose a
 * full refund or another date (the same action as `npm run date:call-off`).
 */
import { useState } from 'react';
import type { OpsCallOffPreview } from '../../lib/api/ops-types.ts';
import { formatDenverDateTime } from '../../lib/dates.ts';
import { opsBookingLink } from '../../lib/ops-links.ts';
import { reasonSchema } from '../../lib/ops-schemas.ts';
import { opsApi } from '../../stores/ops-api.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useSearchParam } from '../shared/use-search-param.ts';
import { useStaffData } from '../shared/use-staff-data.ts';
import { OpsStates } from './OpsStates.tsx';
import { TextAction } from './TextAction.tsx';
import '../../styles/account.css';
import '../../styles/ops.css';

function CallOff({ preview, onDone }: { preview: OpsCallOffPreview; onDone: (preview: OpsCallOffPreview, asked: number) => void }) {
  const people = preview.parties.reduce((sum, party) => sum + party.partySize, 0);
  return (
    <section className="ops-section" aria-labelledby="ops-call-off-title">
      <h2 id="ops-call-off-title">
        {preview.productName}, {formatDenverDateTime(Date.parse(preview.startsAt))}
      </h2>
      {preview.parties.length === 0 ? (
        <p>No one has booked this date.</p>
      ) : (
        <>
          <p>
            {preview.parties.length} {preview.parties.length === 1 ? 'party' : 'parties'}, {people} {people === 1 ? 'seat' : 'seats'}:
          </p>
          <ul className="ops-found" aria-label="Parties on this date">
            {preview.parties.map((party) => (
              <li key={party.bookingId}>
                <a href={opsBookingLink(party.bookingId)}>
                  {party.payer}, party of {party.partySize}
                </a>
                <span className="ops-muted">{party.payerEmail ?? 'No e-mail'}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {preview.calledOff ? (
        <p className="ops-notice">This date is called off.</p>
      ) : (
        <TextAction
          opener="Call off this date"
          heading="Call off this date"
          label="Reason"
          hint="Each payer is told this reason and asked to choose a full refund or another date at no charge."
          submit="Call off the date"
          schema={reasonSchema}
          act={async (reason) => {
            const done = await opsApi.callOff(preview.dateId, reason);
            onDone(done, done.parties.length);
          }}
        />
      )}
    </section>
  );
}

export default function CallOffPage() {
  const hydrated = useHydrated();
  const dateId = useSearchParam('date');
  const state = useStaffData<OpsCallOffPreview>(dateId ? `call-off:${dateId}` : null, (signal) =>
    opsApi.callOffPreview(dateId ?? '', signal),
  );
  const [done, setDone] = useState<{ preview: OpsCallOffPreview; asked: number } | null>(null);
  if (hydrated && dateId === null) {
    return (
      <p className="ops-note">
        No date chosen. <a href="/ops">Choose one from the days ahead</a>.
      </p>
    );
  }
  if (state.status !== 'ready') return <OpsStates state={state} loadingLabel="Loading the date" />;
  return (
    <div className="ops">
      {done && (
        <p className="ops-notice" role="status">
          Called off. {done.asked} {done.asked === 1 ? 'payer was' : 'payers were'} asked to choose a full refund or another date.
        </p>
      )}
      <CallOff preview={done?.preview ?? state.data} onDone={(preview, asked) => setDone({ preview, asked })} />
    </div>
  );
}
