/**
 * /waiver, the waiver on a page of its own: a signed-out visitor is sent to sign in and brought
 * back; a customer signs (drawn or typed), goes back one page, and finds the signature drawn back
 * on return; the page before its script runs; accessibility signed in and signed out.
 */
import type { Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { PASSWORD } from './api-customers.ts';
import {
  apiCustomer,
  atPhoneAndDesktop,
  axeViolations,
  expect,
  holdFirebase,
  holdScripts,
  islandsReady,
  test,
  type ApiCustomer,
} from './fixtures.ts';
import { drawSignature, inkedImage, signaturePad } from './page-helpers.ts';

const agree = (page: Page) => page.getByLabel('I agree to the terms and conditions');
const signButton = (page: Page) => page.getByRole('button', { name: 'Sign Waiver' });
const footerLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name, exact: true });

async function logIn(page: Page, email: string) {
  const form = page.locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/** A new customer, made through the API, who signs in on /sign-in; waits until the site has them. */
async function signedInCustomer(page: Page): Promise<ApiCustomer> {
  const customer = await apiCustomer(page.request);
  await page.goto('/sign-in');
  await islandsReady(page);
  await logIn(page, customer.email);
  await expect(page).not.toHaveURL(/\/sign-in/);
  return customer;
}

/** A signed-in customer (signedInCustomer) reading a page of the site, from which they will open the waiver. */
async function signedInCustomerOn(page: Page, path: string): Promise<ApiCustomer> {
  const customer = await signedInCustomer(page);
  await page.goto(path);
  return customer;
}

async function storedWaiver(page: Page, customer: ApiCustomer) {
  const response = await page.request.get(`${E2E.api}/users/user/${customer.uid}`, {
    headers: { Authorization: `Bearer ${customer.idToken}` },
  });
  expect(response.ok()).toBe(true);
  const { signature, agreed } = (await response.json()) as { signature?: string | null; agreed?: boolean };
  return { signature: signature ?? null, agreed: agreed ?? false };
}

/** Once signed, the customer is back on the page read before (`path`), and the API holds their waiver as agreed to, with an inked signature of the full size. */
async function expectBackWithSignatureSaved(page: Page, customer: ApiCustomer, path: string) {
  await expect(page).toHaveURL(path);
  const saved = await storedWaiver(page, customer);
  expect(saved.agreed).toBe(true);
  expect(await inkedImage(page, saved.signature ?? '')).toEqual({ width: 1500, height: 200, inked: true });
}

test('a signed-out visitor is sent to sign in, and comes back to the waiver once signed in', async ({ page, problems }) => {
  const customer = await apiCustomer(page.request);
  await page.goto('/booking/faq');
  await footerLink(page, 'Safety Waiver').click();
  await expect(page).toHaveURL('/sign-in');
  await islandsReady(page);
  await logIn(page, customer.email);

  await expect(page).toHaveURL('/waiver');
  await expect(page.getByRole('heading', { level: 1, name: 'Safety Waiver' })).toBeVisible();
  await expect(agree(page)).toBeEnabled();
  await expect(agree(page)).not.toBeChecked();
  await expect(signButton(page)).toBeDisabled();
  expect(problems.errors).toEqual([]);
});

test('a browser that never signed in is sent from /waiver to sign in at once, without Firebase', async ({ page, problems: _ }) => {
  const firebase = await holdFirebase(page);
  const started = Date.now();
  await page.goto('/waiver');
  await page.waitForURL('/sign-in', { waitUntil: 'commit' });
  // What the waiver asked for before the sign-in page took over (which loads the sign-in code itself).
  expect(firebase.askedBy('/waiver')).toEqual([]);
  expect(Date.now() - started).toBeLessThan(3000);
  await firebase.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
});

test('a customer signs, goes back one page, and on return finds the box ticked and the signature drawn back', async ({
  page,
  problems,
}) => {
  const customer = await signedInCustomerOn(page, '/booking/faq');
  await footerLink(page, 'Safety Waiver').click();
  await expect(page).toHaveURL('/waiver');
  await islandsReady(page);

  await expect(agree(page)).toBeEnabled();
  await agree(page).check();
  await expect(signButton(page)).toBeDisabled();
  await drawSignature(page);
  await signButton(page).click();
  await expectBackWithSignatureSaved(page, customer, '/booking/faq');

  await page.goto('/waiver');
  await expect(agree(page)).toBeChecked();
  await expect(signaturePad(page)).toHaveAccessibleName(/Signed$/);
  await expect(signButton(page)).toBeEnabled();
  const shown = await signaturePad(page)
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL('image/png'));
  expect(await inkedImage(page, shown)).toEqual({ width: 1500, height: 200, inked: true });
  expect(problems.errors).toEqual([]);
});

/** Ticks the box, types a signature and signs. */
async function signByTyping(page: Page) {
  await islandsReady(page);
  await agree(page).check();
  await page.getByRole('radio', { name: 'Type my name' }).check();
  await page.getByLabel('Your full name, as your signature').fill('Rowan Cornice');
  await signButton(page).click();
}

test('opened by a typed address, a typed signature is saved and the customer goes back to the page read before', async ({
  page,
  problems,
}) => {
  const customer = await signedInCustomerOn(page, '/booking/faq');
  await page.goto('/waiver');
  await signByTyping(page);
  await expectBackWithSignatureSaved(page, customer, '/booking/faq');
  expect(problems.errors).toEqual([]);
});

test('opened from a bookmark in a new tab, the waiver goes back to the page read last, as the sign-in page does', async ({
  page,
  problems,
}) => {
  const customer = await signedInCustomerOn(page, '/cancellation-policy');
  const tab = await page.context().newPage();
  await tab.goto('/waiver');
  await signByTyping(tab);
  await expect(tab).toHaveURL('/cancellation-policy');
  expect((await storedWaiver(tab, customer)).agreed).toBe(true);
  expect(problems.errors).toEqual([]);
});

test('before its script runs, the waiver text is there to read and nothing can be signed yet', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/waiver', { waitUntil: 'commit' });
  await expect(page.getByRole('region', { name: 'Release of Liability, Assumption of Risk and Indemnity Agreement' })).toBeVisible();
  await expect(agree(page)).toBeDisabled();
  await expect(signButton(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Clear Signature' })).toBeDisabled();
  await expect(signaturePad(page)).toHaveAttribute('aria-busy', 'true');
  await release();
  await expect(page).toHaveURL('/sign-in');
});

atPhoneAndDesktop('at', () => {
  test('axe finds nothing on /waiver, signed out (on its way to sign in) and signed in', async ({ page, problems }) => {
    await page.goto('/waiver');
    await expect(page).toHaveURL('/sign-in');
    await islandsReady(page);
    expect(await axeViolations(page), 'signed out').toEqual([]);

    await signedInCustomer(page);
    await page.goto('/waiver');
    await expect(agree(page)).toBeEnabled();
    expect(await axeViolations(page), 'signed in').toEqual([]);
    await agree(page).check();
    await page.getByRole('radio', { name: 'Type my name' }).check();
    await page.getByLabel('Your full name, as your signature').fill('Rowan Cornice');
    expect(await axeViolations(page), 'signed in, typing a signature').toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
