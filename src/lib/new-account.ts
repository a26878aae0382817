/**
 * An account just made on /sign-in, handed to the page it goes back to (which then says what comes
 * next: src/components/Welcome.astro) through the tab's session storage. It is read once.
 */
const KEY = 'account:new';

/** Remembers the address a new account signed up with. */
export function rememberNewAccount(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Storage refused (a private mode): the next page shows no welcome; the profile still says what is missing.
  }
}

/** The address of an account just made, once; null when none was. */
export function takeNewAccount(): string | null {
  try {
    const email = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return email;
  } catch {
    return null;
  }
}
