/** The trailhead passes kept on the device, for My Bookings with no network: when they were updated, then each pass. */
import { formatDenverMoment } from '../../../../shared/rules/dates.ts';
import type { Passes } from '../stores/pass-store.ts';
import TrailheadPassCard from './TrailheadPassCard.tsx';
import '../../../styles/pass.css';

/** 'Updated 5:40 AM.', or with no network 'No connection: as last updated 5:40 AM.' */
export function passesUpdated(passes: Passes): string {
  const when = formatDenverMoment(Date.parse(passes.updatedAt));
  return passes.fresh ? `Updated ${when}.` : `No connection: this is as last updated ${when}.`;
}

export default function KeptPasses({ passes }: { passes: Passes }) {
  if (passes.passes.length === 0) return null;
  return (
    <>
      <p className="pass-updated">Your trailhead passes are kept on this phone. {passesUpdated(passes)}</p>
      <ul className="pass-list">
        {passes.passes.map((pass) => (
          <li key={`${pass.dateId}/${pass.bookingId}`}>
            <TrailheadPassCard pass={pass} />
          </li>
        ))}
      </ul>
    </>
  );
}
