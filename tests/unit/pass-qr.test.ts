/** What a trailhead pass's QR code holds, and how a guide's phone reads it back. */
import { describe, expect, it } from 'vitest';
import { passQrText, readPassQr } from '../../shared/rules/pass-qr.ts';

const CODE = '0123456789abcdef0123456789abcdef';

describe('a pass QR code', () => {
  it('names the date and the seat’s code, and reads back to both', () => {
    expect(passQrText('tour-2027-01-09', CODE)).toBe(`KAMAS-PASS tour-2027-01-09 ${CODE}`);
    expect(readPassQr(passQrText('tour-2027-01-09', CODE))).toEqual({ dateId: 'tour-2027-01-09', code: CODE });
    expect(readPassQr(` ${passQrText('d1', CODE)}\n`)).toEqual({ dateId: 'd1', code: CODE });
  });

  it('is not read from a booking card, a web address or a code of the wrong shape', () => {
    for (const text of [
      'tour-2027-01-09',
      'https://www.kamasbackcountry.com/pass?date=d1',
      `KAMAS-PASS d1 ${CODE.slice(1)}`,
      `KAMAS-PASS  ${CODE}`,
      `KAMAS-PASS d1 ${CODE.toUpperCase()}`,
    ])
      expect(readPassQr(text)).toBeNull();
  });
});
