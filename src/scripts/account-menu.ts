/**
 * The account menu once script runs: the link to /sign-in becomes the button that opens the panel.
 * It opens on click and closes on a click outside, on Escape and when focus leaves it. It shows the
 * last known state straight away (from localStorage); the auth store, and Firebase with it, load
 * only once the visitor opens it.
 */
import { $knownUser } from '../stores/known-user.ts';
import { linkToButton } from './link-to-button.ts';

const authStore = () => import('../stores/auth.ts');
const authActions = () => import('../stores/auth-actions.ts');

for (const root of document.querySelectorAll<HTMLElement>('[data-account-menu]')) {
  const link = root.querySelector<HTMLAnchorElement>('a[data-account-button]');
  const panel = root.querySelector<HTMLElement>('[data-account-panel]');
  const notice = root.querySelector<HTMLElement>('[data-account-notice]');
  const signedIn = root.querySelector<HTMLElement>('[data-signed-in]');
  const signedOut = root.querySelector<HTMLElement>('[data-signed-out]');
  const email = root.querySelector<HTMLElement>('[data-email]');
  const logoutButton = root.querySelector<HTMLButtonElement>('[data-logout]');
  if (!link || !panel || !notice || !signedIn || !signedOut || !email || !logoutButton) continue;

  const button = linkToButton(link, { 'aria-expanded': 'false', 'aria-controls': panel.id, 'aria-label': 'Account menu' });
  // What the notice says when the sign-in code cannot load: written into the page, so that every page need not load the sign-in messages.
  const unavailable = notice.dataset['unavailable'] ?? '';

  // Staff only: the links to the roster and to the console are made here, never written into the page for everyone.
  const staffItem = (href: string, text: string) => {
    const item = document.createElement('li');
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.textContent = text;
    item.append(anchor);
    return item;
  };
  const rosterItem = staffItem('/guide', 'Roster');
  const opsItem = staffItem('/ops', 'Operations');
  // The cart is a customer's: guides and operators book for others from the console.
  const cartItem = signedIn.querySelector<HTMLElement>('[data-cart]');

  const render = () => {
    const user = $knownUser.get();
    const list = signedIn.querySelector('ul');
    for (const [item, shown] of [
      [rosterItem, user?.guide === true],
      [opsItem, user?.operator === true],
    ] as const) {
      if (shown) list?.prepend(item);
      else item.remove();
    }
    if (cartItem) cartItem.hidden = user?.guide === true || user?.operator === true;
    signedIn.hidden = !user;
    signedOut.hidden = Boolean(user);
    email.textContent = user?.email ?? '';
    button.setAttribute('aria-label', user ? `Account menu, signed in as ${user.email ?? 'you'}` : 'Account menu');
  };
  const say = (message: string | null) => {
    notice.textContent = message ?? '';
    notice.hidden = !message;
  };
  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    showUnsent(null);
    button.setAttribute('aria-expanded', String(open));
    if (open) {
      say(null);
      authStore().then(
        ({ startAuth }) => startAuth(),
        (error: unknown) => console.warn('The sign-in code could not load', error),
      );
    }
  };

  render();
  $knownUser.listen(render);

  button.addEventListener('click', () => setOpen(panel.hidden));
  document.addEventListener('click', (event) => {
    if (!panel.hidden && !root.contains(event.target as Node)) setOpen(false);
  });
  root.addEventListener('focusout', (event) => {
    // Focus moving to something outside closes the panel; a click on the panel's text (no new focus) does not.
    const next = event.relatedTarget as Node | null;
    if (!panel.hidden && next && !root.contains(next)) setOpen(false);
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      setOpen(false);
      button.focus();
    }
  });
  // Said in the open panel, with a way on, when logging out would lose check-ins recorded on this phone and not yet sent.
  const unsentNote = document.createElement('p');
  unsentNote.className = 'account-unsent';
  unsentNote.setAttribute('role', 'alert');
  const loseUnsent = document.createElement('button');
  loseUnsent.type = 'button';
  loseUnsent.className = 'link-button';
  loseUnsent.textContent = 'Log out anyway and lose them';
  const loseItem = document.createElement('li');
  loseItem.append(loseUnsent);
  const showUnsent = (message: string | null) => {
    if (message) {
      unsentNote.textContent = message;
      signedIn.querySelector('ul')?.before(unsentNote);
      logoutButton.closest('li')?.after(loseItem);
    } else {
      unsentNote.remove();
      loseItem.remove();
    }
  };

  const logOut = async (options: { loseUnsent?: boolean }) => {
    let failure: string | null = null;
    try {
      const { logout, UnsentOnDevice } = await authActions().catch(() => {
        throw new Error(unavailable);
      });
      try {
        await logout(options);
      } catch (error) {
        if (error instanceof Error && error.cause instanceof UnsentOnDevice) return showUnsent(error.message);
        throw error;
      }
    } catch (error) {
      // Its failures are the site's own sentences: the sign-in code that could not load, a logout that did not finish.
      failure = error instanceof Error ? error.message : unavailable;
    }
    setOpen(false);
    say(failure);
    button.focus();
  };
  logoutButton.addEventListener('click', () => void logOut({}));
  loseUnsent.addEventListener('click', () => void logOut({ loseUnsent: true }));
}

// Ended trips' sheets and passes leave the device on every page a remembered visitor opens, and a
// guide's sheets leave it once the account no longer holds the role.
const remembered = $knownUser.get();
if (remembered)
  void import('../features/trailhead/stores/device-purge.ts')
    .then(({ purgeEnded }) => purgeEnded())
    .then(() => import('../features/trailhead/stores/role-check.ts'))
    .then(({ checkGuideRole }) => checkGuideRole(remembered.uid))
    .catch((error: unknown) => console.warn('Could not remove what ended from this device', error));
