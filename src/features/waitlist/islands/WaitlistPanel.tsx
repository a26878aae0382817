/**
 * The waitlist of a booking page's full dates, for the price chosen: closed, a `Full: join the
 * waitlist` button under the date choice; open (from that button, or a full day tapped on the
 * calendar), the join form for that date (./JoinWaitlist.tsx), whose code loads only then, so a page
 * whose visitor never meets a full date carries none of it.
 */
import { lazy, Suspense } from 'react';
import type { DateAvailability } from '../../../../shared/rules/availability.ts';

const JoinWaitlist = lazy(() => import('./JoinWaitlist.tsx'));

interface Props {
  /** The dates of the price chosen, full or not (a nearby date is one of them). */
  dates: readonly DateAvailability[];
  priceId: string | null;
  /** The seats the party would book, and so waits for: one for a class or a mentorship day, the chosen party for a day tour. */
  partySize: number;
  /** The full date the form is open for; null while it is closed. */
  waitFor: string | null;
  onWaitFor: (dateId: string | null) => void;
}

export default function WaitlistPanel({ dates, priceId, partySize, waitFor, onWaitFor }: Props) {
  const fullDates = dates.filter((date) => date.state === 'full');
  const first = fullDates[0];
  if (!priceId || !first) return null;
  const chosen = fullDates.find((date) => date.entry.id === waitFor);
  if (!chosen) {
    return (
      <div>
        <button type="button" className="button secondary" onClick={() => onWaitFor(first.entry.id)}>
          Full: join the waitlist
        </button>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <JoinWaitlist
        dates={dates}
        fullDates={fullDates}
        chosen={chosen}
        priceId={priceId}
        partySize={partySize}
        onChoose={onWaitFor}
        onClose={() => onWaitFor(null)}
      />
    </Suspense>
  );
}
