/**
 * The waiver as a later issue might read: today's text with one more sentence, under a new version
 * with its own SHA-256. The browser test of a changed waiver runs a booking API that loads this
 * module wherever the API imports shared/company/waiver-text.ts (waiver-next-text-hook.ts), exactly as a
 * deploy of a new text would. Its fingerprint is worked out here, so a change to today's text needs
 * no change to this file.
 */
import { createHash } from 'node:crypto';
import { waiverPlainText } from '../../shared/rules/waiver-record.ts';
import {
  WAIVER_DOCUMENT as TODAYS_DOCUMENT,
  WAIVER_INTRO as TODAYS_INTRO,
  WAIVER_SECTIONS,
  WAIVER_SIGNING_NOTE,
  WAIVER_TITLE,
} from '../../shared/company/waiver-text.ts';

export type { WaiverBlock, WaiverSection } from '../../shared/company/waiver-text.ts';
export { WAIVER_SECTIONS, WAIVER_SIGNING_NOTE, WAIVER_TITLE };

export const WAIVER_VERSION = '2027-02';

/** The sentence this issue adds, as a paragraph of its own after the intro. */
export const ADDED_SENTENCE = "From this season on, each guest carries a charged phone with the lead guide's number saved in it.";

export const WAIVER_INTRO: readonly string[] = [...TODAYS_INTRO, ADDED_SENTENCE];

/** Today's document under the new version, with the added sentence in its intro. */
export const WAIVER_DOCUMENT = { ...TODAYS_DOCUMENT, version: WAIVER_VERSION, intro: WAIVER_INTRO } as const;

/** SHA-256 of this text (waiverPlainText), as a new issue declares it. */
export const WAIVER_SHA256 = createHash('sha256').update(waiverPlainText(WAIVER_DOCUMENT)).digest('hex');
