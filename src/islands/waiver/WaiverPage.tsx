/**
 * /waiver (spec section 2): the waiver form on a page of its own. Its text shows at once, from the
 * server; while sign-in is checked the signature pad shows a spinner and the controls wait. A
 * signed-out visitor is sent to /sign-in (which brings them back here once signed in). After
 * signing, the customer goes back one page: to the page of this site they came from, else to
 * their profile. Once signed, a link under the form leads to the signed copy.
 */
import { useEffect } from 'react';
import { pageBefore } from '../../lib/navigation.ts';
import SignedWaivers from '../account/SignedWaivers.tsx';
import WaiverForm from '../account/WaiverForm.tsx';
import { useAccountUser } from '../account/use-account-user.ts';

function goBackOnePage() {
  if (pageBefore(document.referrer, window.location.origin, window.location.pathname)) window.history.back();
  else window.location.replace('/profile');
}

export default function WaiverPage() {
  const { state } = useAccountUser();
  useEffect(() => {
    if (state === 'signed-out') window.location.replace('/sign-in');
  }, [state]);
  return (
    <>
      <WaiverForm onSigned={goBackOnePage} />
      {/* Below the form: it shows once the account has loaded, and moves nothing on its way. */}
      <SignedWaivers />
    </>
  );
}
