/**
 * Pages for a signed-in customer only: a signed-out visitor is sent to /sign-in (which brings them
 * back once signed in), and meanwhile the page says so with a link.
 */
import { useEffect } from 'react';

/** Sends a signed-out visitor to /sign-in once the account state is known. */
export function useSignInFirst(signedOut: boolean): void {
  useEffect(() => {
    if (signedOut) window.location.replace('/sign-in');
  }, [signedOut]);
}

/** What a signed-out visitor reads while the sign-in page opens: 'Please log in to {toDo}.' */
export function SignInFirst({ toDo }: { toDo: string }) {
  return (
    <p className="account-signed-out" role="status">
      Please <a href="/sign-in">log in</a> to {toDo}.
    </p>
  );
}
