/**
 * Creating or changing a promo code: a percentage or an amount off, the last Kamas day it can be
 * used and a limit of uses (both optional), paused or not, and a reason. Checked by the API's own
 * schema before anything is sent; the form never submits by itself.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { OpsPromoCode } from '../../../../shared/contract/ops-answers.ts';
import {
  AMOUNT_MESSAGE,
  centsOf,
  opsPromoSchema,
  PROMO_CODE_MESSAGE,
  PROMO_CODE_PATTERN,
} from '../../../../shared/contract/ops-requests.ts';
import { dollarsField } from '../../../lib/ops-links.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { TextField } from '../../../ui/fields.tsx';
import { ChoiceField, firstErrors, FormButtons, FormFailure, ReasonField, textValue, useSending } from '../../../ui/form-parts.tsx';
import { OpsForm } from '../../../ui/OpsForm.tsx';

type Field = 'code' | 'percentOff' | 'amountOff' | 'lastDay' | 'maxRedemptions' | 'reason';

interface Props {
  /** The code changed, or null for a new one. */
  promo: OpsPromoCode | null;
  onSaved: (codes: OpsPromoCode[], code: string) => void;
  onClose?: () => void;
}

export function PromoForm({ promo, onSaved, onClose }: Props) {
  const id = useId();
  const [code, setCode] = useState(promo?.code ?? '');
  const [kind, setKind] = useState<'percent' | 'amount'>(promo?.amountOff ? 'amount' : 'percent');
  const [value, setValue] = useState(promo?.percentOff ? String(promo.percentOff) : promo?.amountOff ? dollarsField(promo.amountOff) : '');
  const [lastDay, setLastDay] = useState(promo?.lastDay ?? '');
  const [uses, setUses] = useState(promo?.maxRedemptions ? String(promo.maxRedemptions) : '');
  const [paused, setPaused] = useState(promo ? !promo.active : false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { failure, setFailure, sending, send } = useSending();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = code.trim().toUpperCase();
    const amount = kind === 'amount' ? centsOf(value) : null;
    const checked = v.safeParse(opsPromoSchema, {
      ...(kind === 'percent' ? { percentOff: value.trim() === '' ? Number.NaN : Number(value) } : { amountOff: amount ?? Number.NaN }),
      lastDay: lastDay || null,
      maxRedemptions: uses.trim() === '' ? null : Number(uses),
      active: !paused,
      reason,
    });
    const found: Partial<Record<Field, string>> = checked.success
      ? {}
      : firstErrors<Field>(checked.issues, kind === 'percent' ? 'percentOff' : 'amountOff');
    if (!PROMO_CODE_PATTERN.test(name)) found.code = PROMO_CODE_MESSAGE;
    if (kind === 'amount' && amount === null) found.amountOff = AMOUNT_MESSAGE;
    setErrors(found);
    if (!checked.success || Object.keys(found).length > 0) {
      setFailure(null);
      return;
    }
    await send(async () => {
      onSaved(await opsApi.savePromo({ params: { code: name }, body: checked.output }), name);
      setReason('');
    }, 'The code could not be saved. Please try again.');
  }

  const title = promo ? `Change ${promo.code}` : 'Add a promo code';
  return (
    <OpsForm id={id} heading={title} onSubmit={submit}>
      {!promo && (
        <TextField
          id={`${id}-code`}
          label="Code"
          autoComplete="off"
          autoCapitalize="characters"
          {...textValue(code, setCode, errors.code)}
        />
      )}
      <ChoiceField
        id={`${id}-kind`}
        legend="Discount"
        choices={[
          { value: 'percent', label: 'Percentage off' },
          { value: 'amount', label: 'Amount off' },
        ]}
        value={kind}
        onChange={setKind}
      />
      <TextField
        id={`${id}-value`}
        label={kind === 'percent' ? 'Percent off' : 'Dollars off'}
        inputMode="decimal"
        value={value}
        error={kind === 'percent' ? errors.percentOff : errors.amountOff}
        onChange={(event) => setValue(event.target.value)}
      />
      <TextField
        id={`${id}-last-day`}
        label="Last day it can be used (empty: no end)"
        type="date"
        {...textValue(lastDay, setLastDay, errors.lastDay)}
      />
      <TextField
        id={`${id}-uses`}
        label="Limit of uses (empty: no limit)"
        inputMode="numeric"
        {...textValue(uses, setUses, errors.maxRedemptions)}
      />
      <label className="ops-check">
        <input type="checkbox" checked={paused} onChange={(event) => setPaused(event.target.checked)} /> Paused: customers cannot use it
      </label>
      <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
      <FormFailure failure={failure} />
      <FormButtons submit="Save code" sending={sending} onClose={onClose} />
    </OpsForm>
  );
}
