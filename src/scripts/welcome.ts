/** Shows the welcome of a new account (src/components/Welcome.astro) on the page it came back to, once. */
import { takeNewAccount } from '../lib/new-account.ts';

const welcome = document.querySelector<HTMLElement>('[data-welcome]');
const email = welcome ? takeNewAccount() : null;
if (welcome && email !== null) {
  const address = welcome.querySelector<HTMLElement>('[data-welcome-email]');
  if (address) address.textContent = email;
  welcome.hidden = false;
  // The result of signing up, where the eye is: the page opens at the top, on the welcome.
  welcome.querySelector<HTMLElement>('h2')?.focus();
  welcome.querySelector('[data-welcome-close]')?.addEventListener('click', () => {
    welcome.hidden = true;
    document.querySelector<HTMLElement>('#main')?.focus();
  });
}
