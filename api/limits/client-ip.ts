/**
 * The client's IP address, the key for per-client limits. The header a proxy sets
 * (CLIENT_IP_HEADER) is believed only when the request comes from one of the proxies named in
 * TRUSTED_PROXIES; from anywhere else it could be written by the client itself, so the socket's
 * address counts. `x-forwarded-for` counts only its right-most entry, the one the proxy appended,
 * since anything left of it is whatever the client sent.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';

/** The key used when no address is known (e.g. a request made in-process, without a socket). */
export const UNKNOWN_CLIENT = 'unknown';

/** Where the client's address may come from. */
export interface ClientIpSettings {
  /** The header a trusted proxy sets to the client's address; null means the socket's address always counts. */
  header: string | null;
  /** The proxies whose header is believed, as parsed CIDR ranges. */
  trustedProxies: readonly Cidr[];
}

export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses a comma-separated list of CIDR ranges or single addresses; throws on the first one that is neither. */
export function parseCidrList(list: string): Cidr[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      try {
        if (entry.includes('/')) {
          const [address, bits] = ipaddr.parseCIDR(entry);
          return [normalized(address), address.kind() === 'ipv6' && normalized(address).kind() === 'ipv4' ? bits - 96 : bits];
        }
        const address = normalized(ipaddr.parse(entry));
        return [address, address.kind() === 'ipv4' ? 32 : 128];
      } catch {
        throw new Error(`"${entry}" is not an IP address or CIDR range`);
      }
    });
}

/** IPv4 addresses written as IPv6 (::ffff:192.0.2.1) are the IPv4 address they carry. */
function normalized(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

function parsed(text: string | undefined): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!text) return null;
  const trimmed = text.trim().replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(trimmed) ? normalized(ipaddr.parse(trimmed)) : null;
}

export function isTrusted(address: string | undefined, trusted: readonly Cidr[]): boolean {
  const ip = parsed(address);
  return ip !== null && trusted.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
}

/**
 * The key a client's requests are counted under: its IPv4 address, or the /64 network of its IPv6
 * address (one household or phone is given a whole /64, so counting single IPv6 addresses would
 * give it billions of keys). Text that is no address is kept as it came, at most 100 characters.
 */
export function clientKey(address: string): string {
  const ip = parsed(address);
  if (!ip) return address.slice(0, 100);
  if (ip.kind() === 'ipv4') return ip.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${ip.toString()}/64`);
  return `${network.toString()}/64`;
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The request's address as the client's own: the trusted proxy's header when the request came
 * from a trusted proxy, else the socket's address. Kept whole for records that keep it (a waiver
 * signature); limits count it by clientIp.
 */
export function clientAddress(c: Context, settings: ClientIpSettings): string {
  const socket = socketAddress(c);
  if (settings.header && isTrusted(socket, settings.trustedProxies)) {
    const value = c.req.header(settings.header);
    const entry = settings.header.toLowerCase() === 'x-forwarded-for' ? value?.split(',').at(-1) : value;
    const address = entry?.trim();
    if (address) return address.slice(0, 100);
  }
  return socket ?? UNKNOWN_CLIENT;
}

/** The key per-client limits count the request under. */
export function clientIp(c: Context, settings: ClientIpSettings): string {
  const address = clientAddress(c, settings);
  return address === UNKNOWN_CLIENT ? address : clientKey(address);
}
