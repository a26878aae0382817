/**
 * The client's IP address, the key for per-client limits. Behind a trusted proxy it comes from the
 * header that proxy sets (CLIENT_IP_HEADER); `x-forwarded-for` counts only its right-most entry,
 * the one the proxy appended, since anything left of it is whatever the client sent.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The key used when no address is known (e.g. a request made in-process, without a socket). */
export const UNKNOWN_CLIENT = 'unknown';

export function clientIp(c: Context, trustedHeader: string | null): string {
  if (trustedHeader) {
    const value = c.req.header(trustedHeader);
    const entry = trustedHeader.toLowerCase() === 'x-forwarded-for' ? value?.split(',').at(-1) : value;
    const address = entry?.trim();
    if (address) return address.slice(0, 100);
  }
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_CLIENT;
  } catch {
    return UNKNOWN_CLIENT;
  }
}
