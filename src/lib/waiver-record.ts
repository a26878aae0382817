/**
 * The rules a signed waiver is judged by, shared by the site and the API: the exact text a
 * signature binds (its SHA-256 is the record's fingerprint), and the season a signature covers.
 */
import { denverDay, denverInstant } from './dates.ts';

/** A waiver as it was published: its version and the words of it, in sections. */
export interface WaiverDocument {
  readonly version: string;
  readonly title: string;
  readonly intro: readonly string[];
  readonly sections: readonly { readonly heading: string; readonly blocks: readonly (string | readonly string[])[] }[];
}

/**
 * The exact text a signer agrees to, one paragraph per line, list items led by "- ", a blank line
 * between sections. Its SHA-256 is the fingerprint of the version.
 */
export function waiverPlainText(document: WaiverDocument): string {
  const lines = [document.title, '', ...document.intro];
  for (const section of document.sections) {
    lines.push('', section.heading);
    for (const block of section.blocks) {
      if (typeof block === 'string') lines.push(block);
      else lines.push(...block.map((item) => `- ${item}`));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A season ends on March 31 in Kamas; the next one begins on April 1. */
const SEASON_LAST_MONTH_DAY = '03-31';

/**
 * The first instant a signature made at `signedAt` no longer covers: the start of April 1
 * (America/Denver) after the next March 31. One signed in November serves the whole coming winter;
 * one signed on March 31 serves that day only.
 */
export function waiverCoversUntil(signedAt: Date | number): Date {
  const day = denverDay(signedAt);
  const year = Number(day.slice(0, 4));
  const seasonEndsYear = day.slice(5) <= SEASON_LAST_MONTH_DAY ? year : year + 1;
  return denverInstant(`${seasonEndsYear}-04-01`);
}

/** What the site and the API know of a customer's latest signature. */
export interface WaiverStatus {
  /** The record's id, for its signed copy. */
  id: string;
  version: string;
  /** SHA-256 (hex) of the exact text signed. */
  sha256: string;
  /** ISO 8601, UTC. */
  signedAt: string;
  /** ISO 8601, UTC: the first instant the signature no longer covers. */
  coversUntil: string;
  /** Signed for the current text, and its season has not ended. */
  current: boolean;
}

/** A signature counts for `at` only when it is of the current version and its season still runs then. */
export function waiverIsCurrent(
  record: { version: string; coversUntil: Date | string },
  currentVersion: string,
  at: Date | number,
): boolean {
  return record.version === currentVersion && new Date(at).getTime() < new Date(record.coversUntil).getTime();
}
