/**
 * The waitlist on a phone (390 px): a customer joins the waitlist of a full class for the one seat a
 * booking of a class takes, and the joining is confirmed by e-mail; another customer cancels; the offer arrives in the mail catcher, its link opens checkout with the seats
 * held for the party, the usual steps lead to payment, and the booking is on My Bookings.
 */
import type { APIRequestContext } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { formatDenverDateTime } from '../../shared/rules/dates.ts';
import { bookByApi, freshDate, GOOD_CARD, newStaffMember, readyCustomer, seatsTaken, startOf, type Customer } from './api-customers.ts';
import { fillCard, passSavedSteps } from './checkout-steps.ts';
import { axeViolations, expect, islandsReady, PHONE, test } from './fixtures.ts';
import { mailTo } from './mail-inbox.ts';
import { myBookings, signIn } from './page-helpers.ts';

test.use({ ...PHONE });

const CLASS = { id: 'price_class_moto', title: 'Motorized Backcountry Essentials' };

/** Cancels a customer's booking through the API, on the terms quoted now. */
async function cancelByApi(request: APIRequestContext, customer: Customer, dateId: string) {
  const headers = { Authorization: `Bearer ${customer.idToken}` };
  const party = (await (await request.get(`${E2E.api}/parties/${encodeURIComponent(dateId)}`, { headers })).json()) as {
    bookingId: string;
  };
  const quote = (await (await request.get(`${E2E.api}/bookings/${party.bookingId}/cancellation`, { headers })).json()) as {
    quoteId: string;
  };
  const done = await request.post(`${E2E.api}/bookings/${party.bookingId}/cancellation`, { headers, data: { quoteId: quote.quoteId } });
  expect(done.ok(), await done.text()).toBe(true);
}

/** A class date whose ten seats three other customers paid for: four, four and two. */
async function fullClass(request: APIRequestContext) {
  const date = await freshDate(request, 'winter-classes', CLASS.id);
  const others = [await readyCustomer(request), await readyCustomer(request), await readyCustomer(request)];
  for (const [index, partySize] of [4, 4, 2].entries()) {
    await bookByApi(request, others[index] as Customer, { dateId: date.id, priceId: CLASS.id, calendar: 'winter-classes', partySize });
  }
  return { date, others };
}

test('a customer waits for a full class, is offered the seat another customer gives up, and books it from the e-mail', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  const { request } = page;
  const { date, others } = await fullClass(request);
  expect(await seatsTaken(request, 'winter-classes', date.id)).toBe(date.partySize);
  const when = formatDenverDateTime(startOf(date));

  // The class is full: the customer joins its waitlist, for one seat as a class is booked.
  const waiter = await readyCustomer(request);
  await signIn(page, waiter.email);
  await page.goto('/booking/avalanche-class');
  await islandsReady(page);
  await page
    .getByRole('group', { name: 'Select Class' })
    .getByRole('radio', { name: new RegExp(`^${CLASS.title}`) })
    .check();
  await page.getByRole('button', { name: 'Full: join the waitlist' }).click();
  const join = page.getByRole('region', { name: 'Join the waitlist' });
  await expect(join.getByRole('heading', { name: 'Join the waitlist' })).toBeFocused();
  await join.getByLabel('Full date').selectOption(date.id);
  await expect(join).toContainText('For 1 person: one seat, as a booking here takes');
  await expect(join.getByLabel('Party size')).toHaveCount(0);
  await join.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(join.getByRole('status')).toHaveText(
    `You are on the waitlist for ${when}. We sent you an e-mail saying so; your place in line is on My Bookings.`,
  );
  expect(await axeViolations(page)).toEqual([]);
  const joined = await mailTo(request, waiter.email, /^You are on the waitlist for /);
  expect(joined.text).toContain(`for 1 person.`);

  await page.goto('/profile');
  await islandsReady(page);
  const waits = myBookings(page).getByRole('region', { name: 'Your waitlists' });
  await expect(waits.getByRole('article', { name: CLASS.title })).toContainText('1st in line for 1 seat.');

  // Another customer cancels their two seats: one is held for the waiting customer, who is e-mailed.
  await cancelByApi(request, others[2] as Customer, date.id);
  const offer = await mailTo(request, waiter.email, /^Seats are free for you: /);
  expect(offer.text).toContain('for your party of 1 person until');
  const link = /http:\/\/127\.0\.0\.1:4322\/checkout\?offer=[\w-]+/.exec(offer.text)?.[0];
  if (!link) throw new Error('the offer holds no link to book');
  // The seat held for the customer counts as taken; the other one freed is open to anyone.
  expect(await seatsTaken(request, 'winter-classes', date.id)).toBe(date.partySize - 1);

  await page.goto(link);
  await islandsReady(page);
  await expect(page.getByRole('status').filter({ hasText: 'Seats are held for you.' })).toContainText(
    `${CLASS.title}, ${when}, for 1 person`,
  );
  await passSavedSteps(page);
  await expect(page.getByRole('timer')).toHaveText(/^Your seats are held for 1:5\d:\d\d$/);
  expect(await axeViolations(page)).toEqual([]);
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/profile');
  await islandsReady(page);
  await expect(myBookings(page).getByRole('article', { name: CLASS.title })).toBeVisible();
  await expect(myBookings(page).getByRole('region', { name: 'Your waitlists' })).toHaveCount(0);
  expect(await seatsTaken(request, 'winter-classes', date.id)).toBe(date.partySize - 1);
  expect(problems.errors).toEqual([]);
});

test('the office raises a full class’s capacity: the form says the seats go to the waitlist, and the notice names the offer made', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { request } = page;
  const { date } = await fullClass(request);
  const waiter = await readyCustomer(request);
  const joined = await request.post(`${E2E.api}/waitlist`, {
    headers: { Authorization: `Bearer ${waiter.idToken}` },
    data: { dateId: date.id, priceId: CLASS.id, partySize: 1 },
  });
  expect(joined.ok(), await joined.text()).toBe(true);

  await signIn(page, await newStaffMember(request, 'operator'));
  await page.goto(`/ops/date?id=${date.id}`);
  await islandsReady(page);
  await expect(page.getByText(/^Meeting point: not set yet\. Until it is, customers read “.+”\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Change capacity' }).click();
  const form = page.getByRole('form', { name: 'Change capacity' });
  await expect(form).toContainText('Seats you add are offered at once to the parties on the waitlist');
  await form.getByLabel('Capacity').fill(String(date.partySize + 1));
  await form.getByLabel('Reason').fill('A second guide');
  await form.getByRole('button', { name: 'Save capacity' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The capacity is now' })).toHaveText(
    new RegExp(
      `^The capacity is now ${date.partySize + 1}\\. 1 seat offered to Casey Ridge until (\\d{1,2}:\\d{2} [AP]M|.+, \\d{1,2}:\\d{2} [AP]M)\\.$`,
    ),
  );
  expect(await axeViolations(page)).toEqual([]);
});
