/**
 * The rules a signed waiver is judged by, shared by the site and the API: the exact text a
 * signature binds (its SHA-256 is the record's fingerprint), and the season a signature covers.
 */
import * as v from 'valibot';
import { denverDay, denverInstant, formatDenverLongDate } from './dates.ts';
import type { WaiverStatus } from '../contract/answers.ts';
import { publishedWaiverSchema } from '../contract/requests.ts';

/** A waiver as it was published: its version and the words of it, in sections. */
export type WaiverDocument = {
  readonly version: string;
  readonly title: string;
  readonly intro: readonly string[];
  readonly sections: readonly { readonly heading: string; readonly blocks: readonly (string | readonly string[])[] }[];
};

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

/** The waiver in force as the API publishes it (`GET /waiver/current`): what a signature today binds. */
export interface PublishedWaiver {
  version: string;
  /** SHA-256 (hex) of `waiverPlainText(document)`. */
  sha256: string;
  document: WaiverDocument;
}

/**
 * The request header a signing page names the text it showed by (its SHA-256). The API refuses the
 * signature with `WAIVER_TEXT_CHANGED` when that is no longer the text in force, so no record binds
 * a signer to words they were not shown.
 */
export const WAIVER_TEXT_HEADER = 'Waiver-Sha256';
export const WAIVER_TEXT_CHANGED = 'The waiver text has changed since this page showed it. Please read the current text and sign again.';

/** SHA-256 (hex) of the waiver's exact text, with the Web Crypto API the browser and Node share. */
export async function waiverFingerprint(document: WaiverDocument): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(waiverPlainText(document)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The published waiver an API answer carries, or null when the answer is not one or its words do not
 * give its declared fingerprint: a page shows only text whose SHA-256 it has checked itself.
 */
export async function verifiedWaiver(answer: unknown): Promise<PublishedWaiver | null> {
  const parsed = v.safeParse(publishedWaiverSchema, answer);
  if (!parsed.success) return null;
  const published = parsed.output;
  if (published.document.version !== published.version) return null;
  return (await waiverFingerprint(published.document)) === published.sha256 ? published : null;
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

/** A signature counts for `at` only when it is of the current version and its season still runs then. */
export function waiverIsCurrent(
  record: { version: string; coversUntil: Date | string },
  currentVersion: string,
  at: Date | number,
): boolean {
  return record.version === currentVersion && new Date(at).getTime() < new Date(record.coversUntil).getTime();
}

/** The last day (America/Denver) a signature covers: the March 31 before its `coversUntil`. */
export function waiverSeasonLastDay(coversUntil: Date | string): Date {
  return new Date(new Date(coversUntil).getTime() - 1);
}

/** How long a signature made at `at` counts, said before signing: to the season's end, or a new text. */
export function signatureLastsWords(at: Date | number): string {
  return (
    `A signature counts until the season ends on ${formatDenverLongDate(waiverSeasonLastDay(waiverCoversUntil(at)))}, ` +
    'or until we change the text: then we ask you to sign again.'
  );
}

/** Why a signed waiver no longer counts: its text has been changed since, or its season has ended. */
export type WaiverRenewalReason = 'text-changed' | 'season-ended';

/**
 * Why `status` needs a new signature at `at`, or null while it counts. The API's `current` is
 * trusted while the season runs; otherwise a version other than the site's means the text changed,
 * and an ended season is said as such. A signature the API no longer counts within its season was
 * of a text replaced since this page was published.
 */
export function waiverRenewalReason(status: WaiverStatus, siteVersion: string, at: Date | number): WaiverRenewalReason | null {
  const ended = new Date(at).getTime() >= new Date(status.coversUntil).getTime();
  if (status.current && !ended) return null;
  if (status.version !== siteVersion) return 'text-changed';
  return ended ? 'season-ended' : 'text-changed';
}

/** What the customer reads when asked to sign again, in plain words; null while their signature counts. */
export function waiverRenewalMessage(status: WaiverStatus, siteVersion: string, at: Date | number): string | null {
  const reason = waiverRenewalReason(status, siteVersion, at);
  if (reason === 'text-changed') {
    return (
      `Please sign the waiver again: we have changed its text since you signed version ${status.version} ` +
      `on ${formatDenverLongDate(new Date(status.signedAt))}. Read it through, tick the box and sign below.`
    );
  }
  if (reason === 'season-ended') {
    return (
      `Please sign the waiver again: your signature covered the season that ended on ` +
      `${formatDenverLongDate(waiverSeasonLastDay(status.coversUntil))}, and each season needs a new one. Tick the box and sign below.`
    );
  }
  return null;
}

/** The page of a signed copy. */
export function signedCopyPath(id: string): string {
  return `/waiver/copy?id=${encodeURIComponent(id)}`;
}
