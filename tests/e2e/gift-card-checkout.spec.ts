/**
 * Gift cards at checkout's payment step, at 390 px and 1280 px: a code typed any way pays its part
 * before the card and the card pays the rest; an unknown one is refused at its field; cards that pay
 * it all leave no card form, and Book now books it. The balance page shows what is left and each use;
 * the link in a reminder before a season stops that card's reminders.
 */
import { bookingsOf, freshDate, giftCardBalance, GOOD_CARD, issuedGiftCard, readyCustomer } from './api-customers.ts';
import { classToPayment, fillCard, useGiftCard } from './checkout-steps.ts';
import { atPhoneAndDesktop, axeViolations, expect, islandsReady, test } from './fixtures.ts';
import { summaryOf, summaryTotal, summaryValue } from './page-helpers.ts';

test('the balance page tells a visitor who is not signed in what is left, with no names and no account to add it to', async ({
  page,
  problems,
}) => {
  problems.allow(/^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/);
  const code = await issuedGiftCard(page.request, 150);
  await page.goto('/gift-cards/balance');
  await islandsReady(page);
  const field = page.getByLabel('Gift card code');
  await field.fill('KAMAS-2222-2222-2222-2222');
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByRole('alert')).toHaveText('We could not find a gift card with that code. Check it and try again.');
  await field.fill(code.replaceAll('-', ''));
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '$150 left' })).toBeVisible();
  await expect(page.getByText('Not used yet. Use it at checkout, under Have a gift card?')).toBeVisible();
  await expect(page.getByText('Sam Ridge')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to my account' })).toHaveCount(0);
});

test('the link of a gift card’s QR code opens its balance, the code in the page’s fragment', async ({ page, problems }) => {
  const code = await issuedGiftCard(page.request, 60);
  await page.goto(`/gift-cards/balance#code=${code}`);
  await islandsReady(page);
  await expect(page.getByRole('heading', { level: 2, name: '$60 left' })).toBeVisible();
  await expect(page.getByLabel('Gift card code')).toHaveValue(code);
  expect(problems.errors).toEqual([]);
});

test('the link in a reminder fills in its card’s code, and one button stops its reminders', async ({ page, problems }) => {
  const code = await issuedGiftCard(page.request, 60);
  await page.goto(`/gift-cards/reminders#code=${code}`);
  await islandsReady(page);
  await expect(page.getByLabel('Gift card code')).toHaveValue(code);
  await expect(page.getByRole('status')).toHaveText('');
  await page.getByRole('button', { name: 'Stop reminders' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Done: this card gets no more reminders. What is left on it stays there, and it never expires.',
  );
  expect(await axeViolations(page)).toEqual([]);
  expect(problems.errors).toEqual([]);
});

atPhoneAndDesktop('gift cards at checkout at', () => {
  test('pay part of a class before the card, which pays the rest; an unknown code is refused at its field', async ({ page, problems }) => {
    problems.allow(/^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/);
    const customer = await readyCustomer(page.request);
    const entry = await freshDate(page.request, 'winter-classes', 'price_class_moto');
    const code = await issuedGiftCard(page.request, 100);

    await classToPayment(page, customer.email, 'Motorized Backcountry Essentials, $395', entry, '$395');
    await expect(page.getByRole('timer')).toBeVisible();
    await useGiftCard(page, 'KAMAS-2222-2222-2222-2222');
    await expect(summaryOf(page).getByRole('alert')).toHaveText('We could not find a gift card with that code. Check it and try again.');
    await expect(page.getByLabel('Gift card code')).toHaveAttribute('aria-invalid', 'true');

    // Typed as a person reads it out: lower case, spaces.
    await useGiftCard(page, code.toLowerCase().replaceAll('-', ' '));
    const name = `Gift card ending ${code.slice(-4)}`;
    await expect(summaryValue(page, name)).toHaveText('-$100');
    await expect(summaryValue(page, 'To pay by card')).toHaveText('$295');
    await expect(summaryTotal(page)).toHaveText('$395');
    await expect(summaryOf(page).getByRole('alert')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    expect(await bookingsOf(page.request, customer)).toEqual([entry.id]);
    expect(await giftCardBalance(page.request, code)).toBe(0);

    // The balance page shows what is left and the use, and keeps the card on the signed-in customer's account.
    await page.goto('/gift-cards/balance');
    await islandsReady(page);
    await page.getByLabel('Gift card code').fill(code);
    await page.getByRole('button', { name: 'Check balance' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '$0 left' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Uses' }).getByRole('listitem')).toHaveText([
      /^\w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M\s*Spent \$100$/,
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add to my account' }).click();
    await expect(page.getByText('Added to your account: My Bookings lists it.')).toBeVisible();

    // My Bookings lists it with its code, what is left and its use.
    await page.goto('/profile');
    const cards = page.getByRole('region', { name: 'Gift cards' });
    const card = cards.getByRole('article', { name: `Gift card ending ${code.slice(-4)}` });
    await expect(card).toContainText(code);
    await expect(card).toContainText('$0 left');
    await expect(card.getByRole('list', { name: 'Uses' }).getByRole('listitem')).toHaveText([/Spent \$100$/]);

    // The card's link opened again says it is there already, and offers nothing more to do.
    await page.goto(`/gift-cards/balance#code=${code}`);
    await expect(page.getByText('On your account: My Bookings lists it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to my account' })).toHaveCount(0);
  });

  test('that pay all of it leave no card form: Book now books it', async ({ page }) => {
    const customer = await readyCustomer(page.request);
    const entry = await freshDate(page.request, 'winter-classes', 'price_class_sledski');
    const code = await issuedGiftCard(page.request, 400);

    await classToPayment(page, customer.email, 'Sled-Skiing Intro, $345', entry, '$345');
    await expect(page.getByRole('timer')).toBeVisible();
    await useGiftCard(page, code);
    const bookNow = page.getByRole('button', { name: 'Book now' });
    await expect(bookNow).toBeVisible();
    await expect(summaryValue(page, 'To pay by card')).toHaveText('$0');
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await bookNow.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    expect(await bookingsOf(page.request, customer)).toEqual([entry.id]);
    expect(await giftCardBalance(page.request, code)).toBe(5_500);
  });
});
