/**
 * /waiver/copy?id=RECORD_ID: the signer's copy of one of their signatures (GET
 * /users/user/{uid}/waivers/{id}): the exact text of the version signed, the signature, the name,
 * the time signed in Kamas and in UTC, the version, the SHA-256 fingerprint, the record id and the
 * season covered. Laid out to print on letter paper (src/styles/signed-copy.css). A signed-out
 * visitor is sent to /sign-in, which brings them back here.
 */
import { useId } from 'react';
import { ApiError } from '../../../lib/api/http.ts';
import { formatDenverLongDate, formatDenverRecordTime, formatUtcMinute } from '../../../../shared/rules/dates.ts';
import type { SignedWaiverCopy } from '../../../../shared/contract/answers.ts';
import { waiverSeasonLastDay } from '../../../../shared/rules/waiver-record.ts';
import { api } from '../../../stores/api.ts';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { SignInFirst, useSignInFirst } from '../../../ui/signed-in-only.tsx';
import { AccountLoading } from '../../../ui/fields.tsx';
import { DetailRow } from '../../../ui/DetailsList.tsx';
import { useAccountUser } from './use-account-user.ts';
import WaiverText from './WaiverText.tsx';
import '../../../styles/account.css';
import '../../../styles/signed-copy.css';

export const COPY_NOT_FOUND = 'Signed waiver not found';

type Loaded = { status: 'ready'; copy: SignedWaiverCopy } | { status: 'failed'; message: string };

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return COPY_NOT_FOUND;
  return 'Your signed waiver could not be loaded. Please check your connection and reload the page.';
}

function useSignedCopy(uid: string | null, recordId: string | null): Loaded | null {
  const key = uid && recordId ? `${uid}/${recordId}` : null;
  const loaded = useLoaded(key, (signal) => api.signedCopy({ params: { uid: uid ?? '', id: recordId ?? '' }, signal }));
  if (loaded.status === 'ready') return { status: 'ready', copy: loaded.value };
  return loaded.status === 'failed' ? { status: 'failed', message: failureMessage(loaded.error) } : null;
}

function SignedCopy({ copy }: { copy: SignedWaiverCopy }) {
  const id = useId();
  const signedAt = new Date(copy.signedAt);
  const signer = copy.signerName ?? 'No name was given in the profile';
  return (
    <article className="signed-copy" aria-labelledby={`${id}-title`}>
      <div className="signed-copy-actions">
        <button type="button" className="button primary" onClick={() => window.print()}>
          Print
        </button>
        <a href="/profile">Back to your profile</a>
      </div>
      <h2 id={`${id}-title`} className="waiver-title">
        {copy.document.title}
      </h2>
      <dl className="signed-copy-record">
        <DetailRow label="Version">{copy.version}</DetailRow>
        <DetailRow label="SHA-256 of the text" valueClassName="signed-copy-code">
          {copy.sha256}
        </DetailRow>
        <DetailRow label="Record" valueClassName="signed-copy-code">
          {copy.id}
        </DetailRow>
        <DetailRow label="Covers">The season until {formatDenverLongDate(waiverSeasonLastDay(copy.coversUntil))}</DetailRow>
        <DetailRow label="Status">
          {copy.current ? 'Current' : 'No longer current: a newer text or a new season needs a new signature'}
        </DetailRow>
      </dl>
      <div className="signed-copy-text">
        <WaiverText document={copy.document} />
      </div>
      <section className="signed-copy-signature" aria-labelledby={`${id}-signature`}>
        <h3 id={`${id}-signature`}>Signature</h3>
        <img className="signature-image" src={copy.signature} alt={`Signature of ${signer}`} width={1500} height={200} />
        <dl className="signed-copy-record">
          <DetailRow label="Signed by">{signer}</DetailRow>
          <DetailRow label="Signed on">
            <time dateTime={copy.signedAt}>{formatDenverRecordTime(signedAt)}</time> ({formatUtcMinute(signedAt)})
            {copy.inPerson && ', by the clock of the phone it was signed on'}
          </DetailRow>
          {copy.inPerson && (
            <DetailRow label="Signed in person">
              At the trailhead, on the phone of {copy.inPerson.by}, our guide. It reached us{' '}
              <time dateTime={copy.inPerson.receivedAt}>{formatDenverRecordTime(Date.parse(copy.inPerson.receivedAt))}</time>.
            </DetailRow>
          )}
        </dl>
      </section>
    </article>
  );
}

export default function SignedCopyPage() {
  const { state, authUser } = useAccountUser();
  const recordId = useSearchParam('id');
  const loaded = useSignedCopy(state === 'ready' ? (authUser?.uid ?? null) : null, recordId);

  useSignInFirst(state === 'signed-out');

  if (state === 'signed-out') return <SignInFirst toDo="see your signed waiver" />;
  if (state === 'ready' && (!recordId || loaded?.status === 'failed')) {
    return (
      <div className="signed-copy-problem">
        <p role="alert" className="form-error">
          {loaded?.status === 'failed' ? loaded.message : COPY_NOT_FOUND}
        </p>
        <p>
          Your signed waivers are listed on <a href="/profile">your profile</a>.
        </p>
      </div>
    );
  }
  if (loaded?.status !== 'ready') return <AccountLoading label="Loading your signed waiver" />;
  return <SignedCopy copy={loaded.copy} />;
}
