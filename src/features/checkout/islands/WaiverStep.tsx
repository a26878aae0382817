/**
 * Checkout step 3: the waiver on file when the customer's signature is of the text in force and
 * still counts (Continue, or review and sign again), else the waiver form.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { waiverSigned } from '../../../../shared/rules/readiness.ts';
import { $dbUser } from '../../../stores/auth.ts';
import { $waiverInForce, loadWaiverInForce } from '../../account/stores/waiver-in-force.ts';
import WaiverForm from '../../account/islands/WaiverForm.tsx';
import { useFocusOnOpen } from './use-focus-on-open.ts';
import { WaiverOnFile } from './OnFile.tsx';

export default function WaiverStep({ onSigned }: { onSigned: () => void }) {
  const dbUser = useStore($dbUser);
  const inForce = useStore($waiverInForce);
  const [reviewing, setReviewing] = useState(false);
  const frame = useFocusOnOpen(reviewing);
  useEffect(() => void loadWaiverInForce(), []);

  if (dbUser && !reviewing && waiverSigned(dbUser) && dbUser.waiver?.sha256 === inForce.sha256) {
    return <WaiverOnFile user={dbUser} onContinue={onSigned} onReview={() => setReviewing(true)} />;
  }
  return (
    <div ref={frame}>
      <WaiverForm onSigned={onSigned} />
    </div>
  );
}
