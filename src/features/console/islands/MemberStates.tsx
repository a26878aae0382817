/** A party member's readiness as the console marks it: `Survey missing`, `Waiver missing`, or `Ready`. */
import type { OpsMember } from '../../../../shared/contract/ops-answers.ts';
import { SURVEY_LABELS, WAIVER_LABELS } from '../../../../shared/rules/party.ts';

export function MemberStates({ member }: { member: Pick<OpsMember, 'survey' | 'waiver'> }) {
  if (member.survey === 'done' && member.waiver === 'signed') return <span className="ops-state ops-state-ready">Ready</span>;
  return (
    <>
      {member.survey === 'missing' && <span className="ops-state ops-state-missing">{SURVEY_LABELS.missing}</span>}
      {member.waiver === 'missing' && <span className="ops-state ops-state-missing">{WAIVER_LABELS.missing}</span>}
    </>
  );
}
