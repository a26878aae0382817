/**
 * Inviting someone to the staff: the address they sign in with and the role. Checked by the API's own
 * schema before anything is sent; the form never submits by itself.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { opsInviteSchema, type StaffRole } from '../../../../shared/contract/ops-requests.ts';
import type { OpsInvited } from '../../../../shared/contract/ops-staff.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { TextField } from '../../../ui/fields.tsx';
import { ChoiceField, firstErrors, FormButtons, FormFailure, textValue, useSending } from '../../../ui/form-parts.tsx';
import { OpsForm } from '../../../ui/OpsForm.tsx';

export function InviteForm({ onInvited }: { onInvited: (answer: OpsInvited) => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole | ''>('');
  const [errors, setErrors] = useState<Partial<Record<'email' | 'role', string>>>({});
  const { failure, setFailure, sending, send } = useSending();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(opsInviteSchema, { email, role });
    setErrors(checked.success ? {} : firstErrors<'email' | 'role'>(checked.issues, 'email'));
    if (!checked.success) {
      setFailure(null);
      return;
    }
    await send(async () => {
      onInvited(await opsApi.inviteStaff({ body: checked.output }));
      setEmail('');
      setRole('');
    }, 'The invitation could not be sent. Please try again.');
  }

  return (
    <OpsForm id={id} heading="Invite someone" headingLevel={2} onSubmit={submit}>
      <p className="ops-muted">We e-mail them how to sign in; nothing changes for them until they do.</p>
      <TextField id={`${id}-email`} label="E-mail" type="email" autoComplete="off" {...textValue(email, setEmail, errors.email)} />
      <ChoiceField
        id={`${id}-role`}
        legend="Role"
        choices={[
          { value: 'guide', label: 'Guide: rosters and trip sheets' },
          { value: 'operator', label: 'Operator: the whole console' },
        ]}
        value={role}
        error={errors.role}
        onChange={setRole}
      />
      <FormFailure failure={failure} />
      <FormButtons submit="Send the invitation" sending={sending} />
    </OpsForm>
  );
}
