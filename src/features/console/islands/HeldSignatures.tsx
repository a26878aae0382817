/**
 * Waivers signed at the trailhead for a seat that was gone when the phone's record reached us: each
 * with its image, who signed on whose phone, when and why it was held. An operator who has looked
 * makes it the signer's waiver signature, giving a reason the record keeps.
 */
import type { OpsDateOverview } from '../../../../shared/contract/ops-answers.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { ReasonAction } from './TextAction.tsx';

interface Props {
  date: OpsDateOverview;
  onChanged: (notice: string) => void;
}

export function HeldSignatures({ date, onChanged }: Props) {
  if (date.heldSignatures.length === 0) return null;
  return (
    <section className="ops-held-signatures" aria-labelledby="ops-held-signatures-title">
      <h3 id="ops-held-signatures-title">Waivers signed at the trailhead, waiting for a look</h3>
      <p className="ops-muted">Each is kept with the trip and does not count as their waiver until you make it so.</p>
      <ul className="ops-lines">
        {date.heldSignatures.map((held) => (
          <li key={held.eventId} className="ops-held-signature">
            <p>
              {held.member} signed on {held.by}&rsquo;s phone, {formatDenverDateTime(Date.parse(held.at))}. {held.why}
            </p>
            <img src={held.signature} alt={`Signature of ${held.member}`} width={300} height={40} />
            <ReasonAction
              opener={`Make it ${held.member}’s waiver`}
              hint="It becomes their signature of the waiver text they signed at the trailhead, as if signed online then."
              submit="Make it their waiver"
              act={async (reason) => {
                await opsApi.acceptHeldSignature({ params: { dateId: date.id, eventId: held.eventId }, body: { reason } });
                onChanged(`The waiver ${held.member} signed at the trailhead is now their waiver signature.`);
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
