/**
 * A gift card's code, as the card, the e-mail and a person reading it aloud give it:
 * 'KAMAS-7QX4-M2PD-9HTR-KW3E'. Sixteen characters of an alphabet without look-alikes (no 0, O, 1
 * or I) carry 80 random bits, in four groups of four after the company's name. Whatever is typed
 * around a code is forgiven: spaces, dashes, lower case, the name in front or not.
 */

/** 32 characters, five bits each: the digits 2 to 9 and the letters but I and O. */
export const GIFT_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const PREFIX = 'KAMAS';
const CHARACTERS = 16;
/** Random bytes a code is made of: 16 characters of 5 bits. */
export const GIFT_CODE_BYTES = (CHARACTERS * 5) / 8;

const grouped = (characters: string) => [PREFIX, ...(characters.match(/.{4}/g) ?? [])].join('-');

/** The code spelled by `bytes` (GIFT_CODE_BYTES of them, from a cryptographic source). */
export function giftCodeFrom(bytes: Uint8Array): string {
  if (bytes.length !== GIFT_CODE_BYTES) throw new Error(`A gift card code is made of ${GIFT_CODE_BYTES} random bytes.`);
  let characters = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      characters += GIFT_CODE_ALPHABET[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return grouped(characters);
}

/** The code a person typed ('kamas 7qx4-m2pd 9htr kw3e', '7QX4M2PD9HTRKW3E'), as stored; null when it cannot be one. */
export function giftCodeOf(typed: string): string | null {
  let characters = typed.toUpperCase().replace(/[\s\-–—.]/g, '');
  if (characters.startsWith(PREFIX) && characters.length === PREFIX.length + CHARACTERS) characters = characters.slice(PREFIX.length);
  if (characters.length !== CHARACTERS) return null;
  for (const character of characters) if (!GIFT_CODE_ALPHABET.includes(character)) return null;
  return grouped(characters);
}
