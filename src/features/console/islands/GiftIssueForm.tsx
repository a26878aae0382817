/**
 * Issuing a gift card with no payment (a raffle prize, a make-good): dollars, who it is for, their
 * e-mail (it goes to them at once; without one the office prints it), and a reason. Checked by the
 * API's own schema before anything is sent.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { opsGiftIssueSchema } from '../../../../shared/contract/gift-cards.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { TextField } from '../../../ui/fields.tsx';
import { firstErrors, FormButtons, FormFailure, ReasonField, textValue, useSending } from '../../../ui/form-parts.tsx';
import { OpsForm } from '../../../ui/OpsForm.tsx';

type Field = 'dollars' | 'recipientName' | 'recipientEmail' | 'reason';

interface Props {
  onIssued: (issued: { giftCardId: string; code: string; name: string }) => void;
}

export function GiftIssueForm({ onIssued }: Props) {
  const id = useId();
  const [dollars, setDollars] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { failure, setFailure, sending, send } = useSending();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(opsGiftIssueSchema, {
      dollars: dollars.trim() === '' ? Number.NaN : Number(dollars.trim().replace(/^\$/, '')),
      recipientName: name,
      recipientEmail: email.trim() === '' ? null : email,
      reason,
    });
    setErrors(checked.success ? {} : firstErrors<Field>(checked.issues, 'dollars'));
    if (!checked.success) {
      setFailure(null);
      return;
    }
    await send(async () => {
      const issued = await opsApi.issueGiftCard({ body: checked.output });
      onIssued({ ...issued, name: checked.output.recipientName });
    }, 'The card could not be issued. Please try again.');
  }

  return (
    <OpsForm id={id} heading="Issue a gift card" headingLevel={2} onSubmit={submit}>
      <TextField id={`${id}-dollars`} label="Dollars" inputMode="numeric" {...textValue(dollars, setDollars, errors.dollars)} />
      <TextField id={`${id}-name`} label="For (name)" autoComplete="off" {...textValue(name, setName, errors.recipientName)} />
      <TextField
        id={`${id}-email`}
        label="Their e-mail (empty: to print)"
        type="email"
        autoComplete="off"
        {...textValue(email, setEmail, errors.recipientEmail)}
      />
      <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
      <FormFailure failure={failure} />
      <FormButtons submit="Issue the card" sending={sending} />
    </OpsForm>
  );
}
