/**
 * What needs a person comes first on /ops, on a phone: money the office must give back by hand for a
 * cash booking cancelled with a refund is listed with its payer, and resolved there (what was given
 * back and how); a week nobody booked points to the next booked day. Axe finds nothing.
 */
import { E2E } from '../../playwright.config.ts';
import { denverDay, denverDayPlus } from '../../shared/rules/dates.ts';
import { classDateWithSeats, newStaffMember, readyCustomer, signInByApi } from './api-customers.ts';
import { axeViolations, expect, islandsReady, PHONE, test } from './fixtures.ts';
import { verifyEmail } from '../support/emulator-links.ts';
import { openForm, signIn } from './page-helpers.ts';

test.use(PHONE);

test('an operator resolves money to give back by hand from the top of the console', async ({ page, problems }) => {
  test.setTimeout(120_000);
  const operator = await newStaffMember(page.request, 'operator');
  const asOperator = { Authorization: `Bearer ${(await signInByApi(page.request, operator)).idToken}` };
  const payer = await readyCustomer(page.request);
  await verifyEmail(E2E.authEmulator, E2E.projectId, payer.idToken, payer.email);
  const bookInCash = async (customer: { email: string }) => {
    const entry = await classDateWithSeats(page.request, 'price_class_sledski', 1);
    const booked = await page.request.post(`${E2E.api}/ops/bookings`, {
      headers: asOperator,
      data: {
        email: customer.email,
        dateId: entry.id,
        partySize: 1,
        paidBy: 'cash',
        reason: 'Paid at the shop',
        requestId: `e2e-cash-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    return ((await booked.json()) as { id: string }).id;
  };
  const bookingId = await bookInCash(payer);
  // Another stays booked: the days ahead have a booked day to point to.
  const kept = await bookInCash(await readyCustomer(page.request));
  const cancelled = await page.request.post(`${E2E.api}/ops/bookings/${bookingId}/cancel`, {
    headers: asOperator,
    data: { reason: 'Broke a wrist', refund: 5000 },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  await signIn(page, operator);
  await page.goto('/ops');
  await islandsReady(page);
  // It comes before finding a booking and the days ahead.
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/^Needs attention/);
  const item = page.getByRole('list', { name: 'Needs attention' }).getByRole('listitem').filter({ hasText: payer.name });
  await expect(item).toContainText('Money to give back by hand');
  await expect(item).toContainText('Give back $50 by hand: cancelled by the company.');
  await expect(item.getByRole('link', { name: `Open the booking of ${payer.name}` })).toHaveAttribute(
    'href',
    `/ops/booking?id=${bookingId}`,
  );
  expect(await axeViolations(page)).toEqual([]);

  const form = await openForm(
    item,
    'Resolve',
    'Resolve: Money to give back by hand',
    'Given back by hand, in dollars (0 when nothing was)',
  );
  await form.getByRole('button', { name: 'Resolve' }).click();
  await expect(form.getByText('Say what was given back, in dollars and cents: 0 when nothing was.')).toBeVisible();
  await form.getByLabel('Given back by hand, in dollars (0 when nothing was)').fill('50');
  await form.getByLabel('How it was dealt with').fill('Paid back in cash at the shop');
  await form.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByRole('status')).toHaveText(`Money to give back by hand for ${payer.name}: resolved, $50 given back by hand.`);
  await expect(page.getByRole('list', { name: 'Needs attention' }).getByText(payer.name)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // A week before anything is booked points to the next booked day.
  await page.goto(`/ops?from=${denverDayPlus(denverDay(new Date()), -30)}`);
  await islandsReady(page);
  const days = page.getByRole('region', { name: 'Today and the days ahead' });
  await expect(days).toContainText(/(No dates in these days|Nobody has booked these days yet)\. The next booked day is/);
  await days.getByRole('link', { name: /^\w{3}, \w{3} \d+$/ }).click();
  await expect(page).toHaveURL(/\/ops\?from=\d{4}-\d\d-\d\d$/);
  await islandsReady(page);
  await expect(
    page
      .getByRole('region', { name: 'Today and the days ahead' })
      .getByRole('link', { name: /, party of \d+/ })
      .first(),
  ).toBeVisible();
  expect(problems.errors).toEqual([]);

  const cancelledAfter = await page.request.post(`${E2E.api}/ops/bookings/${kept}/cancel`, {
    headers: asOperator,
    data: { reason: 'End of the test', refund: 0 },
  });
  expect(cancelledAfter.ok(), await cancelledAfter.text()).toBe(true);
});
