import { describe, expect, it } from 'vitest';
import { bookingReference, referenceKey } from '../../shared/rules/booking-reference.ts';

describe('a booking’s reference', () => {
  it('is the first eight letters and digits of its id, in capitals, in two groups', () => {
    expect(bookingReference('bk_jDaTQd5ro3D-qL0H')).toBe('JDAT-QD5R');
    expect(bookingReference('bk_-_aB3-cD4_eF5gH6')).toBe('AB3C-D4EF');
  });

  it('is found again from what an operator types or hears, with or without the dash and in any case', () => {
    const key = referenceKey(bookingReference('bk_jDaTQd5ro3D-qL0H'));
    expect(key).toBe('JDATQD5R');
    expect(referenceKey('jdat qd5r')).toBe(key);
    expect(referenceKey('JDATQD5R')).toBe(key);
  });

  it('is no reference for anything else an operator may search for', () => {
    for (const text of ['casey@example.com', 'Casey Ridge', '435-555-0148', 'JDAT-QD5', 'bk_jDaTQd5ro3D-qL0H'])
      expect(referenceKey(text)).toBeNull();
  });
});
