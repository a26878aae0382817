/** /ops/dates: adding dates of the kinds the company runs, and the blackout days on which it runs none. */
import type { OpsDateKind } from '../../../../shared/contract/ops-answers.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { AddDates } from './AddDates.tsx';
import { BlackoutDays } from './BlackoutDays.tsx';
import { OpsStates } from './OpsStates.tsx';
import '../../../styles/account.css';
import '../../../styles/ops.css';

export default function DatesPage() {
  const state = useStaffData<OpsDateKind[]>('date-kinds', (signal) => opsApi.dateKinds({ signal }));
  if (state.status !== 'ready') return <OpsStates state={state} loadingLabel="Loading the kinds of date" />;
  return (
    <div className="ops">
      <AddDates kinds={state.data} />
      <BlackoutDays />
    </div>
  );
}
