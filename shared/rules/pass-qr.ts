/**
 * What a trailhead pass's QR code holds: the date it is for and the seat's unguessable code, so a
 * guide's phone with no signal can tell a pass of its trip, a pass of another trip, and a code that is
 * no pass at all.
 */
const PREFIX = 'KAMAS-PASS';
const PASS_TEXT = /^KAMAS-PASS (\S{1,128}) ([0-9a-f]{32})$/;

export function passQrText(dateId: string, code: string): string {
  return `${PREFIX} ${dateId} ${code}`;
}

/** The date and code a scanned text names, or null when it is not one of our passes. */
export function readPassQr(scanned: string): { dateId: string; code: string } | null {
  const match = PASS_TEXT.exec(scanned.trim());
  return match?.[1] && match[2] ? { dateId: match[1], code: match[2] } : null;
}
