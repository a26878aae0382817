/** The checkout as a customer goes through it: its step bar and steps, the sign-in form of step 1, the saved steps 2 and 3, the card. */
import type { Page } from '@playwright/test';
import { PASSWORD, type Entry } from './api-customers.ts';
import { expect, islandsReady } from './fixtures.ts';
import { CLASS_PAGE, summaryOf, summaryTotal } from './page-helpers.ts';

export const STEPS = ['Login', 'Survey', 'Waiver', 'Payment'] as const;
export type StepName = (typeof STEPS)[number];

export const stepBar = (page: Page) => page.getByRole('navigation', { name: 'Checkout steps' });
export const stepButton = (page: Page, name: StepName) => stepBar(page).getByRole('button', { name: new RegExp(`^${name}\\b`) });
/** The step on screen. */
export const stepSection = (page: Page) => page.locator('section.checkout-step');
/** The sign-in form of step 1 (its heading is Login or Sign Up). */
export const signInCard = (page: Page) => stepSection(page).locator('.auth-card');

/** The step bar says `current` is the current step; the steps up to `reached` (but the current) are buttons, later ones are not. */
export async function expectStep(page: Page, current: StepName, reached: StepName = current) {
  const items = stepBar(page).getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(stepBar(page).locator('[aria-current="step"]')).toHaveCount(1);
  await expect(items.nth(STEPS.indexOf(current))).toHaveAttribute('aria-current', 'step');
  for (const [index, name] of STEPS.entries()) {
    await expect(items.nth(index)).toContainText(name);
    const opens = name !== current && index <= STEPS.indexOf(reached);
    await expect(items.nth(index).getByRole('button'), `${name} can${opens ? '' : 'not'} be opened`).toHaveCount(opens ? 1 : 0);
  }
}

export async function logInAtLogin(page: Page, email: string) {
  const step = stepSection(page);
  await expect(signInCard(page).getByRole('heading', { level: 2, name: 'Login' })).toBeVisible();
  await step.getByLabel('Email').fill(email);
  await step.getByLabel('Password').fill(PASSWORD);
  await step.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Step 2's summary of a returning customer's saved profile and survey. */
export const surveyOnFile = (page: Page) => stepSection(page).getByRole('region', { name: 'Safety survey' });
/** Step 3's summary of a returning customer's signed waiver. */
export const waiverOnFile = (page: Page) => stepSection(page).getByRole('region', { name: 'Your signed waiver' });

/** Steps 2 and 3 of a returning customer: what is on file, each passed with Continue; nothing is filled in or drawn again. */
export async function passSavedSteps(page: Page) {
  await expectStep(page, 'Survey', 'Survey');
  await expect(page.getByRole('heading', { level: 2, name: 'Your profile and safety survey' })).toBeVisible();
  await expect(surveyOnFile(page)).toContainText('Snowmobile');
  await stepSection(page).getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Waiver', 'Waiver');
  await expect(waiverOnFile(page)).toBeVisible();
  await stepSection(page).getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Payment', 'Payment');
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
}

/** On the class page: a class and one of its dates, then Checkout. */
export async function chooseClass(page: Page, label: string, entry: Entry, total: string) {
  await islandsReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Book an Avalanche Class' })).toBeVisible();
  await page.getByRole('group', { name: 'Select Class' }).getByRole('radio', { name: label }).check();
  await page.getByLabel('Select Date').selectOption(entry.id);
  await expect(summaryTotal(page)).toHaveText(total);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

/** A returning customer books a class: its date chosen on the class page, then logged in at step 1 and past the saved steps 2 and 3 to payment. */
export async function classToPayment(page: Page, email: string, label: string, entry: Entry, total: string) {
  await page.goto(CLASS_PAGE);
  await chooseClass(page, label, entry, total);
  await logInAtLogin(page, email);
  await passSavedSteps(page);
}

/** At the payment step, opens Have a gift card? and uses the code typed. */
export async function useGiftCard(page: Page, typed: string) {
  const field = page.getByLabel('Gift card code');
  if (!(await field.isVisible())) await summaryOf(page).getByText('Have a gift card?').click();
  await field.fill(typed);
  await summaryOf(page).getByRole('button', { name: 'Use', exact: true }).click();
}
