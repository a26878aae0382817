/**
 * Adjusting a gift card's balance: an amount in dollars added or taken off, from the balance the
 * operator sees (the API refuses when it changed meanwhile), for a reason. Opens from a button.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { ADJUSTMENT_MESSAGE, opsGiftAdjustSchema } from '../../../../shared/contract/gift-cards.ts';
import { centsOf } from '../../../../shared/contract/ops-requests.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { TextField } from '../../../ui/fields.tsx';
import { ChoiceField, firstErrors, ReasonField, useOpenedForm } from '../../../ui/form-parts.tsx';
import { OpenedForm } from '../../../ui/OpsForm.tsx';

type Field = 'cents' | 'reason';

interface Props {
  card: { id: string; balance: number };
  onAdjusted: (balance: number) => Promise<void>;
}

export function GiftAdjustForm({ card, onAdjusted }: Props) {
  const id = useId();
  const form = useOpenedForm(`${id}-dollars`);
  const [way, setWay] = useState<'add' | 'take'>('add');
  const [dollars, setDollars] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const cents = centsOf(dollars);
    const checked = v.safeParse(opsGiftAdjustSchema, {
      cents: cents === null ? Number.NaN : way === 'add' ? cents : -cents,
      balanceSeen: card.balance,
      reason,
    });
    const found = checked.success ? {} : firstErrors<Field>(checked.issues, 'cents');
    if (cents === null) found.cents = ADJUSTMENT_MESSAGE;
    setErrors(found);
    if (!checked.success || Object.keys(found).length > 0) {
      form.setFailure(null);
      return;
    }
    await form.send(async () => {
      const { balance } = await opsApi.adjustGiftCard({ params: { cardId: card.id }, body: checked.output });
      setDollars('');
      setReason('');
      await onAdjusted(balance);
    }, 'The balance could not be changed. Please try again.');
  }

  return (
    <OpenedForm form={form} id={id} opener="Adjust the balance" submit="Change the balance" onSubmit={submit}>
      <ChoiceField
        id={`${id}-way`}
        legend="Change"
        choices={[
          { value: 'add', label: 'Add to it' },
          { value: 'take', label: 'Take off it' },
        ]}
        value={way}
        onChange={setWay}
      />
      <TextField
        id={`${id}-dollars`}
        label="Dollars"
        inputMode="decimal"
        value={dollars}
        error={errors.cents}
        onChange={(event) => setDollars(event.target.value)}
      />
      <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
    </OpenedForm>
  );
}
