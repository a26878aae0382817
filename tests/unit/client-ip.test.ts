import { describe, expect, it } from 'vitest';
import { clientKey, isTrusted, parseCidrList } from '../../api/limits/client-ip.ts';

describe('trusted proxies', () => {
  const trusted = parseCidrList('10.0.0.0/8, 192.0.2.7, 2001:db8:f::/48, ::ffff:172.16.0.0/112');

  it('match addresses inside the ranges, IPv4 written as IPv6 included', () => {
    for (const address of ['10.1.2.3', '192.0.2.7', '::ffff:10.9.9.9', '2001:db8:f:1::5', '172.16.3.4', '[2001:db8:f::1]']) {
      expect(isTrusted(address, trusted), address).toBe(true);
    }
  });

  it('refuse everything else, and what is no address at all', () => {
    for (const address of ['11.0.0.1', '192.0.2.8', '2001:db8:e::1', '172.17.0.1', undefined, '', 'unknown', '10.0.0.1, 10.0.0.2']) {
      expect(isTrusted(address, trusted), String(address)).toBe(false);
    }
    expect(isTrusted('10.0.0.1', [])).toBe(false);
  });

  it('are read from a setting, which refuses what it cannot read', () => {
    expect(parseCidrList('')).toEqual([]);
    expect(() => parseCidrList('10.0.0.0/8,not-a-range')).toThrow('"not-a-range" is not an IP address or CIDR range');
    expect(() => parseCidrList('10.0.0.0/40')).toThrow('"10.0.0.0/40" is not an IP address or CIDR range');
  });
});

describe('the key a client is counted under', () => {
  it('is the IPv4 address, however it is written', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 network of an IPv6 address', () => {
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('[2001:db8:1:3::1]')).toBe('2001:db8:1:3::/64');
  });

  it('is any other text as it came, shortened', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('x'.repeat(300))).toHaveLength(100);
  });
});
