/** What the guide pages show while their data is not there: loading, signed out, not a guide, or a failure. */
import { StaffStates, type NotReady, type StaffWords } from '../../../ui/StaffStates.tsx';

const GUIDE_WORDS: StaffWords = {
  what: 'The roster',
  signInTo: 'see the roster',
  whoAsks: 'guide for us',
  role: 'guide',
  className: 'guide-note',
};

export function GuideStates({ state, loadingLabel }: { state: NotReady; loadingLabel: string }) {
  return <StaffStates state={state} loadingLabel={loadingLabel} words={GUIDE_WORDS} />;
}
