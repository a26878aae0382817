/** What the console's pages show while their data is not there: loading, signed out, not an operator, or a failure. */
import { AccountLoading, NeedsJavaScript } from '../account/fields.tsx';
import type { StaffData } from '../shared/use-staff-data.ts';

export function OpsStates({ state, loadingLabel }: { state: Exclude<StaffData<unknown>, { status: 'ready' }>; loadingLabel: string }) {
  switch (state.status) {
    case 'loading':
      return (
        <>
          <AccountLoading label={loadingLabel} />
          <NeedsJavaScript>The console needs JavaScript.</NeedsJavaScript>
        </>
      );
    case 'signed-out':
      return (
        <p className="ops-note">
          Please <a href="/sign-in">log in</a> to use the console.
        </p>
      );
    case 'not-allowed':
      return (
        <p className="form-error ops-note" role="alert">
          {state.message} If you run trips for us, ask the office to give your account the operator role.
        </p>
      );
    case 'failed':
      return (
        <p className="form-error ops-note" role="alert">
          Error: {state.message}
        </p>
      );
  }
}
