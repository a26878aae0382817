/** What a staff page shows while its data is not there: loading, signed out, without the role, or a failure. */
import { AccountLoading, NeedsJavaScript } from './fields.tsx';
import type { StaffData } from './hooks/use-staff-data.ts';

export type NotReady = Exclude<StaffData<unknown>, { status: 'ready' }>;

export interface StaffWords {
  /** 'The roster', 'The console'. */
  what: string;
  /** What signing in lets one do: 'see the roster'. */
  signInTo: string;
  /** Who should ask for the role, and which: 'guide for us', 'guide'. */
  whoAsks: string;
  role: string;
  /** The note's class on the page's own styles. */
  className: string;
}

export function StaffStates({ state, loadingLabel, words }: { state: NotReady; loadingLabel: string; words: StaffWords }) {
  switch (state.status) {
    case 'loading':
      return (
        <>
          <AccountLoading label={loadingLabel} />
          <NeedsJavaScript>{words.what} needs JavaScript.</NeedsJavaScript>
        </>
      );
    case 'signed-out':
      return (
        <p className={words.className}>
          Please <a href="/sign-in">log in</a> to {words.signInTo}.
        </p>
      );
    case 'not-allowed':
      return (
        <p className={`form-error ${words.className}`} role="alert">
          {state.message} If you {words.whoAsks}, ask the office to give your account the {words.role} role.
        </p>
      );
    case 'failed':
      if (state.noSignal) {
        return (
          <p className={words.className} role="status">
            No signal: {words.what.toLowerCase()} shows again once this phone is online.
          </p>
        );
      }
      return (
        <p className={`form-error ${words.className}`} role="alert">
          Error: {state.message}
        </p>
      );
  }
}
