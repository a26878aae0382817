import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WAIVER_DOCUMENT, WAIVER_SHA256, WAIVER_VERSION } from '../../shared/company/waiver-text.ts';
import { denverInstant } from '../../shared/rules/dates.ts';
import {
  signatureLastsWords,
  verifiedWaiver,
  waiverCoversUntil,
  waiverFingerprint,
  waiverIsCurrent,
  waiverPlainText,
  waiverRenewalMessage,
  waiverRenewalReason,
  waiverSeasonLastDay,
} from '../../shared/rules/waiver-record.ts';
import type { WaiverStatus } from '../../shared/contract/answers.ts';

describe('the waiver text and its fingerprint', () => {
  it('declares the SHA-256 of the exact text of the current version, so a change of wording needs a new version', () => {
    const text = waiverPlainText(WAIVER_DOCUMENT);
    expect(createHash('sha256').update(text).digest('hex')).toBe(WAIVER_SHA256);
  });

  it('writes the title, each paragraph on a line, list items led by "- ", and a blank line before each section', () => {
    const text = waiverPlainText({
      version: 'v',
      title: 'Release',
      intro: ['Read this.'],
      sections: [{ heading: '1. Risks', blocks: ['Snow slides.', ['cornices;', 'trees.']] }],
    });
    expect(text).toBe('Release\n\nRead this.\n\n1. Risks\nSnow slides.\n- cornices;\n- trees.\n');
  });

  it('names the version the site shows', () => {
    expect(WAIVER_DOCUMENT.version).toBe(WAIVER_VERSION);
  });
});

describe('a published waiver, as a signing page takes it', () => {
  const published = { version: WAIVER_VERSION, sha256: WAIVER_SHA256, document: WAIVER_DOCUMENT };

  it('works out the same fingerprint in the browser as the API does', async () => {
    expect(await waiverFingerprint(WAIVER_DOCUMENT)).toBe(WAIVER_SHA256);
  });

  it('takes a text whose words give its declared fingerprint', async () => {
    expect(await verifiedWaiver(JSON.parse(JSON.stringify(published)))).toEqual(published);
    const next = { ...WAIVER_DOCUMENT, version: '2027-02', intro: [...WAIVER_DOCUMENT.intro, 'One more sentence.'] };
    const nextPublished = { version: '2027-02', sha256: await waiverFingerprint(next), document: next };
    expect(await verifiedWaiver(nextPublished)).toEqual(nextPublished);
  });

  it('refuses words that do not give the declared fingerprint, a version that disagrees with the document, and anything else', async () => {
    const reworded = { ...published, document: { ...WAIVER_DOCUMENT, intro: ['Other words.'] } };
    expect(await verifiedWaiver(reworded)).toBeNull();
    expect(await verifiedWaiver({ ...published, version: '2027-02' })).toBeNull();
    expect(await verifiedWaiver({ ...published, sha256: WAIVER_SHA256.toUpperCase() })).toBeNull();
    expect(await verifiedWaiver({ ...published, document: { ...WAIVER_DOCUMENT, sections: [] } })).toBeNull();
    for (const answer of [null, 'text', [], { version: WAIVER_VERSION }, { error: 'Not found' }]) {
      expect(await verifiedWaiver(answer)).toBeNull();
    }
  });
});

describe('the season a signature covers', () => {
  const april1 = (year: number) => denverInstant(`${year}-04-01`);

  it('covers the coming winter when signed in November, until April 1 begins in Kamas', () => {
    expect(waiverCoversUntil(denverInstant('2026-11-22', 9))).toEqual(april1(2027));
    expect(april1(2027).toISOString()).toBe('2027-04-01T06:00:00.000Z');
  });

  it('covers the season still running when signed between January and March 31', () => {
    expect(waiverCoversUntil(denverInstant('2027-01-15', 12))).toEqual(april1(2027));
    expect(waiverCoversUntil(denverInstant('2027-03-31', 23, 59))).toEqual(april1(2027));
  });

  it('covers the next winter when signed from April 1 on', () => {
    expect(waiverCoversUntil(denverInstant('2027-04-01', 0))).toEqual(april1(2028));
    expect(waiverCoversUntil(denverInstant('2027-08-10', 8))).toEqual(april1(2028));
  });

  it('counts days in Denver, not UTC: 11 pm on March 31 in Kamas is already April 1 in UTC', () => {
    const lateMarch31 = denverInstant('2027-03-31', 23);
    expect(lateMarch31.toISOString().slice(0, 10)).toBe('2027-04-01');
    expect(waiverCoversUntil(lateMarch31)).toEqual(april1(2027));
  });

  it('says before signing how long a signature counts: to the end of this season, or of the next from April on', () => {
    expect(signatureLastsWords(denverInstant('2026-11-27', 9))).toBe(
      'A signature counts until the season ends on March 31, 2027, or until we change the text: then we ask you to sign again.',
    );
    expect(signatureLastsWords(denverInstant('2027-04-01', 0))).toMatch(/^A signature counts until the season ends on March 31, 2028,/);
  });

  it('counts a signature only for the current version and while its season runs', () => {
    const record = { version: '2026-11', coversUntil: april1(2027).toISOString() };
    expect(waiverIsCurrent(record, '2026-11', denverInstant('2027-03-31', 23, 59))).toBe(true);
    expect(waiverIsCurrent(record, '2026-11', april1(2027))).toBe(false);
    expect(waiverIsCurrent(record, '2027-02', denverInstant('2026-12-01'))).toBe(false);
  });
});

describe('asking for a new signature', () => {
  const signedAt = denverInstant('2026-11-22', 9);
  const status = (version: string, current: boolean): WaiverStatus => ({
    id: 'wvr_1',
    version,
    sha256: 'a'.repeat(64),
    signedAt: signedAt.toISOString(),
    coversUntil: waiverCoversUntil(signedAt).toISOString(),
    current,
  });
  const winter = denverInstant('2027-01-10', 12);
  const nextSummer = denverInstant('2027-06-01', 12);

  it('asks nothing while the signature is of the current text and its season runs', () => {
    expect(waiverRenewalReason(status('2026-11', true), '2026-11', winter)).toBeNull();
    expect(waiverRenewalMessage(status('2026-11', true), '2026-11', winter)).toBeNull();
  });

  it('says the text changed when the version signed is not the one the site shows, naming the version and the day signed', () => {
    expect(waiverRenewalReason(status('2026-11', false), '2027-02', winter)).toBe('text-changed');
    expect(waiverRenewalMessage(status('2026-11', false), '2027-02', winter)).toBe(
      'Please sign the waiver again: we have changed its text since you signed version 2026-11 on November 22, 2026. Read it through, tick the box and sign below.',
    );
  });

  it('says the text changed when the API no longer counts a signature of the version this page was published with, within its season', () => {
    expect(waiverRenewalReason(status('2026-11', false), '2026-11', winter)).toBe('text-changed');
  });

  it('says the season ended, naming its last day, once April 1 has come in Kamas', () => {
    expect(waiverSeasonLastDay(waiverCoversUntil(signedAt)).toISOString()).toBe('2027-04-01T05:59:59.999Z');
    expect(waiverRenewalReason(status('2026-11', false), '2026-11', nextSummer)).toBe('season-ended');
    expect(waiverRenewalReason(status('2026-11', true), '2026-11', nextSummer)).toBe('season-ended');
    expect(waiverRenewalMessage(status('2026-11', false), '2026-11', nextSummer)).toBe(
      'Please sign the waiver again: your signature covered the season that ended on March 31, 2027, and each season needs a new one. Tick the box and sign below.',
    );
  });

  it('trusts the API for a signature of a version newer than this page, while its season runs', () => {
    expect(waiverRenewalReason(status('2027-02', true), '2026-11', winter)).toBeNull();
  });
});
