/**
 * Join the waitlist (./JoinWaitlist.tsx) where a booking page has full dates for the price chosen:
 * its code loads only then (never before the island runs: the page has no price chosen yet), so a
 * page with seats on every date carries none of it.
 */
import { lazy, Suspense } from 'react';
import type { DateAvailability } from '../../../../shared/rules/availability.ts';

const JoinWaitlist = lazy(() => import('./JoinWaitlist.tsx'));

export default function WaitlistPanel({ fullDates, priceId }: { fullDates: readonly DateAvailability[]; priceId: string | null }) {
  if (!priceId || fullDates.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <JoinWaitlist fullDates={fullDates} priceId={priceId} />
    </Suspense>
  );
}
