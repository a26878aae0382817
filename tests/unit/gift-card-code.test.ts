import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GIFT_CODE_ALPHABET, GIFT_CODE_BYTES, giftCodeFrom, giftCodeOf } from '../../shared/rules/gift-card-code.ts';

describe('a gift card’s code', () => {
  it('spells 80 random bits as sixteen characters in four groups after the company’s name', () => {
    expect(GIFT_CODE_BYTES * 8).toBe(80);
    expect(giftCodeFrom(new Uint8Array(GIFT_CODE_BYTES))).toBe('KAMAS-2222-2222-2222-2222');
    expect(giftCodeFrom(new Uint8Array(GIFT_CODE_BYTES).fill(255))).toBe('KAMAS-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    // The bits 00001 00010 00011 00100 ... 10000 read as the alphabet's 2nd to 17th characters.
    expect(giftCodeFrom(Uint8Array.from([0x08, 0x86, 0x42, 0x98, 0xe8, 0x4a, 0x96, 0xc6, 0xb9, 0xf0]))).toBe('KAMAS-3456-789A-BCDE-FGHJ');
  });

  it('uses no character a reader could take for another', () => {
    expect(GIFT_CODE_ALPHABET).toHaveLength(32);
    for (const lookAlike of ['0', 'O', '1', 'I']) expect(GIFT_CODE_ALPHABET).not.toContain(lookAlike);
    for (let round = 0; round < 200; round += 1) {
      expect(giftCodeFrom(randomBytes(GIFT_CODE_BYTES))).toMatch(/^KAMAS(-[2-9A-HJ-NP-Z]{4}){4}$/);
    }
  });

  it('is found again from what a person types, whatever is around it', () => {
    const code = 'KAMAS-7QX4-M2PD-9HTR-KW3E';
    for (const typed of [code, 'kamas 7qx4 m2pd 9htr kw3e', '7QX4M2PD9HTRKW3E', ' 7qx4-m2pd-9htr-kw3e ', 'KAMAS7QX4M2PD9HTRKW3E']) {
      expect(giftCodeOf(typed)).toBe(code);
    }
  });

  it('is no code when a character is missing, extra or not of its alphabet', () => {
    for (const typed of ['', 'KAMAS-7QX4-M2PD-9HTR', '7QX4M2PD9HTRKW3EE', '7QX4M2PD9HTRKW30', 'OQX4M2PD9HTRKW3E', "7QX4'M2PD9HTRKW3"]) {
      expect(giftCodeOf(typed)).toBeNull();
    }
  });
});
