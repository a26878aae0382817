/**
 * Forgot password, on a phone: the customer asks for the link on /sign-in (or at checkout's first
 * step), reads an answer that does not say whether the address has an account, follows the Auth
 * emulator's link to choose a new password, and logs in with it.
 */
import { E2E } from '../../playwright.config.ts';
import { newEmail, PASSWORD } from './api-customers.ts';
import { apiCustomer, axeViolations, expect, islandsReady, PHONE, test } from './fixtures.ts';
import { latestLink } from '../support/emulator-links.ts';

test.use(PHONE);

const NEW_PASSWORD = 'fresh-tracks-2';
const emulatorSignIn = `http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`;

test('a customer who forgot their password gets a link, chooses a new one and logs in with it', async ({ page, problems: _ }) => {
  const customer = await apiCustomer(page.request);
  await page.goto('/sign-in');
  await islandsReady(page);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();

  await expect(page).toHaveURL(/\/sign-in\?mode=reset$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sent = page.getByRole('status');
  await expect(sent).toContainText(`If ${customer.email} belongs to an account here, we have sent it a link to choose a new password.`);
  await expect(sent).toContainText('Check your inbox');

  // The link in the e-mail: the identity service's page sets the new password, then brings the customer back to /sign-in.
  const link = new URL(await latestLink(E2E.authEmulator, E2E.projectId, customer.email, 'PASSWORD_RESET'));
  expect(new URL(link.searchParams.get('continueUrl') ?? '').pathname).toBe('/sign-in');
  link.searchParams.set('newPassword', NEW_PASSWORD);
  expect((await page.request.get(link.href)).ok()).toBe(true);
  expect(
    (await page.request.post(emulatorSignIn, { data: { email: customer.email, password: PASSWORD, returnSecureToken: true } })).status(),
  ).toBe(400);

  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await expect(page.getByRole('button', { name: `Account menu, signed in as ${customer.email}` })).toBeVisible();
});

test('an address with no account reads the same answer, and no link is sent', async ({ page, problems }) => {
  // The emulator answers an unknown address with 400 (a live project with e-mail enumeration protection does not); the page says the same either way.
  problems.allow(/status of 400/);
  const nobody = newEmail('nobody');
  await page.goto('/sign-in?mode=reset');
  await islandsReady(page);
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    `If ${nobody} belongs to an account here, we have sent it a link to choose a new password.`,
  );
  await expect(latestLink(E2E.authEmulator, E2E.projectId, nobody, 'PASSWORD_RESET')).rejects.toThrow('no PASSWORD_RESET link');
});

test("checkout's first step offers the same reset, and comes back to its Login form", async ({ page, problems: _ }) => {
  const customer = await apiCustomer(page.request);
  await page.goto('/checkout');
  await islandsReady(page);
  const step = page.getByRole('region', { name: 'Login' });
  await expect(step.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/checkout?mode=reset');
  await step.getByRole('link', { name: 'Forgot password?' }).click();
  const reset = page.getByRole('region', { name: 'Reset your password' });
  await reset.getByLabel('Email').fill(customer.email);
  await reset.getByRole('button', { name: 'Send reset link' }).click();
  await expect(reset.getByRole('status')).toContainText(`If ${customer.email} belongs to an account here`);
  await latestLink(E2E.authEmulator, E2E.projectId, customer.email, 'PASSWORD_RESET');
  await reset.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page.getByRole('region', { name: 'Login' }).getByLabel('Password')).toBeVisible();
});
