/**
 * The navigation bar once script runs: the Services dropdown (without script, CSS opens it on hover
 * and focus), the mobile Menu button, the product list, and the page remembered for "back one page".
 */
import { loadProducts } from '../stores/products.ts';
import { rememberThisPage } from './page-history.ts';
import { linkToButton } from './link-to-button.ts';

void loadProducts();
rememberThisPage();

/**
 * The dropdown is open exactly when `aria-expanded` says so: on mouse hover, on keyboard focus, and on
 * a tap of its toggle. Escape closes it and returns focus to the toggle; focus coming back reopens it.
 */
for (const dropdown of document.querySelectorAll<HTMLElement>('[data-dropdown]')) {
  const toggle = dropdown.querySelector<HTMLButtonElement>('[data-dropdown-toggle]');
  if (!toggle) continue;
  let open = false;
  // After Escape, the dropdown stays shut until focus or the mouse has left it and come back.
  let dismissed = false;
  const setOpen = (next: boolean) => {
    open = next;
    dropdown.classList.toggle('open', next);
    toggle.setAttribute('aria-expanded', String(next));
  };
  const keyboardFocusInside = () => dropdown.contains(document.activeElement) && document.activeElement?.matches(':focus-visible');

  dropdown.dataset['enhanced'] = '';
  toggle.disabled = false;
  toggle.addEventListener('click', () => {
    dismissed = false;
    setOpen(!open);
  });
  dropdown.addEventListener('pointerenter', (event) => {
    if (event.pointerType === 'mouse' && !dismissed) setOpen(true);
  });
  dropdown.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return;
    dismissed = false;
    if (!keyboardFocusInside()) setOpen(false);
  });
  dropdown.addEventListener('focusin', (event) => {
    if (!dismissed && (event.target as Element).matches(':focus-visible')) setOpen(true);
  });
  dropdown.addEventListener('focusout', (event) => {
    if (dropdown.contains(event.relatedTarget as Node | null)) return;
    dismissed = false;
    setOpen(false);
  });
  dropdown.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    dismissed = true;
    setOpen(false);
    toggle.focus();
  });
  document.addEventListener('click', (event) => {
    if (open && !dropdown.contains(event.target as Node)) setOpen(false);
  });
}

/** The Menu link (to #main-menu) becomes the button that shows and hides the links on small screens. */
const menuLink = document.querySelector<HTMLAnchorElement>('a[data-menu-button]');
const menu = document.querySelector<HTMLElement>('[data-menu]');
if (menuLink && menu) {
  // A visitor who used the link before the script ran finds the menu still open.
  const openAtStart = location.hash === `#${menu.id}`;
  const menuButton = linkToButton(menuLink, { 'aria-controls': menu.id, 'aria-expanded': String(openAtStart) });
  menu.dataset['enhanced'] = '';
  const setMenuOpen = (open: boolean) => {
    menuButton.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('open', open);
  };
  setMenuOpen(openAtStart);
  menuButton.addEventListener('click', () => setMenuOpen(menuButton.getAttribute('aria-expanded') !== 'true'));
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.classList.contains('open')) {
      setMenuOpen(false);
      menuButton.focus();
    }
  });
}
