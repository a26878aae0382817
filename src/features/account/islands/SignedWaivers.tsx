/**
 * Where a customer finds what they signed: a link to the signed copy of their latest signature and,
 * with `history`, every signature they have made (version, time signed, whether it still counts),
 * each linking to its copy (GET /users/user/{uid}/waivers). Nothing shows before the first signature.
 */
import { useId } from 'react';
import { formatDenverRecordTime } from '../../../../shared/rules/dates.ts';
import type { WaiverStatus } from '../../../../shared/contract/answers.ts';
import { signedCopyPath } from '../../../../shared/rules/waiver-record.ts';
import { api } from '../../../stores/api.ts';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';
import { useAccountUser } from './use-account-user.ts';

type History = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; signatures: WaiverStatus[] };

/** The customer's signatures, loaded again whenever their latest one changes (they signed). */
function useSignatures(uid: string | null, latestId: string | null, wanted: boolean): History {
  const key = wanted && uid && latestId ? `${uid}/${latestId}` : null;
  const loaded = useLoaded(key, (signal) => api.waivers({ params: { uid: uid ?? '' }, signal }), 'Could not load the signed waivers');
  return loaded.status === 'ready' ? { status: 'ready', signatures: loaded.value } : { status: loaded.status };
}

export default function SignedWaivers({ history = false }: { history?: boolean }) {
  const { state, authUser, dbUser } = useAccountUser();
  const id = useId();
  const latest = state === 'ready' ? (dbUser?.waiver ?? null) : null;
  const signatures = useSignatures(authUser?.uid ?? null, latest?.id ?? null, history);
  if (!latest) return null;

  return (
    <div className="signed-waivers">
      <p>
        <a href={signedCopyPath(latest.id)}>View your signed copy</a>
      </p>
      {history && (
        <>
          <h3 id={`${id}-history`}>Your signatures</h3>
          {signatures.status === 'loading' && <p className="form-hint">Loading your signatures...</p>}
          {signatures.status === 'failed' && <p className="form-error">Your signatures could not be loaded. Please reload the page.</p>}
          {signatures.status === 'ready' && (
            <ul aria-labelledby={`${id}-history`}>
              {signatures.signatures.map((signature) => (
                <li key={signature.id}>
                  <a href={signedCopyPath(signature.id)}>
                    Version {signature.version}, signed {formatDenverRecordTime(new Date(signature.signedAt))}
                  </a>{' '}
                  <span className={signature.current ? 'waiver-current' : 'waiver-outdated'}>
                    {signature.current ? 'Current' : 'No longer current'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
