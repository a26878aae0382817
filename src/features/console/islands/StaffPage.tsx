/**
 * /ops/staff: inviting someone as a guide or an operator by the address they sign in with, the
 * invitations still waiting (each can be withdrawn), and who holds a role (each can be taken away,
 * for a reason).
 */
import { useState } from 'react';
import { ROLE_WITH_ARTICLE, type StaffRole } from '../../../../shared/contract/ops-requests.ts';
import type { OpsInvited, OpsStaff, OpsStaffInvitation, OpsStaffMember } from '../../../../shared/contract/ops-staff.ts';
import { formatDenverDate } from '../../../../shared/rules/dates.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { FormFailure, useSending } from '../../../ui/form-parts.tsx';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { InviteForm } from './InviteForm.tsx';
import OpsNotice from './OpsNotice.tsx';
import { OpsStates } from './OpsStates.tsx';
import { ReasonAction } from './TextAction.tsx';
import '../../../styles/account.css';
import '../../../styles/ops.css';

const ROLE_NAMES: Record<StaffRole, string> = { guide: 'Guide', operator: 'Operator' };

function invitedWords({ email, role, outcome }: OpsInvited['invited']): string {
  const as = ROLE_WITH_ARTICLE[role];
  if (outcome === 'holds') return `${email} already is ${as}.`;
  if (outcome === 'already-invited') return `${email} already has an invitation as ${as} waiting: nothing was sent again.`;
  return `Invitation sent to ${email}. They will be ${as} once they sign in with that address and confirm it.`;
}

export default function StaffPage() {
  const state = useStaffData<OpsStaff>('staff', (signal) => opsApi.staff({ signal }));
  const [changed, setChanged] = useState<{ staff: OpsStaff; notice: string } | null>(null);
  if (state.status !== 'ready') return <OpsStates state={state} loadingLabel="Loading the staff" />;
  const { members, invitations } = changed?.staff ?? state.data;
  const show = (staff: OpsStaff, notice: string) => setChanged({ staff, notice });
  return (
    <div className="ops">
      {changed && <OpsNotice>{changed.notice}</OpsNotice>}
      <InviteForm onInvited={(answer) => show(answer, invitedWords(answer.invited))} />
      <section className="ops-section" aria-labelledby="ops-invitations">
        <h2 id="ops-invitations">Invitations waiting</h2>
        {invitations.length === 0 ? (
          <p className="ops-muted">No invitations waiting.</p>
        ) : (
          <ul className="ops-found" aria-label="Invitations waiting">
            {invitations.map((invitation) => (
              <Invitation key={invitation.id} invitation={invitation} onWithdrawn={show} />
            ))}
          </ul>
        )}
      </section>
      <section className="ops-section" aria-labelledby="ops-staff-list">
        <h2 id="ops-staff-list">Staff</h2>
        <ul className="ops-found" aria-label="Staff">
          {members.map((member) => (
            <Member key={member.uid} member={member} onChanged={show} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function Invitation({
  invitation,
  onWithdrawn,
}: {
  invitation: OpsStaffInvitation;
  onWithdrawn: (staff: OpsStaff, notice: string) => void;
}) {
  const { failure, sending, send } = useSending();
  const withdraw = () =>
    send(async () => {
      onWithdrawn(
        await opsApi.withdrawInvitation({ params: { id: invitation.id } }),
        `The invitation of ${invitation.email} is withdrawn.`,
      );
    }, 'The invitation could not be withdrawn. Please try again.');
  return (
    <li>
      <strong>{invitation.email}</strong>
      <span>
        As {ROLE_WITH_ARTICLE[invitation.role]}, invited by {invitation.invitedBy} on {formatDenverDate(new Date(invitation.invitedAt))}
      </span>
      <button type="button" className="button secondary" disabled={sending} onClick={() => void withdraw()}>
        {sending ? 'Withdrawing…' : 'Withdraw'}
        <span className="visually-hidden"> the invitation of {invitation.email}</span>
      </button>
      <FormFailure failure={failure} />
    </li>
  );
}

function Member({ member, onChanged }: { member: OpsStaffMember; onChanged: (staff: OpsStaff, notice: string) => void }) {
  return (
    <li>
      <strong>{member.name}</strong>
      <span>
        {member.email ? `${member.email} · ` : ''}
        {member.roles.map((role) => ROLE_NAMES[role]).join(', ')}
      </span>
      {member.roles.map((role) => (
        <ReasonAction
          key={role}
          opener={`Take away the ${role} role`}
          heading={`Take away ${member.name}’s ${role} role`}
          hint={
            role === 'guide'
              ? 'They can no longer open rosters or trip sheets, from now on.'
              : 'They can no longer use the console, from now on.'
          }
          submit={`Take away the ${role} role`}
          confirm={`${member.name} loses the ${role} role at once; to give it back, invite them again.`}
          act={async (reason) =>
            onChanged(
              await opsApi.revokeRole({ params: { uid: member.uid }, body: { role, reason } }),
              `${member.name} is no longer ${ROLE_WITH_ARTICLE[role]}.`,
            )
          }
        />
      ))}
    </li>
  );
}
