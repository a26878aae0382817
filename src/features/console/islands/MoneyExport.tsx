/**
 * The accountant's export: every movement of money from one Kamas day to another, by when the money
 * moved (cash) or by the date of the trip it is for (accrual), downloaded as a CSV.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { MONEY_DAYS_MESSAGE, moneyQuery } from '../../../../shared/contract/reports.ts';
import { CSV_TYPE, csvFile } from '../../../../shared/reports/actual-use-csv.ts';
import { moneyCsv } from '../../../../shared/reports/money-csv.ts';
import { denverDay, denverDayPlus } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { saveTextFile } from '../../../lib/save-text-file.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { TextField } from '../../../ui/fields.tsx';
import { ChoiceField, FormFailure, useSending } from '../../../ui/form-parts.tsx';
import { OpsForm } from '../../../ui/OpsForm.tsx';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';

type View = 'cash' | 'accrual';

export function MoneyExport() {
  const id = useId();
  const hydrated = useHydrated();
  const today = denverDay(new Date());
  const [from, setFrom] = useState(denverDayPlus(today, -30));
  const [to, setTo] = useState(today);
  const [view, setView] = useState<View>('cash');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const { send, sending, failure } = useSending();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(moneyQuery, { from, to, view });
    const wrong = !checked.success || to < from ? MONEY_DAYS_MESSAGE : undefined;
    setError(wrong);
    setDone(null);
    if (wrong || !checked.success) {
      document.getElementById(`${id}-from`)?.focus();
      return;
    }
    await send(async () => {
      const movements = await opsApi.money({ query: checked.output });
      saveTextFile(csvFile(moneyCsv(movements)), CSV_TYPE, `money-${view}-${from}-to-${to}.csv`);
      const net = movements.reduce((sum, movement) => sum + movement.amount, 0);
      setDone(`Downloaded ${movements.length} ${movements.length === 1 ? 'movement' : 'movements'}, ${formatDollars(net)} net.`);
    }, 'The export could not be made. Please try again.');
  }

  return (
    <OpsForm id={id} heading="The accountant’s export" headingLevel={2} onSubmit={submit}>
      <p>Every movement of money, one row each: payments, change of date fees, refunds, credit kept, gift cards sold.</p>
      <TextField
        id={`${id}-from`}
        label="First day"
        type="date"
        value={from}
        error={error}
        onChange={(event) => setFrom(event.target.value)}
      />
      <TextField
        id={`${id}-to`}
        label="Last day"
        type="date"
        value={to}
        error={undefined}
        onChange={(event) => setTo(event.target.value)}
      />
      <ChoiceField
        id={`${id}-view`}
        legend="Count each movement by"
        choices={[
          { value: 'cash', label: 'When the money moved (cash)' },
          { value: 'accrual', label: 'The date of its trip (accrual)' },
        ]}
        value={view}
        onChange={setView}
      />
      <FormFailure failure={failure} />
      {done && (
        <p className="ops-notice" role="status">
          {done}
        </p>
      )}
      <div className="ops-actions-row">
        <button type="submit" className="button primary" disabled={!hydrated || sending}>
          Download the CSV
        </button>
      </div>
    </OpsForm>
  );
}
