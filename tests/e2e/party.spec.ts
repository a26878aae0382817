/**
 * `Your party` on My Bookings, in the browser with the API and the Auth emulator: a lead books a day
 * tour for three and sees their own row and two open spots; a friend joins with the code of the
 * invite link the lead's card shows, and reads `Survey missing` and `Waiver missing` on the lead's
 * page until they complete both, then `Survey done` and `Waiver signed`; the friend's own /profile
 * shows the same party; a party that fails to load leaves the card whole; axe at both widths.
 */
import type { Browser, Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { bookByApi, bookingIdOn, calendar, freshDate, readyCustomer, SIGNATURE_IMAGE, SURVEY_ANSWERS } from './api-customers.ts';
import { expectStep, logInAtLogin } from './checkout-steps.ts';
import { apiCustomer, atPhoneAndDesktop, axeViolations, expect, islandsReady, test, type ApiCustomer } from './fixtures.ts';
import { myBookings, referenceOf, signInAndOpenProfile, watchErrors } from './page-helpers.ts';

const TOUR_PRICE = 'price_tour_ski';

/** A lead with profile, survey and waiver done, who has booked a day tour for three through the API. */
async function leadWithTourForThree(page: Page) {
  const lead = await readyCustomer(page.request);
  const entry = await freshDate(page.request, 'winter-day-tours');
  await bookByApi(page.request, lead, { dateId: entry.id, priceId: TOUR_PRICE, calendar: 'winter-day-tours', partySize: 3 });
  return { lead, entry };
}

/** The lead of a day tour for three (leadWithTourForThree), signed in on their /profile. */
async function leadOnProfile(page: Page) {
  const { lead, entry } = await leadWithTourForThree(page);
  await signInAndOpenProfile(page, lead.email);
  return { lead, entry };
}

const theCard = (page: Page) => myBookings(page).getByRole('article');
const partyOf = (page: Page) => theCard(page).getByRole('region', { name: 'Your party' });
const rowsOf = (page: Page) => partyOf(page).getByRole('listitem');

const memberRow = (name: string, survey: 'done' | 'missing', waiver: 'signed' | 'missing', you = false) =>
  new RegExp(`^${name.replace(/[.]/g, '\\.')}${you ? ' \\(you\\)' : ''}\\s*Survey ${survey}\\s*Waiver ${waiver}$`);
const OPEN_ROW = /^Open spot\s*Share the invite link$/;

/** The invite code of the link the card shows, as a friend receives it. */
async function inviteCodeOnCard(page: Page): Promise<string> {
  const link = await theCard(page).getByLabel('Invite link').inputValue();
  return new URL(link).searchParams.get('invite') ?? '';
}

async function join(page: Page, friend: { idToken: string }, inviteCode: string) {
  const joined = await page.request.post(`${E2E.api}/calendar/invite`, {
    headers: { Authorization: `Bearer ${friend.idToken}` },
    data: { inviteCode },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
}

async function save(page: Page, friend: ApiCustomer, data: unknown) {
  const saved = await page.request.put(`${E2E.api}/users/user/${friend.uid}`, {
    headers: { Authorization: `Bearer ${friend.idToken}` },
    data,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** The friend's own browser: a second context, signed in as the friend on /profile. */
async function friendsProfile(browser: Browser, friend: ApiCustomer) {
  const context = await browser.newContext({ baseURL: E2E.site });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signInAndOpenProfile(page, friend.email);
  return { page, errors, close: () => context.close() };
}

const emailName = (customer: { email: string }) => customer.email.split('@')[0] ?? '';

test('the lead sees their party fill in as a friend joins and completes the survey and the waiver; the friend sees the same', async ({
  page,
  browser,
  problems: _,
}) => {
  test.setTimeout(90_000);
  const { lead } = await leadOnProfile(page);
  await expect(theCard(page)).toHaveCount(1);
  await expect(partyOf(page).getByRole('heading', { level: 4, name: 'Your party' })).toBeVisible();
  await expect(rowsOf(page)).toHaveText([memberRow(lead.name, 'done', 'signed', true), OPEN_ROW, OPEN_ROW]);

  // An open spot points to the invite link.
  await partyOf(page).getByRole('link', { name: 'Share the invite link' }).first().click();
  await expect(theCard(page).getByLabel('Invite link')).toBeFocused();

  // A friend with no name in their profile joins with the link's code: shown by the e-mail before the @.
  const friend = await apiCustomer(page.request);
  await join(page, friend, await inviteCodeOnCard(page));
  await page.reload();
  await expect(rowsOf(page)).toHaveText([
    memberRow(lead.name, 'done', 'signed', true),
    memberRow(emailName(friend), 'missing', 'missing'),
    OPEN_ROW,
  ]);
  // Nothing of the friend beyond the name and the two states.
  await expect(partyOf(page)).not.toContainText(friend.email);

  await save(page, friend, { survey: SURVEY_ANSWERS });
  await page.reload();
  await expect(rowsOf(page).nth(1)).toHaveText(memberRow(emailName(friend), 'done', 'missing'));

  await save(page, friend, { signature: SIGNATURE_IMAGE, agreed: true });
  await page.reload();
  await expect(rowsOf(page)).toHaveText([
    memberRow(lead.name, 'done', 'signed', true),
    memberRow(emailName(friend), 'done', 'signed'),
    OPEN_ROW,
  ]);

  // The friend's own /profile: the same party, with their own row marked.
  const asFriend = await friendsProfile(browser, friend);
  await expect(rowsOf(asFriend.page)).toHaveText([
    memberRow(lead.name, 'done', 'signed'),
    memberRow(emailName(friend), 'done', 'signed', true),
    OPEN_ROW,
  ]);
  expect(asFriend.errors).toEqual([]);
  await asFriend.close();
});

test('a friend who signed in from the invite link but has not finished shows as joining, not as an open spot', async ({
  page,
  browser,
  problems: _,
}) => {
  test.setTimeout(60_000);
  const { lead } = await leadOnProfile(page);
  const inviteCode = await inviteCodeOnCard(page);

  // The friend follows the link in their own browser and signs in, then stops at the survey.
  const friend = await apiCustomer(page.request);
  const context = await browser.newContext({ baseURL: E2E.site });
  const friendPage = await context.newPage();
  await friendPage.goto(`/checkout?invite=${encodeURIComponent(inviteCode)}`);
  await islandsReady(friendPage);
  const told = friendPage.waitForResponse((response) => response.url().endsWith('/calendar/invite/joining'));
  await logInAtLogin(friendPage, friend.email);
  await expectStep(friendPage, 'Survey', 'Survey');
  expect((await told).ok()).toBe(true);
  await context.close();

  await page.reload();
  await expect(rowsOf(page)).toHaveText([
    memberRow(lead.name, 'done', 'signed', true),
    new RegExp(`^${emailName(friend)}\\s*Joining$`),
    OPEN_ROW,
  ]);
  expect(await axeViolations(page)).toEqual([]);
});

test('a party that cannot be loaded says so and leaves the rest of the card in place; Try again loads it', async ({ page, problems }) => {
  problems.allow(/500|Failed to load resource/);
  const { lead, entry } = await leadWithTourForThree(page);
  const reference = referenceOf(await bookingIdOn(page.request, lead, entry.id));
  let failing = true;
  await page.route(`${E2E.api}/parties/**`, (route) =>
    failing
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal server error' }) })
      : route.continue(),
  );
  await signInAndOpenProfile(page, lead.email);
  await expect(partyOf(page).getByRole('alert')).toHaveText('Your party could not be loaded.');
  await expect(theCard(page).getByRole('img', { name: `QR code of booking ${reference}` })).toBeVisible();
  await expect(theCard(page).getByLabel('Invite link')).toHaveValue(/\/checkout\?invite=/);
  await expect(theCard(page).getByRole('button', { name: /^Add to calendar/ })).toBeVisible();

  failing = false;
  await partyOf(page)
    .getByRole('button', { name: /^Try again/ })
    .click();
  await expect(rowsOf(page)).toHaveText([memberRow(lead.name, 'done', 'signed', true), OPEN_ROW, OPEN_ROW]);
});

test('the card keeps its height while the party loads: a row is held for each paid seat', async ({ page, problems: _ }) => {
  const { lead, entry } = await leadWithTourForThree(page);
  // A friend whose name fits on one line, as most do.
  const friend = await readyCustomer(page.request);
  const mine = (await calendar(page.request, 'winter-day-tours', { token: lead.idToken })).find((candidate) => candidate.id === entry.id);
  await join(page, friend, mine?.inviteCode ?? '');
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${E2E.api}/parties/**`, async (route) => {
    await released;
    await route.continue();
  });
  await signInAndOpenProfile(page, lead.email);
  await expect(partyOf(page)).toHaveAttribute('aria-busy', 'true');
  await expect(partyOf(page)).toContainText('Loading your party');
  const loading = await theCard(page).boundingBox();
  release();
  await expect(rowsOf(page)).toHaveText([memberRow(lead.name, 'done', 'signed', true), memberRow(friend.name, 'done', 'signed'), OPEN_ROW]);
  expect((await theCard(page).boundingBox())?.height).toBe(loading?.height);
});

atPhoneAndDesktop('at', () => {
  test('axe finds nothing on /profile with a party of a lead, a friend and an open spot', async ({ page, problems: _ }) => {
    const { lead, entry } = await leadWithTourForThree(page);
    const friend = await apiCustomer(page.request);
    const mine = (await calendar(page.request, 'winter-day-tours', { token: lead.idToken })).find((candidate) => candidate.id === entry.id);
    await join(page, friend, mine?.inviteCode ?? '');
    await signInAndOpenProfile(page, lead.email);
    await expect(rowsOf(page)).toHaveText([
      memberRow(lead.name, 'done', 'signed', true),
      memberRow(emailName(friend), 'missing', 'missing'),
      OPEN_ROW,
    ]);
    expect(await axeViolations(page)).toEqual([]);
  });
});
