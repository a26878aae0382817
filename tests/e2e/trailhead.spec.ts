/**
 * The trip day at a trailhead with no signal, on the built site with its service worker, the API and
 * the Auth emulator, at 390 px: a guide saves a date's trip sheet from its roster; with the phone
 * offline the sheet opens on a reload, two members are checked in and one is a no-show, and the
 * check-ins wait on the phone (a reload keeps them); when the signal comes back they are sent, and
 * the API's record holds each once; signing out takes the sheet off the phone; the console's date page
 * shows who was here.
 */
import type { Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import type { TripSheet } from '../../shared/contract/trailhead.ts';
import { newGuide, newStaffMember, signInByApi } from './api-customers.ts';
import { bookedParty } from './booked-party.ts';
import { axeViolations, expect, islandsReady, PHONE, test } from './fixtures.ts';
import { signIn } from './page-helpers.ts';

test.use({ ...PHONE, serviceWorkers: 'allow' });

/** Once the site's service worker has precached the pages and controls this one. */
async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const memberCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name }) });
const syncStatus = (page: Page) => page.locator('.trip-sync').getByRole('status');

test('a guide checks a party in with no signal, and the check-ins reach the office when the signal comes back', async ({
  page,
  context,
  problems,
}) => {
  test.setTimeout(120_000);
  // With no signal the browser says so of each request, and the account's details cannot be read again.
  problems.allow(/net::ERR_INTERNET_DISCONNECTED/);
  problems.allow(/^Could not load the database user TypeError: Failed to fetch/);
  const { entry, lead, friend } = await bookedParty(page.request);
  const guide = await newGuide(page.request);
  await signIn(page, guide);
  await page.goto(`/guide/roster?date=${entry.id}`);
  await islandsReady(page);
  await workerInControl(page);
  await page.getByRole('button', { name: 'Save for the trailhead' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this phone.' })).toBeVisible();
  await page.getByRole('link', { name: 'Open the trip sheet' }).click();
  await expect(page.getByText(/^Saved \d{1,2}:\d{2} [AP]M\./)).toBeVisible();

  // At the trailhead: no signal. The page and the sheet still open.
  await context.setOffline(true);
  await page.reload();
  await islandsReady(page);
  await expect(page.getByText(/^Saved \d{1,2}:\d{2} [AP]M\./)).toBeVisible();
  await expect(page.getByText('0 here, 0 no-shows, 2 not checked in.')).toBeVisible();

  const leadCard = memberCard(page, lead.name);
  await leadCard.getByRole('button', { name: 'Here' }).click();
  await expect(leadCard.getByText(/^Here since \d{1,2}:\d{2} [AP]M, checked in by /)).toBeVisible();
  await leadCard.getByRole('checkbox', { name: 'Beacon' }).check();
  await leadCard.getByRole('checkbox', { name: 'Probe' }).check();
  const friendCard = memberCard(page, friend.name);
  await friendCard.getByRole('button', { name: 'No-show' }).click();
  await expect(friendCard.getByRole('button', { name: 'No-show' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 here, 1 no-show, 0 not checked in.')).toBeVisible();
  await expect(syncStatus(page)).toHaveText('4 check-ins wait on this phone. They go as soon as it has a signal.');
  expect(await axeViolations(page)).toEqual([]);

  // Still no signal: a reload keeps what was recorded.
  await page.reload();
  await islandsReady(page);
  await expect(page.getByText('1 here, 1 no-show, 0 not checked in.')).toBeVisible();
  await expect(memberCard(page, lead.name).getByRole('checkbox', { name: 'Probe' })).toBeChecked();
  // A page that needs a network says so.
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'No connection' })).toBeVisible();
  await page.goBack();
  await islandsReady(page);

  // The signal comes back: everything goes by itself, once.
  await context.setOffline(false);
  await expect(syncStatus(page)).toHaveText('Everything recorded on this phone is sent, and the sheet is up to date.');
  const token = (await signInByApi(page.request, guide)).idToken;
  const sheet = (await (
    await page.request.get(`${E2E.api}/guide/dates/${entry.id}/trip-sheet`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as TripSheet;
  expect(sheet.events.map((event) => [event.kind, event.uid]).sort()).toEqual(
    [
      ['gear', lead.uid],
      ['gear', lead.uid],
      ['here', lead.uid],
      ['no-show', friend.uid],
    ].sort(),
  );
  await page.getByRole('button', { name: 'Update the sheet' }).click();
  await expect(syncStatus(page)).toHaveText('Everything recorded on this phone is sent, and the sheet is up to date.');

  // Signing out takes the sheet off the phone.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).not.toContain('kamas-device');

  // The office sees the trailhead on the date's page.
  await signIn(page, await newStaffMember(page.request, 'operator'));
  await page.goto(`/ops/date?id=${entry.id}`);
  await islandsReady(page);
  await expect(page.getByText('At the trailhead: 1 here, 1 no-show, 0 not checked in.')).toBeVisible();
  await expect(page.getByText(/^Here since \d{1,2}:\d{2} [AP]M, checked in by .+\. Gear checked: beacon and probe$/)).toBeVisible();
  await expect(page.getByText(/^No-show, marked at \d{1,2}:\d{2} [AP]M by /)).toBeVisible();
});
