/**
 * /cancellation-policy says what the site does: a change of date is made on My Bookings, never by
 * e-mail or phone call; a refund goes back to the card a booking was paid with, or comes from the
 * office for a booking paid in cash or by check; and with 14 to 29 days' notice the date cannot be
 * changed. The booking FAQ's answer says the same.
 */
import { termsInFull } from '../../shared/rules/cancellation-policy.ts';
import { expect, test } from './fixtures.ts';

test('the policy page sends a change of date to My Bookings and says where each refund comes from', async ({ page, problems }) => {
  await page.goto('/cancellation-policy');

  const yours = page.getByRole('region', { name: 'If you cancel' });
  const rungs = yours.getByRole('listitem');
  await expect(rungs).toHaveText(termsInFull().map(({ lead, terms }) => `${lead} ${terms}`));
  await expect(rungs.nth(0)).toContainText('You may instead move your booking to another date from My Bookings, for a $50 fee.');
  await expect(rungs.nth(1)).toHaveText(
    "14 to 29 days' notice: we refund 50% of what you paid, less a $50 cancellation fee. The date cannot be changed.",
  );
  await expect(rungs.nth(2)).toHaveText("13 days' notice or less: no refunds or date changes.");

  const how = page.getByRole('region', { name: 'How to cancel or change the date' });
  await expect(how.getByRole('link', { name: 'My Bookings' })).toHaveAttribute('href', '/profile');
  await expect(how).toContainText(
    "With 30 days' notice or more, the person who paid can also change the date there: choose another date with seats for your whole party and pay the $50 fee by card",
  );
  await expect(how).not.toContainText('To change a date, e-mail');
  await expect(how).toContainText(
    'A refund of a booking paid by card goes back to the card you paid with, usually within 5 to 10 business days.',
  );
  await expect(how).toContainText(
    'A booking paid in cash or by check is refunded the same way, from our office, and we will contact you to arrange it.',
  );
  await expect(how).not.toContainText('Refunds go back to the card you paid with');
  expect(problems.errors).toEqual([]);
});

test("the booking FAQ's answer on cancelling says the same as the policy page", async ({ page, problems }) => {
  await page.goto('/booking/faq');
  await page.getByText('What is your cancellation policy?').click();
  const answer = page.locator('details[open] .faq-answer');
  await expect(answer).toContainText('14 to 29 days before: a 50% refund, less a $50 fee; no change of date.');
  await expect(answer).toContainText('13 days or fewer: no refund and no change of date.');
  await expect(answer).toContainText('You can cancel or change the date from My Bookings');
  await expect(answer.getByRole('link', { name: 'cancellation policy' })).toHaveAttribute('href', '/cancellation-policy');
  expect(problems.errors).toEqual([]);
});
