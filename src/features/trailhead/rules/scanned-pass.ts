/**
 * What a pass scanned at the trailhead means for a saved trip sheet, decided on the phone alone: a
 * member of this trip (checked in already, or to check in now), a pass of another trip, a pass this
 * sheet does not know (a seat changed since it was saved), or a QR code that is no pass.
 */
import type { TripSheet } from '../../../../shared/contract/trailhead.ts';
import { checkInOf, type MemberCheckIn } from '../../../../shared/rules/check-in.ts';
import { formatDenverTime } from '../../../../shared/rules/dates.ts';
import { readPassQr } from '../../../../shared/rules/pass-qr.ts';
import { participantName } from '../../../lib/roster-csv.ts';

export type ScannedPass =
  | { kind: 'member'; bookingId: string; uid: string; name: string; checkIn: MemberCheckIn }
  | { kind: 'other-trip' | 'not-on-sheet' | 'not-a-pass' };

export function scannedPass(text: string, sheet: TripSheet, members: Map<string, MemberCheckIn>): ScannedPass {
  const pass = readPassQr(text);
  if (!pass) return { kind: 'not-a-pass' };
  if (pass.dateId !== sheet.date.id) return { kind: 'other-trip' };
  for (const party of sheet.parties) {
    const member = party.members.find((candidate) => candidate.passCode === pass.code);
    if (member) {
      const checkIn = checkInOf(members, party.bookingId, member.uid);
      return { kind: 'member', bookingId: party.bookingId, uid: member.uid, name: participantName(member), checkIn };
    }
  }
  return { kind: 'not-on-sheet' };
}

/** What the scanner says of a pass; a member not here yet is checked in by the scan. */
export function scannedWords(scanned: ScannedPass): string {
  switch (scanned.kind) {
    case 'member': {
      const { checkIn, name } = scanned;
      if (checkIn.status === 'here' && checkIn.at)
        return `Already checked in at ${formatDenverTime(Date.parse(checkIn.at))} by ${checkIn.by ?? 'a guide'}`;
      return `${name} is checked in.`;
    }
    case 'other-trip':
      return 'That pass is for another trip.';
    case 'not-on-sheet':
      return 'That pass is not on this trip sheet: the seat may have changed since it was saved. Update the sheet when there is a signal.';
    case 'not-a-pass':
      return 'That QR code is not a trailhead pass.';
  }
}
