/**
 * Buying a gift card on /gift-cards, at 390 px and 1280 px: a signed-out visitor signs in from the
 * page and comes back to it; a customer with no profile, survey or waiver buys a $150 card to arrive
 * tomorrow at 8 AM in Kamas, pays with the test card and is told it is paid. An amount under $25 is
 * refused at its field in the contract's words, and nothing is bought. A gift for tomorrow morning,
 * sent now from My Bookings instead, reaches its recipient with its printable card, and pays part of
 * the class they book.
 */
import type { Page } from '@playwright/test';
import { GIFT_AMOUNT_MESSAGE } from '../../shared/contract/gift-cards.ts';
import { E2E } from '../../playwright.config.ts';
import { bookingsOf, earlyClassDateWithSeats, giftCardBalance, GOOD_CARD, readyCustomer } from './api-customers.ts';
import { classToPayment, fillCard, useGiftCard } from './checkout-steps.ts';
import { mailTo } from './mail-inbox.ts';
import { apiCustomer, atPhoneAndDesktop, axeViolations, expect, islandsReady, test } from './fixtures.ts';
import { layoutProblems } from './layout-problems.ts';
import { dayKeyOf, logInHere, shortDate, summaryValue as orderValue, utcNoon } from './page-helpers.ts';

/** Opens /gift-cards signed out, follows its sign-in link and logs in: the sign-in page brings the buyer back. */
async function signInFromGiftPage(page: Page, email: string) {
  await page.goto('/gift-cards');
  await islandsReady(page);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
  await page.getByRole('link', { name: 'log in', exact: true }).click();
  await logInHere(page, email);
  await expect(page).toHaveURL(/\/gift-cards$/);
  await islandsReady(page);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
}

/** The value beside a label in the gift's summary. */
const summaryValue = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Your gift' }).getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd');

atPhoneAndDesktop('buying a gift card at', () => {
  test('a customer gives $150 to arrive tomorrow at 8 AM, pays by card and is told it is paid', async ({ page }) => {
    const customer = await apiCustomer(page.request);
    await signInFromGiftPage(page, customer.email);

    await page.getByRole('radio', { name: 'An amount' }).check();
    await page.getByLabel('Amount in dollars').fill('150');
    await page.getByLabel('Recipient’s name').fill('Sam Ridge');
    await page.getByRole('radio', { name: 'On a day and hour I choose' }).check();
    const tomorrow = dayKeyOf(new Date(utcNoon(dayKeyOf(new Date())).getTime() + 86_400_000));
    await page.getByLabel('Day', { exact: true }).fill(tomorrow);
    await page.getByLabel('Hour', { exact: true }).selectOption({ label: '8:00 AM' });
    await page.getByLabel('Recipient’s e-mail').fill('sam.ridge@example.com');
    await page.getByLabel('Message (optional)').fill('Happy birthday! See you on the skin track.');
    await expect(page.getByText('42 of 300 characters')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Your gift' })).toBeFocused();
    await expect(summaryValue(page, 'Gift')).toHaveText('Gift card: $150');
    await expect(summaryValue(page, 'For')).toHaveText('Sam Ridge (sam.ridge@example.com)');
    await expect(summaryValue(page, 'Arrives')).toHaveText(`${shortDate(utcNoon(tomorrow))}, 8:00 AM, Kamas time`);
    await expect(page.getByRole('region', { name: 'Your gift' }).getByText('Total', { exact: true }).locator('xpath=..')).toHaveText(
      /^Total\s*\$150$/,
    );
    expect(await axeViolations(page)).toEqual([]);

    // Change goes back to the form as it was typed.
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByLabel('Amount in dollars')).toHaveValue('150');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay now' }).click();
    const paid = page.getByRole('heading', { level: 2, name: 'Your gift is paid.' });
    await expect(paid).toBeFocused();
    await expect(page.getByText('Gift card: $150 for Sam Ridge.')).toBeVisible();
    await expect(
      page.getByText('It will be delivered by e-mail on the day and hour you chose. Your receipt is in your inbox.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Bookings' })).toHaveAttribute('href', '/profile');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('an amount under $25 is refused at its field, and nothing is bought', async ({ page }) => {
    const customer = await apiCustomer(page.request);
    await signInFromGiftPage(page, customer.email);
    const purchases: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/gift-cards') purchases.push(request.url());
    });

    await page.getByLabel('Amount in dollars').fill('10');
    await page.getByLabel('Recipient’s name').fill('Sam Ridge');
    await page.getByLabel('Recipient’s e-mail').fill('sam.ridge@example.com');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    const amount = page.getByLabel('Amount in dollars');
    await expect(amount).toBeFocused();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(new RegExp(GIFT_AMOUNT_MESSAGE.replaceAll('$', '\\$').replaceAll('.', '\\.')));
    await expect(page.getByText(GIFT_AMOUNT_MESSAGE)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your gift' })).toHaveCount(0);
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    expect(purchases).toEqual([]);
  });
});

test('on the narrowest phone the form with its messages, and the payment step, fit the screen with nothing to trip over', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  const customer = await apiCustomer(page.request);
  await signInFromGiftPage(page, customer.email);
  await page.getByRole('radio', { name: 'On a day and hour I choose' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText(GIFT_AMOUNT_MESSAGE)).toBeVisible();
  expect(await page.evaluate(layoutProblems, { phone: true })).toEqual([]);

  await page.getByLabel('Amount in dollars').fill('1000');
  await page.getByLabel('Recipient’s name').fill('Alexandria Montgomery-Whitfield');
  await page.getByRole('radio', { name: 'Send it to me to print' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your gift' })).toBeFocused();
  await expect(summaryValue(page, 'Arrives')).toHaveText('To you by e-mail, to print');
  expect(await page.evaluate(layoutProblems, { phone: true })).toEqual([]);
});

test('a gift bought for tomorrow morning, sent now from My Bookings, reaches its recipient with its printable card and pays part of their class', async ({
  browser,
  page,
  problems,
}) => {
  test.setTimeout(150_000);
  const buyer = await apiCustomer(page.request);
  const recipient = await readyCustomer(page.request);
  // An early date: the untouched later ones are kept for the tests that count seats.
  const entry = await earlyClassDateWithSeats(page.request, 'price_class_moto', 1);
  await signInFromGiftPage(page, buyer.email);
  await page.getByLabel('Amount in dollars').fill('100');
  await page.getByLabel('Recipient’s name').fill('Sam Ridge');
  await page.getByRole('radio', { name: 'On a day and hour I choose' }).check();
  const tomorrow = dayKeyOf(new Date(utcNoon(dayKeyOf(new Date())).getTime() + 86_400_000));
  await page.getByLabel('Day', { exact: true }).fill(tomorrow);
  await page.getByLabel('Hour', { exact: true }).selectOption({ label: '8:00 AM' });
  await page.getByLabel('Recipient’s e-mail').fill(recipient.email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your gift is paid.' })).toBeFocused();
  const receipt = await mailTo(page.request, buyer.email, /^Your gift for Sam Ridge: receipt$/);
  expect(receipt.text).toContain(`on ${shortDate(utcNoon(tomorrow))}, 8:00 AM (Kamas time)`);

  // In My Bookings, the gift waits for its morning, without its code; the buyer sends it now instead.
  await page.getByRole('link', { name: 'My Bookings' }).click();
  await islandsReady(page);
  const gift = page.getByRole('article', { name: 'For Sam Ridge' });
  await expect(gift).toContainText('Gift card: $100');
  await expect(gift).toContainText(`Goes to ${recipient.email} on ${shortDate(utcNoon(tomorrow))}, 8:00 AM (Kamas time).`);
  await expect(gift.getByText(/KAMAS-/)).toHaveCount(0);
  await gift.getByRole('button', { name: /^Change where or when\s*: the gift for Sam Ridge$/ }).click();
  await expect(gift.getByRole('heading', { name: 'Where and when it goes' })).toBeFocused();
  await expect(gift.getByRole('radio', { name: 'Send it to me to print' })).toHaveCount(0);
  await gift.getByRole('radio', { name: 'Now' }).check();
  expect(await axeViolations(page)).toEqual([]);
  await gift.getByRole('button', { name: 'Save' }).click();
  await expect(gift.getByRole('status')).toContainText(`Goes to ${recipient.email} on`);

  const delivered = await mailTo(page.request, recipient.email, /sent you a gift card$/);
  const code = /KAMAS(-[2-9A-HJ-NP-Z]{4}){4}/.exec(delivered.text)?.[0] ?? '';
  expect(code).not.toBe('');
  expect(delivered.text).toContain('$100 to spend on any of our trips');
  expect(delivered.attachments.map((file) => file.contentType)).toEqual(expect.arrayContaining(['application/pdf', 'image/png']));
  const copy = await mailTo(page.request, buyer.email, /^Your gift reached Sam Ridge$/);
  expect(copy.text).toContain(code);

  // The recipient books a class, the card paying $100 of it and their own card the rest.
  const theirs = await (await browser.newContext({ baseURL: E2E.site })).newPage();
  await classToPayment(theirs, recipient.email, 'Motorized Backcountry Essentials, $395', entry, '$395');
  await useGiftCard(theirs, code);
  await expect(orderValue(theirs, `Gift card ending ${code.slice(-4)}`)).toHaveText('-$100');
  await expect(orderValue(theirs, 'To pay by card')).toHaveText('$295');
  await fillCard(theirs, GOOD_CARD);
  await theirs.getByRole('button', { name: 'Pay now' }).click();
  await expect(theirs.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  expect(await bookingsOf(page.request, recipient)).toEqual([entry.id]);
  expect(await giftCardBalance(page.request, code)).toBe(0);
  await theirs.context().close();
  expect(problems.errors).toEqual([]);
});
