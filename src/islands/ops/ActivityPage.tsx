/** /ops/activity: the record of operator actions, newest first: when, who, what it was done to, what changed and why. It prints as a list. */
import type { OpsActivity } from '../../../shared/contract/ops-answers.ts';
import { formatDenverRecordTime } from '../../../shared/rules/dates.ts';
import { opsBookingLink } from '../../lib/ops-links.ts';
import { opsApi } from '../../stores/ops-api.ts';
import DetailsList from '../shared/DetailsList.tsx';
import { useStaffData } from '../shared/use-staff-data.ts';
import { OpsStates } from './OpsStates.tsx';
import '../../styles/account.css';
import '../../styles/ops.css';

/** 'move booking' reads 'Move booking'. */
const sentenceCase = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

function Action({ action }: { action: OpsActivity }) {
  return (
    <li className="ops-action">
      <h2>
        {sentenceCase(action.action)}: {action.bookingId ? <a href={opsBookingLink(action.bookingId)}>{action.subject}</a> : action.subject}
      </h2>
      <DetailsList
        className="ops-details"
        details={[
          ['When', formatDenverRecordTime(Date.parse(action.at))],
          ['Who', action.operatorEmail ?? action.operatorUid],
          ['What changed', action.change],
          ['Why', action.reason],
        ]}
      />
    </li>
  );
}

export default function ActivityPage() {
  const state = useStaffData<OpsActivity[]>('activity', (signal) => opsApi.activity(signal));
  if (state.status !== 'ready') return <OpsStates state={state} loadingLabel="Loading the record" />;
  if (state.data.length === 0) return <p className="ops-note">No operator has acted in the console yet.</p>;
  return (
    <ol className="ops-actions" aria-label="Operator actions, newest first">
      {state.data.map((action) => (
        <Action key={action.id} action={action} />
      ))}
    </ol>
  );
}
