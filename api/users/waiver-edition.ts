/** The waiver text the API records signatures against: the site's current version, fingerprinted here. */
import { createHash } from 'node:crypto';
import { WAIVER_DOCUMENT, WAIVER_SHA256 } from '../../shared/company/waiver-text.ts';
import { waiverPlainText, type WaiverDocument } from '../../shared/rules/waiver-record.ts';

export interface WaiverEdition {
  version: string;
  /** SHA-256 (hex) of `text`. */
  sha256: string;
  /** The exact text a signature binds. */
  text: string;
  document: WaiverDocument;
}

/** A published waiver: its exact text and fingerprint. Throws when a declared fingerprint does not match the words. */
export function waiverEdition(document: WaiverDocument, declaredSha256?: string): WaiverEdition {
  const text = waiverPlainText(document);
  const sha256 = createHash('sha256').update(text).digest('hex');
  if (declaredSha256 !== undefined && declaredSha256 !== sha256) {
    throw new Error(
      `The waiver text of version ${document.version} does not match its declared SHA-256 (${declaredSha256}, the text gives ${sha256}). ` +
        'A change of wording needs a new WAIVER_VERSION and WAIVER_SHA256.',
    );
  }
  return { version: document.version, sha256, text, document };
}

export const currentWaiverEdition: WaiverEdition = waiverEdition(WAIVER_DOCUMENT, WAIVER_SHA256);
