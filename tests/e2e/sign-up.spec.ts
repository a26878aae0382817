/**
 * Signing up on a phone: a visitor on a booking page signs up, goes back to that page, and reads
 * there what comes next (the link that confirms the address, sent to them; the profile, the safety
 * survey and the waiver a booking needs); the link arrives in the inbox and confirms the address.
 */
import { E2E } from '../../playwright.config.ts';
import { newEmail, PASSWORD } from './api-customers.ts';
import { axeViolations, expect, islandsReady, PHONE, test } from './fixtures.ts';
import { mailTo } from './mail-inbox.ts';

test.use(PHONE);

const identity = (method: string) => `http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-key`;

test('a new customer is sent the link that confirms the address and reads what a booking needs, back on the page they came from', async ({
  page,
  problems: _,
}) => {
  const email = newEmail('new');
  await page.goto('/booking/avalanche-class');
  await islandsReady(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'Login' }).click();
  await islandsReady(page);
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/booking\/avalanche-class$/);
  const welcome = page.getByRole('region', { name: 'Your account is ready' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('heading', { name: 'Your account is ready' })).toBeFocused();
  await expect(welcome).toContainText(`We sent a link to ${email} to confirm your address.`);
  await expect(welcome.getByRole('link', { name: 'Your details' })).toHaveAttribute('href', '/profile');
  await expect(welcome.getByRole('link', { name: 'The safety survey' })).toHaveAttribute('href', '/profile#survey');
  await expect(welcome.getByRole('link', { name: 'The waiver' })).toHaveAttribute('href', '/profile#waiver');
  expect(await axeViolations(page)).toEqual([]);
  const box = await welcome.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);

  // The link arrives in the inbox, as npm run dev delivers the identity service's e-mails, and confirms the address.
  const mail = await mailTo(page.request, email, /^Confirm your e-mail address/);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
  expect(link).toContain('mode=verifyEmail');
  expect((await page.request.get(link)).ok()).toBe(true);
  const signedIn = await (
    await page.request.post(identity('signInWithPassword'), { data: { email, password: PASSWORD, returnSecureToken: true } })
  ).json();
  const account = await (
    await page.request.post(identity('lookup'), { data: { idToken: (signedIn as { idToken: string }).idToken } })
  ).json();
  expect((account as { users: { emailVerified: boolean }[] }).users[0]?.emailVerified).toBe(true);

  // The survey's link opens the profile at the survey.
  await welcome.getByRole('link', { name: 'The safety survey' }).click();
  await expect(page).toHaveURL(/\/profile#survey$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Survey' })).toBeInViewport();

  // Said once: the page again has no welcome.
  await page.goto('/booking/avalanche-class');
  await islandsReady(page);
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeHidden();
});
