/**
 * Who the account forms are for. Before hydration, and while Firebase or the database user loads,
 * the state is 'loading', so the first render matches the server-rendered HTML. A browser that has
 * never signed in here is 'signed-out' at once, without loading Firebase. If the database
 * user has not arrived a few seconds after sign-in (its load failed and was only logged), the forms
 * go on with the auth user's own fields rather than spin for ever.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { User } from 'firebase/auth';
import type { DatabaseUser } from '../../../../shared/contract/answers.ts';
import { $authStatus, $authUser, $dbUser, $knownUser, startAuth } from '../../../stores/auth.ts';
import { neverSignedInHere } from '../../../stores/known-user.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';

export type AccountState = 'loading' | 'signed-out' | 'ready';

/** How long a signed-in form waits for the database user before it shows the auth user's fields. */
export const DB_USER_WAIT_MS = 6000;

/** True once `active` has stayed true for `ms`; false again as soon as it turns false. */
function useWaitedFor(active: boolean, ms: number): boolean {
  const [doneFor, setDoneFor] = useState<boolean>(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setDoneFor(true), ms);
    return () => {
      clearTimeout(timer);
      setDoneFor(false);
    };
  }, [active, ms]);
  return active && doneFor;
}

/**
 * A browser that has never signed in here, once hydrated: account pages send it on at once. Firebase
 * is started only for a browser that may hold a session (and again should one sign in in another tab).
 */
export function useNeverSignedIn(): boolean {
  const hydrated = useHydrated();
  const known = useStore($knownUser);
  useEffect(() => {
    if (!neverSignedInHere()) void startAuth();
  }, [known]);
  return hydrated && known === null && neverSignedInHere();
}

export function useAccountUser(): { hydrated: boolean; state: AccountState; authUser: User | null; dbUser: DatabaseUser | null } {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const storedAuthUser = useStore($authUser);
  const storedDbUser = useStore($dbUser);
  const neverSignedIn = useNeverSignedIn();

  const authUser = hydrated ? storedAuthUser : null;
  const dbUser = hydrated && storedAuthUser && storedDbUser?.uid === storedAuthUser.uid ? storedDbUser : null;
  const waitingForDbUser = hydrated && status === 'signed-in' && dbUser === null;
  const gaveUpWaiting = useWaitedFor(waitingForDbUser, DB_USER_WAIT_MS);

  let state: AccountState = 'loading';
  if (hydrated && (status === 'signed-out' || (status === 'loading' && neverSignedIn))) state = 'signed-out';
  else if (hydrated && status === 'signed-in' && authUser && (dbUser || gaveUpWaiting)) state = 'ready';
  return { hydrated, state, authUser, dbUser };
}
