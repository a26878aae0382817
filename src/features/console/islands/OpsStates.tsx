/** What the console's pages show while their data is not there: loading, signed out, not an operator, or a failure. */
import { StaffStates, type NotReady, type StaffWords } from '../../../ui/StaffStates.tsx';

const OPS_WORDS: StaffWords = {
  what: 'The console',
  signInTo: 'use the console',
  whoAsks: 'run trips for us',
  role: 'operator',
  className: 'ops-note',
};

export function OpsStates({ state, loadingLabel }: { state: NotReady; loadingLabel: string }) {
  return <StaffStates state={state} loadingLabel={loadingLabel} words={OPS_WORDS} />;
}
