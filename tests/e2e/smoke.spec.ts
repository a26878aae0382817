import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { islandsReady } from './fixtures.ts';

test('the home page loads from the built site', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Kamas Backcountry Guides/);
});

test('a new user signs up through the Auth emulator and gets a database user from the API', async ({ page, request }) => {
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'powder-day-1';
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await islandsReady(page);
  await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign Up with Google' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const created = page.waitForResponse(
    (response) => response.url().startsWith(`${E2E.api}/users/user/`) && response.request().method() === 'POST',
  );
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
  expect((await created).status()).toBe(200);
  await expect(page).toHaveURL(`${E2E.site}/`);

  // The API keeps that user: sign in again outside the browser and read it back.
  const signIn = await request.post(
    `http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      data: { email, password, returnSecureToken: true },
    },
  );
  const { localId, idToken } = (await signIn.json()) as { localId: string; idToken: string };
  const stored = await request.get(`${E2E.api}/users/user/${localId}`, { headers: { Authorization: `Bearer ${idToken}` } });
  expect(stored.status()).toBe(200);
  expect(await stored.json()).toMatchObject({ uid: localId, email });
});
