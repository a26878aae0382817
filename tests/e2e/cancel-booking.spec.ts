/**
 * Cancelling and changing dates from My Bookings, as customers do it: the payer of a booking months
 * ahead asks to cancel, reads the refund the policy gives before confirming, confirms, and the seats
 * are back on the calendar and the party is told by e-mail. Another moves a booking to a later date,
 * paying the fee with the test card after a declined one; another pays it with gift cards and no
 * card at all; another keeps the date while paying, and
 * the seats held on the new date are free at once. A friend who joined by invite can only leave, and
 * their seat opens again for the payer.
 */
import { CURRENT_POLICY, cancellationTerms } from '../../shared/rules/cancellation-policy.ts';
import { formatDenverDate, formatDenverDateTime } from '../../shared/rules/dates.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import {
  bookByApi,
  bookingIdOn,
  calendar,
  freshDate,
  freshDateAtLeast,
  giftCardBalance,
  issuedGiftCard,
  readyCustomer,
  seatsTaken,
  startOf,
} from './api-customers.ts';
import { fillCard } from './checkout-steps.ts';
import { axeViolations, expect, PHONE, test } from './fixtures.ts';
import { mailTo } from './mail-inbox.ts';
import { myBookings, signInAndOpenProfile } from './page-helpers.ts';
import { E2E } from '../../playwright.config.ts';

const CALENDAR = 'winter-day-tours';
/** Ski & Splitboard Touring Day, $250 a person. */
const PRICE = { id: 'price_tour_ski', unitAmount: 25_000, title: 'Ski & Splitboard Touring Day' };

test('the payer sees the refund before confirming, cancels, and the seats are back on the calendar', async ({ page, problems }) => {
  test.setTimeout(60_000);
  const payer = await readyCustomer(page.request);
  // About 45 days out: the soonest date the tests may take at least that far ahead.
  const date = await freshDateAtLeast(page.request, CALENDAR, 45);
  await bookByApi(page.request, payer, { dateId: date.id, priceId: PRICE.id, calendar: CALENDAR, partySize: 2 });
  expect(await seatsTaken(page.request, CALENDAR, date.id)).toBe(2);
  const terms = cancellationTerms(CURRENT_POLICY, 2 * PRICE.unitAmount, startOf(date), Date.now());
  expect(terms.noticeDays, 'the date is 45 days ahead or more').toBeGreaterThanOrEqual(45);

  await signInAndOpenProfile(page, payer.email);
  const card = myBookings(page).getByRole('article', { name: PRICE.title });
  await expect(card).toHaveCount(1);
  // A second thought: the customer keeps the booking, and focus comes back to the button.
  const cancelButton = card.getByRole('button', { name: /^Cancel booking/ });
  await cancelButton.click();
  const panel = card.getByRole('region', { name: 'Cancel this booking?' });
  await expect(panel.getByRole('heading', { name: 'Cancel this booking?' })).toBeFocused();
  await panel.getByRole('button', { name: 'Keep booking' }).click();
  await expect(panel).toHaveCount(0);
  await expect(cancelButton).toBeFocused();

  await cancelButton.click();
  await expect(panel).toContainText(
    `Cancelling now, with ${terms.noticeDays} days' notice: ${formatDollars(terms.paid)} paid, less the $50 cancellation fee, gives ${formatDollars(terms.refund)} back to the card you paid with.`,
  );
  expect(terms.refund).toBe(45_000);
  await expect(panel).toContainText(`This quote holds through ${formatDenverDate(Date.now())} (Kamas time).`);
  await expect(panel.getByRole('link', { name: 'Cancellation Policy' })).toHaveAttribute('href', '/cancellation-policy');
  expect(await axeViolations(page)).toEqual([]);
  expect(await seatsTaken(page.request, CALENDAR, date.id), 'nothing changes before the customer confirms').toBe(2);

  await panel.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'Booking cancelled. $450 goes back to the card you paid with, usually within 5 to 10 business days. Your party has been told.',
  );
  await expect(card.getByRole('status')).toBeFocused();
  expect(await seatsTaken(page.request, CALENDAR, date.id)).toBe(0);

  const message = await mailTo(page.request, payer.email, /^Cancelled: /);
  expect(message.text).toContain('Refund: $450 to the card you paid with, usually within 5 to 10 business days.');

  await page.reload();
  await expect(myBookings(page).getByText('No bookings found.')).toBeVisible();
  expect(problems.errors).toEqual([]);
});

test('a friend who joined by invite can only leave; their seat opens again for the payer', async ({ page, browser, problems }) => {
  test.setTimeout(60_000);
  const payer = await readyCustomer(page.request);
  const friend = await readyCustomer(page.request);
  const date = await freshDate(page.request, CALENDAR);
  await bookByApi(page.request, payer, { dateId: date.id, priceId: PRICE.id, calendar: CALENDAR, partySize: 2 });
  const calendarAnswer = await page.request.get(`${E2E.api}/calendar/${CALENDAR}`, {
    headers: { Authorization: `Bearer ${payer.idToken}` },
  });
  const inviteCode = ((await calendarAnswer.json()) as { id: string; inviteCode?: string }[]).find(
    (entry) => entry.id === date.id,
  )?.inviteCode;
  const joined = await page.request.post(`${E2E.api}/calendar/invite`, {
    headers: { Authorization: `Bearer ${friend.idToken}` },
    data: { inviteCode },
  });
  expect(joined.ok(), await joined.text()).toBe(true);

  await signInAndOpenProfile(page, friend.email);
  const card = myBookings(page).getByRole('article', { name: PRICE.title });
  await expect(card.getByRole('button', { name: /^Cancel booking/ })).toHaveCount(0);
  await card.getByRole('button', { name: /^Leave party/ }).click();
  const panel = card.getByRole('region', { name: 'Leave this party?' });
  await expect(panel).toContainText('No money moves: they paid for the booking.');
  await panel.getByRole('button', { name: 'Leave party' }).click();
  await expect(card.getByRole('status')).toHaveText('You left this party. Your spot is open again for the person who booked.');

  const payerPage = await (await browser.newContext({ baseURL: E2E.site })).newPage();
  await signInAndOpenProfile(payerPage, payer.email);
  const payerCard = myBookings(payerPage).getByRole('article', { name: PRICE.title });
  await expect(payerCard.getByRole('listitem').filter({ hasText: 'Open spot' })).toHaveCount(1);
  await expect(payerCard.getByLabel('Invite link')).toBeVisible();
  await payerPage.context().close();
  expect(problems.errors).toEqual([]);
});

test('the payer moves a booking to a later date, paying the $50 fee with the test card after a declined one', async ({
  page,
  problems,
}) => {
  test.setTimeout(60_000);
  // The declined card's answer is the browser's only complaint.
  problems.allow(/status of 402/);
  const payer = await readyCustomer(page.request);
  const date = await freshDate(page.request, CALENDAR);
  await bookByApi(page.request, payer, { dateId: date.id, priceId: PRICE.id, calendar: CALENDAR, partySize: 1 });
  const terms = cancellationTerms(CURRENT_POLICY, PRICE.unitAmount, startOf(date), Date.now());

  await signInAndOpenProfile(page, payer.email);
  const card = myBookings(page).getByRole('article', { name: PRICE.title });
  await card.getByRole('button', { name: /^Change date/ }).click();
  const panel = card.getByRole('region', { name: 'Change the date?' });
  await expect(panel).toContainText(
    `Changing the date, with ${terms.noticeDays} days' notice, costs the $50 date-change fee; what you paid stays on the booking.`,
  );
  const dates = panel.getByRole('group', { name: 'Dates with seats for your party:' }).getByRole('radio');
  const later = dates.last();
  const laterLabel = (await later.evaluate((radio) => radio.parentElement?.textContent ?? '')).trim();
  await later.check();
  expect(await axeViolations(page)).toEqual([]);
  await panel.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(panel).toContainText(`Moving to ${laterLabel}: pay the $50 fee.`);

  await fillCard(page, '4000 0000 0000 0002');
  await panel.getByRole('button', { name: 'Pay now' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Your card was declined.');
  const mine = async () => (await calendar(page.request, CALENDAR, { token: payer.idToken })).find((entry) => entry.inviteCode)?.id;
  expect(await mine(), 'a declined fee moves nothing').toBe(date.id);

  await fillCard(page, '4242 4242 4242 4242');
  await panel.getByRole('button', { name: 'Pay now' }).click();
  // The card shows its new date at once, saying so, with the focus there.
  const notice = card.getByRole('status').filter({ hasText: 'Date changed.' });
  await expect(notice).toHaveText(`Date changed. Your booking is now on ${laterLabel}; your party, invite link and QR code stay the same.`);
  await expect(notice).toBeFocused();
  await expect(card.getByRole('time')).toHaveText(laterLabel);
  expect(await seatsTaken(page.request, CALENDAR, date.id)).toBe(0);
  const moved = await mine();
  expect(moved).not.toBe(date.id);
  expect(await seatsTaken(page.request, CALENDAR, moved ?? '')).toBe(1);

  await page.reload();
  await expect(myBookings(page).getByRole('article', { name: PRICE.title }).getByRole('time')).toHaveText(laterLabel);
  // Nothing else went wrong: the fixture checks the browser's complaints, with the declined card's allowed.
});

for (const viewport of [PHONE.viewport, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px the payer pays the fee with gift cards: one pays part, a second the rest, and no card is asked for`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const payer = await readyCustomer(page.request);
    const date = await freshDate(page.request, CALENDAR);
    await bookByApi(page.request, payer, { dateId: date.id, priceId: PRICE.id, calendar: CALENDAR, partySize: 1 });
    const [small, large] = [await issuedGiftCard(page.request, 30), await issuedGiftCard(page.request, 100)];

    await signInAndOpenProfile(page, payer.email);
    const card = myBookings(page).getByRole('article', { name: PRICE.title });
    await card.getByRole('button', { name: /^Change date/ }).click();
    const panel = card.getByRole('region', { name: 'Change the date?' });
    const later = panel.getByRole('group', { name: 'Dates with seats for your party:' }).getByRole('radio').last();
    const laterLabel = (await later.evaluate((radio) => radio.parentElement?.textContent ?? '')).trim();
    await later.check();
    await panel.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(panel).toContainText(`Moving to ${laterLabel}: pay the $50 fee.`);

    const useGiftCard = async (code: string) => {
      const field = panel.getByLabel('Gift card code');
      if (!(await field.isVisible())) await panel.getByText('Have a gift card?').click();
      await field.fill(code.toLowerCase());
      await panel.getByRole('button', { name: 'Use', exact: true }).click();
      await expect(panel.getByRole('status').filter({ hasText: `Gift card ending ${code.slice(-4)} added.` })).toBeVisible();
    };
    await useGiftCard(small);
    const split = panel.getByRole('definition');
    await expect(split).toHaveText(['-$30', '$20']);
    await expect(panel.getByRole('button', { name: 'Pay now' })).toBeVisible();
    expect(await giftCardBalance(page.request, small)).toBe(0);

    await useGiftCard(large);
    await expect(split).toHaveText(['-$30', '-$20', '$0']);
    await expect(panel.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    await expect(panel.getByLabel('Card number')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Change date', exact: true }).click();

    const notice = card.getByRole('status').filter({ hasText: 'Date changed.' });
    await expect(notice).toHaveText(
      `Date changed. Your booking is now on ${laterLabel}; your party, invite link and QR code stay the same.`,
    );
    await expect(card.getByRole('time')).toHaveText(laterLabel);
    expect(await seatsTaken(page.request, CALENDAR, date.id)).toBe(0);
    expect([await giftCardBalance(page.request, small), await giftCardBalance(page.request, large)]).toEqual([0, 8000]);
  });
}

test('the payer keeps the date while paying the fee, and the seats held on the new date are free at once', async ({ page, problems }) => {
  test.setTimeout(60_000);
  const payer = await readyCustomer(page.request);
  const date = await freshDate(page.request, CALENDAR);
  await bookByApi(page.request, payer, { dateId: date.id, priceId: PRICE.id, calendar: CALENDAR, partySize: 1 });

  await signInAndOpenProfile(page, payer.email);
  const card = myBookings(page).getByRole('article', { name: PRICE.title });
  await card.getByRole('button', { name: /^Change date/ }).click();
  const panel = card.getByRole('region', { name: 'Change the date?' });
  const later = panel.getByRole('group', { name: 'Dates with seats for your party:' }).getByRole('radio').last();
  const laterId = await later.getAttribute('value');
  await later.check();
  await panel.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(panel.getByRole('button', { name: 'Pay now' })).toBeVisible();
  expect(await seatsTaken(page.request, CALENDAR, laterId ?? ''), 'held for the fee').toBe(1);

  await panel.getByRole('button', { name: 'Keep this date' }).click();
  await expect(panel).toHaveCount(0);
  await expect
    .poll(() => seatsTaken(page.request, CALENDAR, laterId ?? ''), { message: 'given back at once, not when the hold lapses' })
    .toBe(0);
  await expect(card.getByRole('time')).toHaveText(formatDenverDateTime(startOf(date)));
  expect(problems.errors).toEqual([]);
});

test.describe('at 390 px', () => {
  test.use({ ...PHONE });

  test('a change of date offers the nearest dates and every other on the month calendar, with the action in view', async ({ page }) => {
    test.setTimeout(60_000);
    const payer = await readyCustomer(page.request);
    const date = await freshDateAtLeast(page.request, CALENDAR, 45);
    await bookByApi(page.request, payer, { dateId: date.id, priceId: PRICE.id, calendar: CALENDAR, partySize: 1 });
    await signInAndOpenProfile(page, payer.email);
    const card = myBookings(page).getByRole('article', { name: PRICE.title });
    await card.getByRole('button', { name: /^Change date/ }).click();
    const panel = card.getByRole('region', { name: 'Change the date?' });
    const choice = panel.getByRole('group', { name: 'Dates with seats for your party:' });
    // The nearest three as buttons, nearest first; the rest on the calendar, not a list of dozens.
    const nearest = choice.getByRole('radio');
    await expect(nearest).toHaveCount(3);
    const bookingId = await bookingIdOn(page.request, payer, date.id);
    const options = (await (
      await page.request.get(`${E2E.api}/bookings/${bookingId}/date-change`, { headers: { Authorization: `Bearer ${payer.idToken}` } })
    ).json()) as { dates: { startsAt: string }[] };
    const soonest = options.dates
      .map((option) => Date.parse(option.startsAt))
      .sort((a, b) => a - b)
      .slice(0, 3)
      .map((start) => formatDenverDateTime(start));
    expect(await nearest.evaluateAll((radios) => radios.map((radio) => radio.parentElement?.textContent?.trim()))).toEqual(soonest);
    const grid = choice.getByRole('grid', { name: /^Dates you can choose, / });
    await expect(grid).toBeVisible();
    expect((await panel.boundingBox())?.height).toBeLessThan(1600);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A date from the calendar, a month on: chosen, said, and the action stays in view.
    await choice.getByRole('button', { name: 'Next month' }).click();
    const day = grid.getByRole('button', { name: /, starts at / }).first();
    const dayName = (await day.getAttribute('aria-label')) ?? '';
    await day.click();
    await expect(choice.getByRole('status')).toHaveText(/^Chosen: /);
    await expect(grid.getByRole('button', { name: `${dayName}, selected` })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Continue to payment' })).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);
  });
});
