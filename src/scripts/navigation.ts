/** The navigation bar: the Services dropdown (hover and focus work without script; this adds tap and Escape), the mobile menu, and the product list. */
import { loadProducts } from '../stores/products.ts';

void loadProducts();

for (const dropdown of document.querySelectorAll<HTMLElement>('[data-dropdown]')) {
  const toggle = dropdown.querySelector<HTMLButtonElement>('[data-dropdown-toggle]');
  if (!toggle) continue;
  const setOpen = (open: boolean) => {
    dropdown.classList.toggle('open', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => setOpen(!dropdown.classList.contains('open')));
  dropdown.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      setOpen(false);
      dropdown.classList.add('dismissed');
      toggle.focus();
    }
  });
  dropdown.addEventListener('focusout', (event) => {
    if (!dropdown.contains(event.relatedTarget as Node | null)) setOpen(false);
  });
  dropdown.addEventListener('mouseleave', () => dropdown.classList.remove('dismissed'));
  document.addEventListener('click', (event) => {
    if (!dropdown.contains(event.target as Node)) setOpen(false);
  });
}

const menuButton = document.querySelector<HTMLButtonElement>('[data-menu-button]');
const menu = document.querySelector<HTMLElement>('[data-menu]');
if (menuButton && menu) {
  menuButton.addEventListener('click', () => {
    const open = menuButton.getAttribute('aria-expanded') !== 'true';
    menuButton.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('open', open);
  });
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.classList.contains('open')) {
      menuButton.setAttribute('aria-expanded', 'false');
      menu.classList.remove('open');
      menuButton.focus();
    }
  });
}
