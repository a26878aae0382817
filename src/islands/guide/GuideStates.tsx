/** What the guide pages show while their data is not there: loading, signed out, not a guide, or a failure. */
import { AccountLoading, NeedsJavaScript } from '../account/fields.tsx';
import type { StaffData } from '../shared/use-staff-data.ts';

export function GuideStates({ state, loadingLabel }: { state: Exclude<StaffData<unknown>, { status: 'ready' }>; loadingLabel: string }) {
  switch (state.status) {
    case 'loading':
      return (
        <>
          <AccountLoading label={loadingLabel} />
          <NeedsJavaScript>The roster needs JavaScript.</NeedsJavaScript>
        </>
      );
    case 'signed-out':
      return (
        <p className="guide-note">
          Please <a href="/sign-in">log in</a> to see the roster.
        </p>
      );
    case 'not-allowed':
      return (
        <p className="form-error guide-note" role="alert">
          {state.message} If you guide for us, ask the office to give your account the guide role.
        </p>
      );
    case 'failed':
      return (
        <p className="form-error guide-note" role="alert">
          Error: {state.message}
        </p>
      );
  }
}
