/**
 * A control that needs script starts as a link that works without it (to a page, or to a part of
 * the page). Once the script runs, the link becomes the button it stands in for, in the same place
 * and with the same look, keeping focus if it had it.
 */
export function linkToButton(link: HTMLAnchorElement, attributes: Record<string, string>): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = link.className;
  for (const [name, value] of Object.entries(link.dataset)) button.dataset[name] = value ?? '';
  for (const [name, value] of Object.entries(attributes)) button.setAttribute(name, value);
  button.append(...link.childNodes);
  const focused = document.activeElement === link;
  link.replaceWith(button);
  if (focused) button.focus();
  return button;
}
