import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeText, unsafeTextPath } from '../../shared/rules/safe-text.ts';

/** The rule, written another way: Unicode's control characters, less tab, line feed, carriage return and the C1 block. */
const hasControl = (text: string) => /\p{Cc}/u.test(text.replace(/[\t\n\r\u0080-\u009F]/g, ''));

describe('safe text', () => {
  it('accepts ordinary text, accents, emoji, tabs and line breaks', () => {
    for (const text of ['', 'Jo Rider', 'Crème brûlée', '日本語', 'Avalanche \u{1F3D4}\uFE0F', 'line 1\r\nline 2\tend']) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL, the other control characters, DEL and lone surrogates', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\u0001',
      '\u0008',
      '\u000B',
      '\u000C',
      '\u001B[31m',
      '\u001F',
      '\u007F',
      '\ud800',
      'x\udc00',
      '\ud83d',
      '\ud83d\ud83d\ude00x\ude00',
    ]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('agrees with String.prototype.isWellFormed and the control-character rule on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 10 }), (raw, text) => {
        expect(isSafeText(raw)).toBe(raw.isWellFormed() && !hasControl(raw));
        expect(isSafeText(text)).toBe(!hasControl(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the first unsafe string in a body, keys included, and names where it is', () => {
    expect(unsafeTextPath({ survey: { emergencyContactName: 'Jo', medicalConditions: 'none' }, agreed: true, n: 1, x: null })).toBeNull();
    expect(unsafeTextPath({ inviteCode: '\u0000' })).toBe('inviteCode');
    expect(unsafeTextPath({ survey: { medicalConditions: 'ok', emergencyContactName: 'Jo\ud800' } })).toBe('survey.emergencyContactName');
    expect(unsafeTextPath({ providerData: [{ uid: 'a' }, { uid: 'b\u007F' }] })).toBe('providerData.1.uid');
    expect(unsafeTextPath({ userData: { 'display\u0000Name': 'Jo' } })).toBe('userData.(a field name)');
    expect(unsafeTextPath('\u0000')).toBe('(body)');
    expect(unsafeTextPath([1, true, null, 'fine'])).toBeNull();
  });

  it('walks a very deeply nested body without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`) as unknown;
    expect(unsafeTextPath(deep)).toMatch(/^0(\.0)+$/);
  });
});
