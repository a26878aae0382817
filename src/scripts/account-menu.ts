/**
 * The account menu: opens on click, closes on a click outside or Escape. It shows the last known
 * state straight away (from localStorage) and wakes Firebase only once the visitor opens it.
 */
import { $knownUser, logout, startAuth } from '../stores/auth.ts';

for (const root of document.querySelectorAll<HTMLElement>('[data-account-menu]')) {
  const button = root.querySelector<HTMLButtonElement>('[data-account-button]');
  const panel = root.querySelector<HTMLElement>('[data-account-panel]');
  const signedIn = root.querySelector<HTMLElement>('[data-signed-in]');
  const signedOut = root.querySelector<HTMLElement>('[data-signed-out]');
  const email = root.querySelector<HTMLElement>('[data-email]');
  const logoutButton = root.querySelector<HTMLButtonElement>('[data-logout]');
  if (!button || !panel || !signedIn || !signedOut || !email || !logoutButton) continue;

  const render = () => {
    const user = $knownUser.get();
    signedIn.hidden = !user;
    signedOut.hidden = Boolean(user);
    email.textContent = user?.email ?? '';
    button.setAttribute('aria-label', user ? `Account menu, signed in as ${user.email ?? 'you'}` : 'Account menu');
  };
  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) void startAuth();
  };

  render();
  $knownUser.listen(render);

  button.addEventListener('click', () => setOpen(panel.hidden));
  document.addEventListener('click', (event) => {
    if (!panel.hidden && !root.contains(event.target as Node)) setOpen(false);
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      setOpen(false);
      button.focus();
    }
  });
  logoutButton.addEventListener('click', () => {
    void logout().then(() => {
      setOpen(false);
      button.focus();
    });
  });
}
