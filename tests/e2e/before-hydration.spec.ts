/** The pages as a visitor on a slow phone uses them before their scripts have arrived. */
import type { Page } from '@playwright/test';
import { expect, holdScripts, islandsReady, PHONE, test, tryToSendSignInNatively } from './fixtures.ts';

/** Once its island runs, the sign-in form works, and what was typed before is what it signs in with. */
async function takesOverWhenItRuns(page: Page, release: () => Promise<void>, typedEmail: string) {
  await release();
  await islandsReady(page);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue(typedEmail);
}

test('the sign-in form, before its island runs, never puts a password in an address', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
  await tryToSendSignInNatively(page, 'quick@example.com', 'secret-powder-2');

  await takesOverWhenItRuns(page, release, 'quick@example.com');
});

test('step 1 of the checkout shows its sign-in form before the island runs, and never sends it natively', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/checkout', { waitUntil: 'commit' });
  await expect(page.locator('section.checkout-step').getByRole('heading', { level: 2, name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Login with Google' })).toBeDisabled();
  await tryToSendSignInNatively(page, 'early@example.com', 'secret-powder-3');

  await takesOverWhenItRuns(page, release, 'early@example.com');
});

test('a click on Sign Up as soon as the page shows ends in Sign Up mode', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-in\?mode=signup$/);
  await release();
  await islandsReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up with Google' })).toBeEnabled();
  await expect(page.locator('form').getByRole('button', { name: 'Sign Up' })).toBeEnabled();
});

test('on a phone, Menu and the account button work as links before the script arrives', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const release = await holdScripts(page);
  await page.goto('/about', { waitUntil: 'commit' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Resources' })).toBeHidden();
  await nav.getByRole('link', { name: 'Menu' }).tap();
  await expect(nav.getByRole('link', { name: 'Resources' })).toBeVisible();

  // Once the script runs, the open menu is the Menu button's, and it closes again.
  await release();
  const menu = nav.getByRole('button', { name: 'Menu', exact: true });
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await menu.tap();
  await expect(nav.getByRole('link', { name: 'Resources' })).toBeHidden();
  await context.close();

  const slow = await browser.newPage();
  await holdScripts(slow);
  await slow.goto('/contact', { waitUntil: 'commit' });
  await slow.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
  await expect(slow).toHaveURL(/\/sign-in$/);
  await slow.close();
});
