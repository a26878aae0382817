/**
 * `Save for the trailhead` on a date's roster: saves the date's trip sheet on this phone, then links
 * to it. Saving again brings the sheet up to date. It also fetches the pass scanner's code, for the
 * service worker to keep for a trailhead with no signal.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { shownError } from '../../../lib/api/api-error.ts';
import { $knownUser } from '../../../stores/auth.ts';
import { fetchAndSave } from '../stores/trip-sync.ts';

type Saving = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; at: string } | { status: 'failed'; message: string };

export default function SaveForTrailhead({ dateId }: { dateId: string }) {
  const known = useStore($knownUser);
  const [saving, setSaving] = useState<Saving>({ status: 'idle' });
  const tripPage = `/guide/trip?date=${encodeURIComponent(dateId)}`;

  async function save() {
    if (!known) return;
    setSaving({ status: 'saving' });
    try {
      const saved = await fetchAndSave(known.uid, dateId);
      setSaving({ status: 'saved', at: saved.sheet.savedAt });
      import('../../../lib/qr-reader.ts')
        .then((reader) => reader.keepQrReaderForOffline())
        .catch((error: unknown) => console.warn('Could not keep the pass scanner for offline use', error));
    } catch (error) {
      setSaving({ status: 'failed', message: shownError(error, 'The trip sheet could not be saved.') });
    }
  }

  return (
    <div className="trip-save">
      <button type="button" className="button primary" disabled={!known || saving.status === 'saving'} onClick={() => void save()}>
        {saving.status === 'saving' ? 'Saving…' : 'Save for the trailhead'}
      </button>
      <p role="status" className="trip-save-status">
        {saving.status === 'saved' && (
          <>
            Saved on this phone. <a href={tripPage}>Open the trip sheet</a>: it works with no signal.
          </>
        )}
      </p>
      {saving.status === 'failed' && (
        <p role="alert" className="form-error">
          Could not save the trip sheet: {saving.message}
        </p>
      )}
    </div>
  );
}
