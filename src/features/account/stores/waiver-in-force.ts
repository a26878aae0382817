/**
 * The waiver text a signing page shows: the one the site was built with, until the API says another
 * is in force (`GET /waiver/current`, its fingerprint checked here). A page built before a new text
 * was published thus shows the new words, and the signature names the text that was shown.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { WAIVER_DOCUMENT, WAIVER_SHA256, WAIVER_VERSION } from '../../../../shared/company/waiver-text.ts';
import { publicApi } from '../../../lib/api/client.ts';
import { verifiedWaiver, type PublishedWaiver } from '../../../../shared/rules/waiver-record.ts';

export const BUILT_WAIVER: PublishedWaiver = { version: WAIVER_VERSION, sha256: WAIVER_SHA256, document: WAIVER_DOCUMENT };

const $shown = atom<PublishedWaiver>(BUILT_WAIVER);
export const $waiverInForce: ReadableAtom<PublishedWaiver> = $shown;

let loading: Promise<void> | null = null;

/**
 * Asks the API which text is in force, once per page, or again (past the browser's cache) after it
 * refused a signature for the text shown. Without an answer the page keeps the text it shows: the
 * API still refuses a signature for a text no longer in force.
 */
export function loadWaiverInForce({ again = false }: { again?: boolean } = {}): Promise<void> {
  if (loading && !again) return loading;
  loading = publicApi
    .waiverInForce(again ? { cache: 'no-cache' } : {})
    .then(verifiedWaiver)
    .then((published) => {
      if (!published) console.warn('The waiver text the booking service published did not match its fingerprint; keeping the one shown');
      else if (published.sha256 !== $shown.get().sha256) $shown.set(published);
    })
    .catch((error: unknown) => {
      console.warn('Could not ask which waiver text is in force', error);
      loading = null;
    });
  return loading;
}
