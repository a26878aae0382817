/**
 * Where a page that needs a network has no signal: the date's trip sheet, when one is saved on this
 * phone for the signed-in guide, opens from here (nothing shows when none is).
 */
import { useStore } from '@nanostores/react';
import { formatDenverMoment } from '../../../../shared/rules/dates.ts';
import { $knownUser } from '../../../stores/auth.ts';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';
import { savedSheet } from '../stores/trip-store.ts';

export default function SavedSheetLink({ dateId }: { dateId: string }) {
  const uid = useStore($knownUser)?.uid ?? null;
  const saved = useLoaded(
    uid ? `${uid}/${dateId}` : null,
    () => savedSheet(uid ?? '', dateId),
    'Could not read the trip sheet saved on this phone',
  );
  if (saved.status !== 'ready' || !saved.value) return null;
  return (
    <p className="guide-note">
      This date&rsquo;s trip sheet is saved on this phone ({formatDenverMoment(Date.parse(saved.value.sheet.savedAt))}):{' '}
      <a href={`/guide/trip?date=${encodeURIComponent(dateId)}`}>Open the trip sheet</a>
    </p>
  );
}
