/**
 * /waiver: the waiver form on a page of its own. Its text shows at once, from the
 * server; while sign-in is checked the signature pad says it is loading and the controls wait. A
 * signed-out visitor is sent to /sign-in (which brings them back here once signed in). After
 * signing, the customer goes back one page, by the sign-in page's rule (the page read before,
 * however the waiver was opened), else to their profile. Once signed, a link under the form leads to the signed copy.
 */
import { goBackOnePage } from '../../../scripts/page-history.ts';
import SignedWaivers from './SignedWaivers.tsx';
import WaiverForm from './WaiverForm.tsx';
import { useAccountUser } from './use-account-user.ts';
import { useSignInFirst } from '../../../ui/signed-in-only.tsx';

/** With no page read before it, the waiver leads to the profile, where the signed waiver shows. */
const afterSigning = () => goBackOnePage('/profile');

export default function WaiverPage() {
  const { state } = useAccountUser();
  useSignInFirst(state === 'signed-out');
  return (
    <>
      <WaiverForm onSigned={afterSigning} />
      {/* Below the form: it shows once the account has loaded, and moves nothing on its way. */}
      <SignedWaivers />
    </>
  );
}
