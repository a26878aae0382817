/**
 * A value one page hands to the next page the tab opens, through the tab's session storage, so the
 * address of that page stays as it is. It is read once. Where storage is refused (a private mode),
 * nothing is handed over and the next page opens as usual.
 */
export function handOver(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage refused: the next page opens as usual.
  }
}

/** What was handed over under `key`, once; null when nothing was. */
export function takeHandedOver(key: string): string | null {
  try {
    const value = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
}
