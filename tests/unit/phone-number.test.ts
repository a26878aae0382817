import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, telHref } from '../../src/lib/phone-number.ts';

describe('a phone number as people read it', () => {
  it('writes a US number as 435-555-0148', () => {
    expect(formatPhoneNumber('+14355550148')).toBe('435-555-0148');
  });

  it('keeps any other number as it is kept, and says nothing for none', () => {
    expect(formatPhoneNumber('+447700900123')).toBe('+447700900123');
    expect(formatPhoneNumber(null)).toBe('');
    expect(formatPhoneNumber('')).toBe('');
  });
});

describe('the tel: address of a number written any way', () => {
  it('dials ten digits as a US number, however they are written', () => {
    for (const written of ['435-555-0199', '(435) 555-0199', '435.555.0199', '4355550199']) {
      expect(telHref(written)).toBe('tel:+14355550199');
    }
  });

  it('keeps a written country code and drops the rest of the punctuation', () => {
    expect(telHref('+1 435 555 0199')).toBe('tel:+14355550199');
    expect(telHref('+44 7700 900123')).toBe('tel:+447700900123');
    expect(telHref('1-435-555-0199')).toBe('tel:+14355550199');
  });

  it('gives no address for a number too short to dial', () => {
    expect(telHref('555')).toBeNull();
    expect(telHref('')).toBeNull();
    expect(telHref(undefined)).toBeNull();
  });
});
