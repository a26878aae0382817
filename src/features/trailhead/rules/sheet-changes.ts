/**
 * What changed on the server between two saves of a date's trip sheet, in the words a guide reads at
 * the trailhead: a party that is gone (cancelled or moved), a party that is new, a member who left,
 * a member who joined.
 */
import type { TripMember, TripSheet } from '../../../../shared/contract/trailhead.ts';
import { memberName } from '../../../../shared/rules/party.ts';

const nameOf = (member: TripMember) => memberName(member.name, member.email);
const payerOf = (party: TripSheet['parties'][number]) => party.members.find((member) => member.role === 'booked') ?? party.members[0];
const partyName = (party: TripSheet['parties'][number]) => {
  const payer = payerOf(party);
  return payer ? `${nameOf(payer)}'s party` : 'A party';
};

export function sheetChanges(before: TripSheet, after: TripSheet): string[] {
  const changes: string[] = [];
  const afterParties = new Map(after.parties.map((party) => [party.bookingId, party]));
  const beforeParties = new Map(before.parties.map((party) => [party.bookingId, party]));
  for (const party of before.parties) {
    const now = afterParties.get(party.bookingId);
    if (!now) {
      changes.push(`${partyName(party)} is no longer on this date (cancelled or moved).`);
      continue;
    }
    const stillThere = new Set(now.members.map((member) => member.uid));
    for (const member of party.members) if (!stillThere.has(member.uid)) changes.push(`${nameOf(member)} left ${partyName(party)}.`);
    const wasThere = new Set(party.members.map((member) => member.uid));
    for (const member of now.members) if (!wasThere.has(member.uid)) changes.push(`${nameOf(member)} joined ${partyName(now)}.`);
  }
  for (const party of after.parties) {
    if (!beforeParties.has(party.bookingId))
      changes.push(`${partyName(party)} was added (${party.partySize} ${party.partySize === 1 ? 'seat' : 'seats'}).`);
  }
  return changes;
}
