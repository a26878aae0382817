import { describe, expect, it } from 'vitest';
import { readEnv } from '../../api/env.ts';

describe('the API environment for bookings', () => {
  it('closes bookings 12 hours before the start unless told otherwise', () => {
    expect(readEnv({}).BOOKING_CUTOFF_HOURS).toBe(12);
    expect(readEnv({ BOOKING_CUTOFF_HOURS: '0' }).BOOKING_CUTOFF_HOURS).toBe(0);
    expect(readEnv({ BOOKING_CUTOFF_HOURS: '36' }).BOOKING_CUTOFF_HOURS).toBe(36);
    expect(readEnv({ BOOKING_CUTOFF_HOURS: '1.5' }).BOOKING_CUTOFF_HOURS).toBe(1.5);
  });

  it('refuses a cut-off that is not a number of hours between 0 and 30 days', () => {
    for (const value of ['twelve', '-1', '721']) {
      expect(() => readEnv({ BOOKING_CUTOFF_HOURS: value })).toThrow(/BOOKING_CUTOFF_HOURS/);
    }
  });

  it('takes the client IP from the socket unless a trusted proxy header is named', () => {
    expect(readEnv({}).CLIENT_IP_HEADER).toBeUndefined();
    expect(readEnv({ CLIENT_IP_HEADER: 'X-Nf-Client-Connection-Ip' }).CLIENT_IP_HEADER).toBe('x-nf-client-connection-ip');
    expect(readEnv({ CLIENT_IP_HEADER: 'x-forwarded-for' }).CLIENT_IP_HEADER).toBe('x-forwarded-for');
  });

  it('refuses a header name that is not one', () => {
    for (const value of ['x forwarded for', 'x-real-ip:', 'ip\n']) {
      expect(() => readEnv({ CLIENT_IP_HEADER: value })).toThrow(/CLIENT_IP_HEADER/);
    }
  });
});
