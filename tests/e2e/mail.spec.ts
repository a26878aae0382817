/**
 * The site's messages, read from the mail catcher of the test stack as a customer reads their inbox:
 * a lead books a day tour for two on the built site and finds the confirmation with the invite
 * link; a friend follows that link, joins, and the lead hears that a friend joined.
 */
import { E2E } from '../../playwright.config.ts';
import { freshDate, GOOD_CARD, readyCustomer, startOf } from './api-customers.ts';
import { fillCard, logInAtLogin, passSavedSteps, stepSection, surveyOnFile, waiverOnFile } from './checkout-steps.ts';
import { expect, islandsReady, test } from './fixtures.ts';
import { mailTo } from './mail-inbox.ts';
import { chooseDayTour, dateAndTime, TOUR_PAGE } from './page-helpers.ts';

test('the lead’s confirmation brings the invite link; a friend who follows it joins, and the lead is told', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(90_000);
  const lead = await readyCustomer(page.request);
  const friend = await readyCustomer(page.request);
  const entry = await freshDate(page.request, 'winter-day-tours');

  await page.goto(TOUR_PAGE);
  await chooseDayTour(page, 'Snowmobile Exploration Day, $350', 2, entry, '$700');
  await logInAtLogin(page, lead.email);
  await passSavedSteps(page);
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();

  const confirmation = await mailTo(page.request, lead.email, /^Booked: Snowmobile Exploration Day, /);
  expect(confirmation.subject).toBe(`Booked: Snowmobile Exploration Day, ${dateAndTime(startOf(entry))}`);
  expect(confirmation.text).toContain('$700');
  expect(confirmation.attachments.some((file) => (file.fileName ?? file.generatedFileName ?? '').endsWith('.ics'))).toBe(true);
  const invite = /http:\/\/127\.0\.0\.1:4322\/checkout\?invite=[\w-]+/.exec(confirmation.text)?.[0];
  expect(invite, 'the confirmation holds the invite link').toBeDefined();

  // The friend, in a browser of their own, follows the link from the message.
  const context = await browser.newContext({ baseURL: E2E.site });
  const friendPage = await context.newPage();
  await friendPage.goto(invite ?? '');
  await islandsReady(friendPage);
  await logInAtLogin(friendPage, friend.email);
  // The friend's saved survey and waiver, on file: Continue twice; the invite then joins them and takes them to their profile.
  await expect(surveyOnFile(friendPage)).toBeVisible();
  await stepSection(friendPage).getByRole('button', { name: 'Continue' }).click();
  await expect(waiverOnFile(friendPage)).toBeVisible();
  await stepSection(friendPage).getByRole('button', { name: 'Continue' }).click();
  await expect(friendPage).toHaveURL(/\/profile$/, { timeout: 15_000 });
  await context.close();

  const welcome = await mailTo(page.request, friend.email, /^You joined /);
  expect(welcome.subject).toContain(lead.name);
  const told = await mailTo(page.request, lead.email, /joined your party/);
  expect(told.subject).toContain(friend.name);
  expect(told.text).not.toContain(friend.email);
  expect(problems.errors).toEqual([]);
});
