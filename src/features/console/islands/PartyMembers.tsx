/**
 * A party's members as the console lists them: each one's readiness (and, with `contacts`, who booked
 * and how to reach them; with `trailhead`, what the guides' phones recorded of them), then its open spots.
 */
import type { OpsMember } from '../../../../shared/contract/ops-answers.ts';
import PhoneLink from '../../../ui/PhoneLink.tsx';
import { MemberStates } from './MemberStates.tsx';

interface Props {
  members: OpsMember[];
  openSpots: number;
  contacts?: boolean;
  /** What the trailhead recorded of a member, in words (null: nothing). */
  trailhead?: (uid: string) => string | null;
}

export function PartyMembers({ members, openSpots, contacts = false, trailhead }: Props) {
  return (
    <ul className="ops-members">
      {members.map((member) => (
        <li key={member.uid}>
          <span className="ops-member-name">
            {member.name}
            {contacts && member.role === 'booked' ? ' (booked)' : ''}
          </span>
          <span className="ops-states">
            <MemberStates member={member} />
          </span>
          {trailhead?.(member.uid) && <span className="ops-trailhead">{trailhead(member.uid)}</span>}
          {contacts && (
            <span className="ops-muted">
              {member.email ?? 'No e-mail'}
              {member.phoneNumber && (
                <>
                  {' · '}
                  <PhoneLink number={member.phoneNumber} name={member.name} />
                </>
              )}
            </span>
          )}
        </li>
      ))}
      {openSpots > 0 && (
        <li className="ops-muted">
          {openSpots} open {openSpots === 1 ? 'spot' : 'spots'}
        </li>
      )}
    </ul>
  );
}
