/** Shows the welcome of a new account (src/components/Welcome.astro) on the page it came back to, once. */
import { takeNewAccount } from '../lib/new-account.ts';

/** What a booking needs, each with where it is done. */
const NEEDS: [text: string, href: string, after: string][] = [
  ['Your details', '/profile', ': your name and a phone number for the day'],
  ['The safety survey', '/profile#survey', ': an emergency contact, your experience and your gear'],
  ['The waiver', '/profile#waiver', ', signed'],
];

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text = '', attributes: Record<string, string> = {}) {
  const made = document.createElement(tag);
  made.textContent = text;
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

const welcome = document.querySelector<HTMLElement>('[data-welcome]');
const email = welcome ? takeNewAccount() : null;
if (welcome && email !== null) {
  const heading = element('h2', 'Your account is ready', { id: 'welcome-title', tabindex: '-1' });
  const sent = element('p', 'We sent a link to ');
  sent.append(element('strong', email), ' to confirm your address.');
  const list = element('ol');
  for (const [text, href, after] of NEEDS) {
    const item = element('li');
    item.append(element('a', text, { href }), after);
    list.append(item);
  }
  const close = element('button', 'Close', { type: 'button', class: 'button secondary' });
  close.addEventListener('click', () => {
    welcome.hidden = true;
    document.querySelector<HTMLElement>('#main')?.focus();
  });
  welcome.append(heading, sent, element('p', 'Before you can book a trip, we need three things from you:'), list, close);
  welcome.hidden = false;
  // The result of signing up, where the eye is: the page opens at the top, on the welcome.
  heading.focus();
}
