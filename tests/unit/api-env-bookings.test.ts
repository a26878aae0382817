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
    const proxy = { TRUSTED_PROXIES: '10.0.0.0/8' };
    expect(readEnv({ ...proxy, CLIENT_IP_HEADER: 'X-Nf-Client-Connection-Ip' }).CLIENT_IP_HEADER).toBe('x-nf-client-connection-ip');
    expect(readEnv({ ...proxy, CLIENT_IP_HEADER: 'x-forwarded-for' }).CLIENT_IP_HEADER).toBe('x-forwarded-for');
  });

  it('believes the header only from the proxies named in TRUSTED_PROXIES, which it needs', () => {
    expect(readEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(
      readEnv({ CLIENT_IP_HEADER: 'x-nf-client-connection-ip', TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::/32' }).TRUSTED_PROXIES,
    ).toHaveLength(2);
    expect(() => readEnv({ CLIENT_IP_HEADER: 'x-nf-client-connection-ip' })).toThrow(/CLIENT_IP_HEADER needs TRUSTED_PROXIES/);
    expect(() => readEnv({ TRUSTED_PROXIES: '10.0.0.0/8, proxy.internal' })).toThrow(
      /TRUSTED_PROXIES: "proxy.internal" is not an IP address/,
    );
  });

  it('limits new holds per client address, 30 an hour unless set', () => {
    expect(readEnv({}).HOLDS_PER_ADDRESS_PER_HOUR).toBe(30);
    expect(readEnv({ HOLDS_PER_ADDRESS_PER_HOUR: '120' }).HOLDS_PER_ADDRESS_PER_HOUR).toBe(120);
    for (const value of ['0', '-1', '2.5', 'many'])
      expect(() => readEnv({ HOLDS_PER_ADDRESS_PER_HOUR: value })).toThrow(/HOLDS_PER_ADDRESS_PER_HOUR/);
  });

  it('refuses a header name that is not one', () => {
    for (const value of ['x forwarded for', 'x-real-ip:', 'ip\n']) {
      expect(() => readEnv({ CLIENT_IP_HEADER: value })).toThrow(/CLIENT_IP_HEADER/);
    }
  });
});
