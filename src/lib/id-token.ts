/** When the ID token the API calls carry must be renewed. */

/** The identity service refreshes a token this long before it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;

/** Whether a token expiring at `expiresAtMs` should be refreshed at `nowMs` before it is sent. */
export function tokenNeedsRefresh(expiresAtMs: number, nowMs: number): boolean {
  return !Number.isFinite(expiresAtMs) || expiresAtMs - nowMs <= TOKEN_REFRESH_MARGIN_MS;
}
