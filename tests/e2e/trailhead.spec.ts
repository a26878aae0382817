/**
 * The trip day at a trailhead with no signal, on the built site with its service worker, the API and
 * the Auth emulator, at 390 px: a guide saves a date's trip sheet from its roster; with the phone
 * offline the sheet opens on a reload, two members are checked in and one is a no-show, and the
 * check-ins wait on the phone (a reload keeps them); when the signal comes back they are sent, and
 * the API's record holds each once; signing out takes the sheet off the phone; the console's date page
 * shows who was here. A guide whose role the office takes away loses the sheet on the next page
 * opened online, and a sheet leaves 48 hours after its trip by the service worker. A member's pass,
 * kept on their phone, opens with no signal and is scanned by a guide's phone with no signal;
 * another member signs the waiver on it; two guides' phones check one member in, and the office
 * counts them once.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import type { TripSheet } from '../../shared/contract/trailhead.ts';
import type { SignedWaiverCopy } from '../../shared/contract/answers.ts';
import { browserWithCamera, cameraFileOf } from './fake-camera.ts';
import { denverClock, denverDay, denverInstant, formatDenverTime } from '../../shared/rules/dates.ts';
import { newGuide, newStaffMember, officeOperator, revokeStaffRole, SIGNATURE_IMAGE, signInByApi, startOf } from './api-customers.ts';
import { bookedParty, CLASS_OF_TEN, classOfTen } from './booked-party.ts';
import { axeViolations, expect, islandsReady, PHONE, test, type Problems } from './fixtures.ts';
import { myBookings, signIn } from './page-helpers.ts';

test.use({ ...PHONE, serviceWorkers: 'allow' });

/** Once the site's service worker has precached the pages and controls this one. */
async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** A guide signs in on the phone and opens a date's roster, with the service worker in control. */
async function openRoster(page: Page, guide: string, dateId: string) {
  await signIn(page, guide);
  await page.goto(`/guide/roster?date=${dateId}`);
  await islandsReady(page);
  await workerInControl(page);
}

/** A guide saves a date's trip sheet from its roster: the phone says it is saved. */
async function saveSheetFromRoster(page: Page, guide: string, dateId: string) {
  await openRoster(page, guide, dateId);
  await page.getByRole('button', { name: 'Save for the trailhead' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this phone.' })).toBeVisible();
}

const memberCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name }) });
/** Opens a member's details on the trip sheet (the gear check, the waiver, whom to call) by tapping their name. */
async function openDetails(page: Page, name: string) {
  const opener = memberCard(page, name).getByRole('button', { name, exact: true });
  await opener.click();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
}
/** Half an hour before `start`, or midnight when that falls on the day before: a meeting time on the trip's day. */
function meetingBefore(start: Date): Date {
  const earlier = new Date(start.getTime() - 30 * 60_000);
  return denverDay(earlier) === denverDay(start) ? earlier : denverInstant(denverDay(start));
}
const syncStatus = (page: Page) => page.locator('.trip-sync').getByRole('status');
/** With no signal the browser says so of each request, and the account's details cannot be read again. */
function allowNoSignal(problems: Problems) {
  problems.allow(/net::ERR_INTERNET_DISCONNECTED/);
  problems.allow(/^Could not load the database user TypeError: Failed to fetch/);
}

test('a guide checks a party in with no signal, and the check-ins reach the office when the signal comes back', async ({
  page,
  context,
  problems,
}) => {
  test.setTimeout(120_000);
  allowNoSignal(problems);
  // The guides' pages ask for the coming dates and the roster, which need a network.
  problems.allow(/^The call to \/guide\/dates\S* failed TypeError: Failed to fetch/);
  const { entry, lead, friend } = await bookedParty(page.request);
  const guide = await newGuide(page.request);
  await saveSheetFromRoster(page, guide, entry.id);
  await page.getByRole('link', { name: 'Open the trip sheet' }).click();
  await expect(page.getByText(/^Saved \d{1,2}:\d{2} [AP]M\./)).toBeVisible();

  // At the trailhead: no signal. The page and the sheet still open.
  await context.setOffline(true);
  await page.reload();
  await islandsReady(page);
  await expect(page.getByText(/^Saved \d{1,2}:\d{2} [AP]M\./)).toBeVisible();
  await expect(page.getByText('0 here, 0 no-shows, 2 not checked in.')).toBeVisible();

  const leadCard = memberCard(page, lead.name);
  await leadCard.getByRole('button', { name: 'Here', exact: true }).click();
  await expect(leadCard.getByText(/^Here since \d{1,2}:\d{2} [AP]M, checked in by /)).toBeVisible();
  await openDetails(page, lead.name);
  await leadCard.getByRole('checkbox', { name: 'Beacon' }).check();
  await leadCard.getByRole('checkbox', { name: 'Probe' }).check();
  const friendCard = memberCard(page, friend.name);
  await friendCard.getByRole('button', { name: 'No-show' }).click();
  await expect(friendCard.getByRole('button', { name: 'No-show' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 here, 1 no-show, 0 not checked in.')).toBeVisible();
  await expect(syncStatus(page)).toHaveText('2 people wait to be sent. Sent as soon as this phone has a signal.');
  expect(await axeViolations(page)).toEqual([]);

  // Still no signal: a reload keeps what was recorded.
  await page.reload();
  await islandsReady(page);
  await expect(page.getByText('1 here, 1 no-show, 0 not checked in.')).toBeVisible();
  await openDetails(page, lead.name);
  await expect(memberCard(page, lead.name).getByRole('checkbox', { name: 'Probe' })).toBeChecked();
  // The date's roster needs a network: it says so plainly, and points to the sheet saved on the phone.
  await page.goto(`/guide/roster?date=${entry.id}`);
  await islandsReady(page);
  await expect(page.getByRole('status').filter({ hasText: 'No signal: the roster shows again once this phone is online.' })).toBeVisible();
  await expect(page.getByText(/Error|Failed to fetch/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open the trip sheet' })).toBeVisible();
  // The guides' page lists the sheets saved on the phone, with no signal.
  await page.goto('/guide');
  await islandsReady(page);
  await expect(page.getByRole('status').filter({ hasText: 'No signal: the roster shows again once this phone is online.' })).toBeVisible();
  await expect(page.getByText(/Error|Failed to fetch/)).toHaveCount(0);
  await page.getByRole('region', { name: 'Saved on this phone' }).getByRole('link').click();
  await expect(page.getByText('1 here, 1 no-show, 0 not checked in.')).toBeVisible();
  // A page that needs a network says so, and points to what opens without one: the pass and the saved sheets.
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'No signal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your trailhead pass' })).toHaveAttribute('href', '/pass');
  await page.getByRole('region', { name: 'Saved on this phone' }).getByRole('link').click();
  await expect(page.getByText('1 here, 1 no-show, 0 not checked in.')).toBeVisible();
  await islandsReady(page);
  // Logging out now would lose what waits to be sent: the menu says so, and logs out only if told to lose it.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This phone holds' })).toHaveText(
    'This phone holds 4 check-ins not yet sent. Open the trip sheet where there is a signal to send them: logging out now would lose them.',
  );
  await expect(page.getByRole('button', { name: 'Log out anyway and lose them' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Log out anyway and lose them' })).toHaveCount(0);

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
  const operator = await newStaffMember(page.request, 'operator');
  await signIn(page, operator);
  await page.goto(`/ops/date?id=${entry.id}`);
  await islandsReady(page);
  await expect(page.getByText('At the trailhead: 1 here, 1 no-show, 0 not checked in.')).toBeVisible();
  await expect(page.getByText(/^Here since \d{1,2}:\d{2} [AP]M, checked in by .+\. Gear checked: beacon and probe$/)).toBeVisible();
  await expect(page.getByText(/^No-show, marked at \d{1,2}:\d{2} [AP]M by /)).toBeVisible();
  // An operator sets where the party meets, and saves the sheet from here too: it names the meeting point.
  await page.getByRole('button', { name: 'Set the meeting point' }).click();
  await page.getByLabel('Trailhead').selectOption('Wolf Creek Pass Trailhead');
  // Half an hour before the start, on its day (the trip may start just after midnight).
  const meets = meetingBefore(startOf(entry));
  await page.getByLabel('Meeting time in Kamas, on the day').fill(denverClock(meets));
  await page.getByRole('button', { name: 'Save meeting point' }).click();
  await expect(page.getByText(`Meeting point: Wolf Creek Pass Trailhead, ${formatDenverTime(meets)}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Save for the trailhead' }).click();
  await page.getByRole('link', { name: 'Open the trip sheet' }).click();
  await expect(page.getByText(new RegExp(`Meeting point: Wolf Creek Pass Trailhead, ${formatDenverTime(meets)}\\.$`))).toBeVisible();
  // An operator may keep trip sheets as a guide may: the phone asks once a visit, online (role-check.ts), and the sheet stays.
  const { uid: operatorUid } = await signInByApi(page.request, operator);
  await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), 'trailhead:role-asked')).toBe(operatorUid);
  await page.reload();
  await islandsReady(page);
  await expect(page.getByText(new RegExp(`Meeting point: Wolf Creek Pass Trailhead, ${formatDenverTime(meets)}\\.$`))).toBeVisible();
});

/** The Chromium phone of a guide, signed in, with a date's trip sheet saved (and the pass scanner kept), then with no signal. */
async function guidePhoneOffline(context: BrowserContext, guide: string, dateId: string): Promise<Page> {
  const page = await context.newPage();
  await openRoster(page, guide, dateId);
  await page.getByRole('button', { name: 'Save for the trailhead' }).click();
  await page.getByRole('link', { name: 'Open the trip sheet' }).click();
  await expect(page.getByText(/^Saved \d{1,2}:\d{2} [AP]M\./)).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await islandsReady(page);
  return page;
}

test('a member’s pass opens on their phone with no signal; the guide scans it, a member signs the waiver on the guide’s phone, and two phones’ check-ins of one member count once', async ({
  page,
  context,
  browser,
  problems,
}, testInfo) => {
  test.setTimeout(180_000);
  allowNoSignal(problems);
  problems.allow(/^The call to \S+ failed TypeError: Failed to fetch/);
  problems.allow(/^Could not load the (bookings|trailhead passes|waiver) TypeError: Failed to fetch/);
  const {
    entry,
    lead,
    friend,
    others: [sam, jo],
  } = await bookedParty(page.request, [{ name: 'Sam Ortiz' }, { name: 'Jo Park', unsigned: true }]);
  if (!sam || !jo) throw new Error('the party has four members');

  // Frankie opens My Bookings once with a signal: the pass is kept on the phone.
  await signIn(page, friend.email);
  await page.goto('/profile');
  await islandsReady(page);
  await workerInControl(page);
  await page.getByRole('link', { name: /^Your trailhead pass/ }).click();
  const pass = page.getByRole('img', { name: 'Trailhead pass of Frankie Snow' });
  await expect(pass).toBeVisible();
  await expect(page.getByText(/^Updated \d{1,2}:\d{2} [AP]M\.$/)).toBeVisible();

  // At the trailhead, no signal: the pass and My Bookings open from the phone.
  await context.setOffline(true);
  await page.reload();
  await islandsReady(page);
  await expect(pass).toBeVisible();
  await expect(page.getByText(/^No connection: this is as last updated \d{1,2}:\d{2} [AP]M\.$/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const cameraFile = testInfo.outputPath('trailhead-pass.y4m');
  await cameraFileOf(pass, cameraFile);
  await page.goto('/profile');
  await islandsReady(page);
  await expect(myBookings(page).getByRole('img', { name: 'Trailhead pass of Frankie Snow' })).toBeVisible();
  // No raw error text with no signal: a plain line, and the passes.
  await expect(
    myBookings(page).getByRole('status').filter({ hasText: 'No signal: your bookings show again once this phone is online.' }),
  ).toBeVisible();
  await expect(myBookings(page).getByText(/Error|Failed to fetch/)).toHaveCount(0);

  // Signing out, still offline, takes the pass off the phone.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('/');
  await islandsReady(page);
  // Nothing the home page or the service worker starts brings the database back.
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).not.toContain('kamas-device');
  await page.goto(`/pass?date=${entry.id}`);
  await islandsReady(page);
  await expect(page.getByText('Please log in to see your trailhead pass.')).toBeVisible();
  await expect(page.getByText('Frankie Snow')).toHaveCount(0);
  await context.setOffline(false);

  // A second guide's phone, with no signal either, checks the lead in first.
  const second = await browser.newContext({ ...PHONE, baseURL: E2E.site, serviceWorkers: 'allow' });
  const [firstGuide, secondGuide] = [await newGuide(page.request), await newGuide(page.request)];
  const secondSheet = await guidePhoneOffline(second, secondGuide, entry.id);
  await memberCard(secondSheet, lead.name).getByRole('button', { name: 'Here', exact: true }).click();
  await expect(syncStatus(secondSheet)).toHaveText('1 person waits to be sent. Sent as soon as this phone has a signal.');

  const camera = await browserWithCamera(cameraFile);
  try {
    const phone = await camera.newContext({ ...PHONE, baseURL: E2E.site, permissions: ['camera'] });
    const sheet = await guidePhoneOffline(phone, firstGuide, entry.id);

    // Frankie's pass, scanned: checked in; scanned again: already.
    await sheet.getByRole('button', { name: 'Scan a pass' }).click();
    const frankie = memberCard(sheet, 'Frankie Snow');
    await expect(frankie.getByText('Pass scanned: Frankie Snow is checked in.')).toBeVisible({ timeout: 30_000 });
    await expect(frankie.getByText(/^Here since \d{1,2}:\d{2} [AP]M, checked in by /)).toBeVisible();
    await sheet.getByRole('button', { name: 'Scan a pass' }).click();
    await expect(frankie.getByText(/^Pass scanned: Already checked in at \d{1,2}:\d{2} [AP]M by /)).toBeVisible({ timeout: 30_000 });

    await memberCard(sheet, lead.name).getByRole('button', { name: 'Here', exact: true }).click();
    await memberCard(sheet, 'Sam Ortiz').getByRole('button', { name: 'No-show' }).click();
    const joCard = memberCard(sheet, 'Jo Park');
    await joCard.getByRole('button', { name: 'Here', exact: true }).click();

    // Jo has no waiver: Jo signs it on the guide's phone, handed over.
    await expect(joCard.getByRole('listitem')).toHaveText(['No waiver', 'Survey done', 'Medical note']);
    await openDetails(sheet, 'Jo Park');
    await joCard.getByRole('button', { name: /^Sign the waiver here/ }).click();
    const signing = sheet.getByRole('dialog', { name: 'Jo Park signs the waiver' });
    await expect(signing.getByRole('region', { name: /^Release of Liability/ })).toBeVisible();
    await signing.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await signing.getByRole('radio', { name: 'Type my name' }).check();
    await signing.getByLabel("Jo Park's full name, as the signature").fill('Jo Park');
    expect(await axeViolations(sheet)).toEqual([]);
    await signing.getByRole('button', { name: 'Sign Waiver' }).click();
    await expect(signing).toBeHidden();
    await expect(joCard.getByRole('listitem')).toHaveText(['Waiver signed here', 'Survey done', 'Medical note']);
    await expect(joCard.getByRole('button', { name: /^Sign the waiver here/ })).toHaveCount(0);
    await expect(sheet.getByText('3 here, 1 no-show, 0 not checked in.')).toBeVisible();
    await expect(syncStatus(sheet)).toHaveText('4 people and 1 signature wait to be sent. Sent as soon as this phone has a signal.');

    // The signal comes back to both phones: everything is sent.
    await phone.setOffline(false);
    await second.setOffline(false);
    for (const phonePage of [sheet, secondSheet])
      await expect(syncStatus(phonePage)).toHaveText('Everything recorded on this phone is sent, and the sheet is up to date.');
  } finally {
    await camera.close();
    await second.close();
  }

  // The office sees it all: the lead checked in once, by the phone that saw them first.
  await signIn(page, await newStaffMember(page.request, 'operator'));
  await page.goto(`/ops/date?id=${entry.id}`);
  await islandsReady(page);
  await expect(page.getByText('At the trailhead: 3 here, 1 no-show, 0 not checked in; 1 signed the waiver there.')).toBeVisible();
  await expect(page.getByText(new RegExp(`^Here since \\d{1,2}:\\d{2} [AP]M, checked in by ${secondGuide}`))).toHaveCount(1);
  await expect(page.getByText(new RegExp(`checked in by ${firstGuide}`))).toHaveCount(2);
  await expect(page.getByText(/Signed the waiver at the trailhead$/)).toBeVisible();

  // Jo's waiver record holds the signature taken at the trailhead.
  const joToken = (await signInByApi(page.request, jo.email)).idToken;
  const waivers = (await (
    await page.request.get(`${E2E.api}/users/user/${jo.uid}/waivers`, { headers: { Authorization: `Bearer ${joToken}` } })
  ).json()) as { id: string; current: boolean }[];
  expect(waivers).toHaveLength(1);
  expect(waivers[0]?.current).toBe(true);
  const copy = (await (
    await page.request.get(`${E2E.api}/users/user/${jo.uid}/waivers/${waivers[0]?.id}`, { headers: { Authorization: `Bearer ${joToken}` } })
  ).json()) as SignedWaiverCopy;
  expect(copy.inPerson?.by).toBe(firstGuide);
});

/** How many trip sheets the phone holds. */
const savedSheets = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('kamas-device');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const counting = opening.result.transaction('tripSheets').objectStore('tripSheets').count();
          counting.onsuccess = () => {
            opening.result.close();
            resolve(counting.result);
          };
        };
      }),
  );

/** A guide signed in on the phone who saved the trip sheet of a booked party's date. */
async function guideWithSavedSheet(page: Page) {
  const { entry } = await bookedParty(page.request);
  const guide = await newGuide(page.request);
  await saveSheetFromRoster(page, guide, entry.id);
  expect(await savedSheets(page)).toBe(1);
  return { entry, guide };
}

test('a guide’s trip sheet leaves the phone on the next page opened online once the office takes the guide role away', async ({ page }) => {
  test.setTimeout(90_000);
  const { guide } = await guideWithSavedSheet(page);
  revokeStaffRole(guide, 'guide', await officeOperator(page.request));
  // Not a trip page: any page of the site asks.
  await page.goto('/about');
  await expect.poll(() => savedSheets(page), { timeout: 15_000 }).toBe(0);
});

test('a trip sheet leaves the phone 48 hours after its trip by the service worker, with no page of ours there to remove it', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { entry } = await guideWithSavedSheet(page);
  // The trip was four days ago, and the site's pages no longer know who signed in here, so none of them removes anything.
  await page.evaluate(
    (dateId) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('kamas-device');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const store = opening.result.transaction('tripSheets', 'readwrite').objectStore('tripSheets');
          const reading = store.get(dateId);
          reading.onsuccess = () => {
            const saved = reading.result as { sheet: { date: { date: { _seconds: number } } } };
            saved.sheet.date.date._seconds -= 4 * 86_400;
            store.put(saved).onsuccess = () => {
              opening.result.close();
              resolve();
            };
          };
        };
        localStorage.removeItem('auth:known-user');
      }),
    entry.id,
  );
  // The browser stops the idle worker; the next page opened starts it again.
  const devtools = await context.newCDPSession(page);
  await devtools.send('ServiceWorker.enable');
  await devtools.send('ServiceWorker.stopAllWorkers');
  await page.goto('/');
  await expect.poll(() => savedSheets(page)).toBe(0);
});

test('a waiver signed at the trailhead by someone who left the party meanwhile waits for the office, which makes it their waiver', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const {
    entry,
    others: [jo],
  } = await bookedParty(page.request, [{ name: 'Jo Park', unsigned: true }]);
  if (!jo) throw new Error('the party has three members');
  const guide = await signInByApi(page.request, await newGuide(page.request));
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const saved = await page.request.get(`${E2E.api}/guide/dates/${entry.id}/trip-sheet`, { headers: as(guide.idToken) });
  const sheet = (await saved.json()) as TripSheet;
  const bookingId = sheet.parties[0]?.bookingId ?? '';
  // Jo leaves the party after the guide saved the sheet, and signs on the guide's phone all the same.
  const left = await page.request.post(`${E2E.api}/bookings/${bookingId}/leave`, { headers: as(jo.idToken) });
  expect(left.ok(), await left.text()).toBe(true);
  const signing = { id: crypto.randomUUID(), kind: 'signed', bookingId, uid: jo.uid, at: new Date().toISOString() };
  const sent = await page.request.post(`${E2E.api}/guide/dates/${entry.id}/trip-events`, {
    headers: as(guide.idToken),
    data: { events: [{ ...signing, signature: SIGNATURE_IMAGE, agreed: true, version: sheet.waiver.version }] },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await signIn(page, await newStaffMember(page.request, 'operator'));
  await page.goto(`/ops/date?id=${entry.id}`);
  await islandsReady(page);
  const held = page.getByRole('region', { name: 'Waivers signed at the trailhead, waiting for a look' });
  await expect(held.getByRole('img', { name: 'Signature of Jo Park' })).toBeVisible();
  await expect(
    held.getByText(/^Jo Park signed on .+’s phone, .+\. This person left the party after the trip sheet was saved\.$/),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await held.getByRole('button', { name: 'Make it Jo Park’s waiver' }).click();
  await held.getByLabel('Reason').fill('Jo rejoins by phone today and signed in front of the guide');
  await held.getByRole('button', { name: 'Make it their waiver' }).click();
  await expect(page.getByText('The waiver Jo Park signed at the trailhead is now their waiver signature.')).toBeVisible();
  await expect(held).toBeHidden();
  const waivers = await page.request.get(`${E2E.api}/users/user/${jo.uid}/waivers`, { headers: as(jo.idToken) });
  expect((await waivers.json()) as unknown[]).toHaveLength(1);
});

test('a new version of the site is offered above the trip sheet, never over its buttons, and Not now puts it off for the visit', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { entry } = await guideWithSavedSheet(page);
  await page.goto(`/guide/trip?date=${entry.id}`);
  await islandsReady(page);
  await expect(page.getByText(/^Saved \d{1,2}:\d{2} [AP]M\./)).toBeVisible();
  const offer = page.getByRole('status').filter({ hasText: 'A new version is available.' });
  await expect(offer).toBeHidden();

  // Another deploy: the site's worker changes, and the phone finds it waiting.
  const worker = join(process.cwd(), 'dist', 'sw.js');
  const deployed = readFileSync(worker, 'utf8');
  try {
    writeFileSync(worker, `${deployed}\n// the next deploy\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(offer).toBeVisible({ timeout: 15_000 });
    // In the page's flow, above it: no control of the sheet lies under it.
    const offered = await offer.boundingBox();
    for (const button of await page.getByRole('button', { name: /^(Here|No-show)$/ }).all()) {
      const box = await button.boundingBox();
      if (!offered || !box) throw new Error('the offer and the buttons are on screen');
      expect(box.y >= offered.y + offered.height || box.y + box.height <= offered.y, 'the offer covers no button').toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toBeHidden();
    // Put off for the visit: the next page does not ask again.
    await page.reload();
    await islandsReady(page);
    await expect(page.getByText(/^Saved \d{1,2}:\d{2} [AP]M\./)).toBeVisible();
    await expect(offer).toBeHidden();
  } finally {
    writeFileSync(worker, deployed);
  }
});

test('a class of ten fits a phone: a row per person with what to know, a filter and a name search, details on a tap', async ({ page }) => {
  test.setTimeout(180_000);
  const entry = await classOfTen(page.request);
  await signIn(page, await newGuide(page.request));
  await page.goto(`/guide/roster?date=${entry.id}`);
  await islandsReady(page);
  await page.getByRole('button', { name: 'Save for the trailhead' }).click();
  await page.getByRole('link', { name: 'Open the trip sheet' }).click();
  await expect(page.getByText('0 here, 0 no-shows, 10 not checked in.')).toBeVisible();

  // The whole roll call, three parties and ten people, scrolls in under 2,000 px at 390 px.
  const parties = page.getByRole('region', { name: /’s party, \d seats?$|'s party, \d seats?$/ });
  await expect(parties).toHaveCount(3);
  const first = await parties.first().boundingBox();
  const last = await parties.last().boundingBox();
  expect(first && last ? last.y + last.height - first.y : Infinity).toBeLessThan(2000);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Each row says what to know at a glance; Here and No-show sit in it, a thumb's size.
  const cam = memberCard(page, 'Cam Frost');
  await expect(cam.getByRole('listitem')).toHaveText(['Waiver signed', 'Survey done', 'Medical note']);
  const here = cam.getByRole('button', { name: 'Here', exact: true });
  expect((await here.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  // A tap on the name opens the rest: the gear check beside what the survey said, and whom to call.
  await expect(cam.getByRole('checkbox', { name: 'Beacon' })).toBeHidden();
  await openDetails(page, 'Cam Frost');
  await expect(cam.getByRole('group', { name: 'Gear checked' })).toContainText('ShovelSurvey: No');
  await expect(cam.getByText('Snowmobile. Uphill: Beginner. Downhill: Intermediate.')).toBeVisible();
  await expect(cam.getByText('Asthma, carries an inhaler')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Not checked in: who is left to call; a row goes as its person is marked.
  await page.getByRole('checkbox', { name: 'Not checked in' }).check();
  await memberCard(page, 'Avery Stone').getByRole('button', { name: 'Here', exact: true }).click();
  await expect(memberCard(page, 'Avery Stone')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 4 })).toHaveCount(9);
  // A name search finds one person among the rest, in any case.
  await page.getByLabel('Find a name').fill('jules');
  await expect(page.getByRole('heading', { level: 4 })).toHaveText(['Jules Finch']);
  await page.getByLabel('Find a name').fill('avery');
  await expect(page.getByRole('status').filter({ hasText: 'Nobody on the sheet matches “avery”.' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Not checked in' }).uncheck();
  await expect(page.getByRole('heading', { level: 4 })).toHaveText(['Avery Stone']);
  await page.getByLabel('Find a name').fill('');
  await expect(page.getByRole('heading', { level: 4 })).toHaveCount(CLASS_OF_TEN.flat().length);
});

/** The guide's phone with no signal at the trailhead: two minutes a test, and the browser's messages of a phone without a network are expected. */
test.describe(() => {
  test.beforeEach(({ problems }) => {
    test.setTimeout(120_000);
    allowNoSignal(problems);
  });

  test('a wrong tap is taken back with no signal, and the phone and the office agree once it is sent', async ({ page, context }) => {
    const { entry, lead, friend } = await bookedParty(page.request);
    const sheet = await guidePhoneOffline(context, await newGuide(page.request), entry.id);
    const counts = (text: string) => expect(sheet.getByText(text, { exact: true })).toBeVisible();
    const [leadRow, friendRow] = [memberCard(sheet, lead.name), memberCard(sheet, friend.name)];
    const button = (row: typeof leadRow, name: 'Here' | 'No-show') => row.getByRole('button', { name, exact: true });

    // Here, then No-show on the same person: the mark moves, nothing is disabled.
    await button(leadRow, 'Here').click();
    await expect(button(leadRow, 'Here')).toHaveAttribute('aria-pressed', 'true');
    await button(leadRow, 'No-show').click();
    await expect(button(leadRow, 'No-show')).toHaveAttribute('aria-pressed', 'true');
    await expect(button(leadRow, 'Here')).toHaveAttribute('aria-pressed', 'false');
    await counts('0 here, 1 no-show, 1 not checked in.');
    // A tap on the mark a person has takes it back.
    await button(leadRow, 'No-show').click();
    await expect(button(leadRow, 'No-show')).toHaveAttribute('aria-pressed', 'false');
    await counts('0 here, 0 no-shows, 2 not checked in.');
    await button(leadRow, 'Here').click();
    await button(friendRow, 'Here').click();
    await button(friendRow, 'Here').click();
    await expect(button(friendRow, 'Here')).toHaveAttribute('aria-pressed', 'false');
    await counts('1 here, 0 no-shows, 1 not checked in.');
    await expect(syncStatus(sheet)).toHaveText('2 people wait to be sent. Sent as soon as this phone has a signal.');
    // A reload with no signal keeps it all.
    await sheet.reload();
    await islandsReady(sheet);
    await counts('1 here, 0 no-shows, 1 not checked in.');

    // With a signal, the record holds every tap, and reads the same on the phone and in the office.
    await context.setOffline(false);
    await expect(syncStatus(sheet)).toHaveText('Everything recorded on this phone is sent, and the sheet is up to date.');
    await counts('1 here, 0 no-shows, 1 not checked in.');
    await expect(button(leadRow, 'Here')).toHaveAttribute('aria-pressed', 'true');
    await signIn(page, await newStaffMember(page.request, 'operator'));
    await page.goto(`/ops/date?id=${entry.id}`);
    await islandsReady(page);
    await expect(page.getByText(/^At the trailhead: 1 here, 0 no-shows, 1 not checked in/)).toBeVisible();
    const { idToken } = await signInByApi(page.request, await officeOperator(page.request));
    const { tripEvents } = (await (
      await page.request.get(`${E2E.api}/ops/dates/${entry.id}`, { headers: { Authorization: `Bearer ${idToken}` } })
    ).json()) as { tripEvents: { kind: string }[] };
    expect(tripEvents.map((event) => event.kind).sort()).toEqual(['here', 'here', 'here', 'no-show', 'undo', 'undo', 'undo'].sort());
  });

  test('someone who never answered the survey answers it and signs the waiver on the guide’s phone with no signal, into their own record', async ({
    page,
    context,
  }) => {
    const {
      entry,
      others: [noa],
    } = await bookedParty(page.request, [{ name: 'Noa Blank', bare: true }]);
    if (!noa) throw new Error('the party has three members');
    const sheet = await guidePhoneOffline(context, await newGuide(page.request), entry.id);
    const row = memberCard(sheet, 'Noa Blank');
    await expect(row.getByRole('listitem')).toHaveText(['No waiver', 'No survey']);
    await openDetails(sheet, 'Noa Blank');
    await expect(row.getByText('Survey not answered').first()).toBeVisible();
    await row.getByRole('button', { name: /^Survey and waiver here/ }).click();

    const forms = sheet.getByRole('dialog', { name: 'Noa Blank answers the survey and signs the waiver' });
    const survey = forms.getByRole('group', { name: 'Safety survey' });
    await forms.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    await forms.getByRole('radio', { name: 'Type my name' }).check();
    await forms.getByLabel("Noa Blank's full name, as the signature").fill('Noa Blank');
    // The survey comes first: signing with it empty says what is missing and keeps the dialog open.
    await forms.getByRole('button', { name: 'Sign Waiver' }).click();
    await expect(survey.getByLabel('Transportation')).toBeFocused();
    await expect(survey.getByText('Please choose your mode of travel')).toBeVisible();
    for (const [label, answer] of [
      ['Transportation', 'Ski'],
      ['Uphill Ability', 'Intermediate'],
      ['Downhill Ability', 'Advanced'],
      ['Beacon', 'Yes'],
      ['Shovel', 'Yes'],
      ['Probe', 'No'],
    ] as const)
      await survey.getByLabel(label, { exact: true }).selectOption(answer);
    await survey.getByLabel('Emergency Contact Name').fill('Lou Lake');
    await survey.getByLabel('Emergency Contact Number').fill('+14355550178');
    await survey.getByLabel('Medical Conditions').fill('Allergic to bee stings');
    expect(await axeViolations(sheet)).toEqual([]);
    await forms.getByRole('button', { name: 'Sign Waiver' }).click();
    await expect(forms).toBeHidden();

    // The row says so at once, and the guide has whom to call and what to know.
    await expect(row.getByRole('listitem')).toHaveText(['Waiver signed here', 'Survey answered here', 'Medical note']);
    await expect(row.getByText('Allergic to bee stings')).toBeVisible();
    await expect(row.getByText(/^Lou Lake,/)).toBeVisible();
    await expect(row.getByText('Survey: No')).toBeVisible();
    await expect(row.getByText('Signed on this trip sheet')).toBeVisible();
    await expect(syncStatus(sheet)).toHaveText('1 person and 1 signature wait to be sent. Sent as soon as this phone has a signal.');

    // With a signal, both reach Noa's own record.
    await context.setOffline(false);
    await expect(syncStatus(sheet)).toHaveText('Everything recorded on this phone is sent, and the sheet is up to date.');
    const asNoa = { Authorization: `Bearer ${(await signInByApi(page.request, noa.email)).idToken}` };
    const account = (await (await page.request.get(`${E2E.api}/users/user/${noa.uid}`, { headers: asNoa })).json()) as {
      survey: { emergencyContactName: string; medicalConditions: string };
    };
    expect(account.survey).toMatchObject({ emergencyContactName: 'Lou Lake', medicalConditions: 'Allergic to bee stings' });
    const waivers = (await (await page.request.get(`${E2E.api}/users/user/${noa.uid}/waivers`, { headers: asNoa })).json()) as {
      current: boolean;
    }[];
    expect(waivers.map((waiver) => waiver.current)).toEqual([true]);
    // The sheet saved again knows the survey as Noa's own.
    await expect(row.getByRole('listitem')).toHaveText(['Waiver signed here', 'Survey answered here', 'Medical note']);
  });
});
