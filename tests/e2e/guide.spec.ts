/**
 * The guides' roster in the browser, on the built site with the API and the Auth emulator: a lead
 * books a day tour for a party and a friend joins by invite code; a guide made by the operator
 * command signs in (sent to /sign-in and back), finds `Roster` in the account menu, reads each date's
 * paid, held and free seats, opens the date's roster, prints it and downloads its CSV; a customer
 * sees no data and the roster API refuses them; axe at phone and desktop widths.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { startApiProcess } from '../../scripts/processes.ts';
import { bookByApi, freshDate, newGuide, readyCustomer, startOf } from './api-customers.ts';
import { bookedParty } from './booked-party.ts';
import { atPhoneAndDesktop, axeViolations, expect, holdSeats, islandsReady, ownApiSettings, test } from './fixtures.ts';
import { dateAndTime, logInHere, signIn } from './page-helpers.ts';

/** A class date on which one customer paid for a seat and another is checking out with two. */
async function classWithPaidAndHeldSeats(request: APIRequestContext) {
  const entry = await freshDate(request, 'winter-classes');
  const priceId = entry.stripeId ?? '';
  await bookByApi(request, await readyCustomer(request), { dateId: entry.id, priceId, calendar: 'winter-classes', partySize: 1 });
  await holdSeats(request, await readyCustomer(request), { dateId: entry.id, priceId, calendar: 'winter-classes', partySize: 2 });
  return entry;
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; each record ends with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else {
      field += char;
    }
  }
  return rows;
}

/** Shows two more weeks of dates on /guide until `item` is on the page. */
async function showGuideDate(page: Page, item: Locator) {
  for (let more = 0; more < 26 && !(await item.isVisible()); more += 1) {
    await page.getByRole('button', { name: 'Show two more weeks of dates' }).click();
  }
  await expect(item).toBeVisible();
}

test('a guide made by the operator command reads, prints and downloads the roster of a date', async ({ page, problems }) => {
  const { entry, lead, friend } = await bookedParty(page.request);
  const busyClass = await classWithPaidAndHeldSeats(page.request);
  const guideEmail = await newGuide(page.request);
  const when = dateAndTime(startOf(entry));

  // Signed out, /guide sends the guide to sign in, and brings them back.
  await page.goto('/guide');
  await expect(page).toHaveURL(/\/sign-in$/);
  await logInHere(page, guideEmail);
  await expect(page).toHaveURL(/\/guide$/);
  await islandsReady(page);

  await page.getByRole('button', { name: `Account menu, signed in as ${guideEmail}` }).click();
  await expect(page.getByRole('link', { name: 'Roster', exact: true })).toBeVisible();
  // A guide books nobody for themselves here: no Cart.
  await expect(page.getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Roster', exact: true }).click();
  await expect(page).toHaveURL(/\/guide$/);
  await islandsReady(page);

  // The page opens on this week and the next; later dates follow two weeks at a time.
  const firstShown = page.getByRole('link', { name: /^\w{3}, \w{3} \d+, \d+:\d\d [AP]M$/ }).first();
  await expect(firstShown).toBeVisible();
  const dateItem = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: when, exact: true }) });
  const classItem = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: dateAndTime(startOf(busyClass)), exact: true }) });
  await showGuideDate(page, dateItem);
  await showGuideDate(page, classItem);
  // A day tour is private: it reads as the party's, booked, and names the activity they booked.
  await expect(dateItem).toContainText(`Private tour, booked for 2 (up to ${entry.partySize})`);
  // A class with one paid seat and a checkout under way for two more, named by its class.
  await expect(classItem).toContainText(`1 paid, 2 held, ${busyClass.partySize - 3} free of ${busyClass.partySize}`);
  await expect(classItem).toContainText(/Motorized Backcountry Essentials|Sled-Skiing Intro/);
  await dateItem.getByRole('link', { name: when, exact: true }).click();
  await expect(page).toHaveURL(`/guide/roster?date=${encodeURIComponent(entry.id)}`);
  await islandsReady(page);

  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${when}:`) })).toBeVisible();
  const person = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  await expect(person(lead.name)).toContainText('Emergency contactRobin Ridge, 435-555-0199');
  // Numbers a guide's thumb can call.
  await expect(person(lead.name).getByRole('link', { name: 'Call Robin Ridge, 435-555-0199' })).toHaveAttribute('href', 'tel:+14355550199');
  await expect(person(lead.name).getByRole('link', { name: new RegExp(`^Call ${lead.name}, \\d{3}-\\d{3}-\\d{4}$`) })).toHaveAttribute(
    'href',
    /^tel:\+1\d{10}$/,
  );
  await expect(person(lead.name)).toContainText('PartyBooked');
  await expect(person(lead.name)).toContainText(`E-mail${lead.email}`);
  await expect(person(lead.name)).toContainText(/WaiverSigned: version 2026-11, /);
  await expect(person(friend.name)).toContainText('Emergency contactPat Snow, 435-555-0177');
  await expect(person(friend.name)).toContainText('Medical conditionsAsthma, carries an inhaler');
  await expect(person(friend.name)).toContainText(`PartyInvited by ${lead.name}`);

  // The printout: the roster alone, no navigation or buttons, and the date starts and ends its own pages.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation').first()).toBeHidden();
  await expect(page.locator('.site-footer')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
  await expect(person(friend.name)).toBeVisible();
  const breaks = await page
    .locator('.roster')
    .evaluate((roster) => [getComputedStyle(roster).breakBefore, getComputedStyle(roster).breakAfter]);
  expect(breaks).toEqual(['page', 'page']);
  await page.emulateMedia({ media: 'screen' });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`roster-${entry.id}.csv`);
  const [header, ...rows] = parseCsv(readFileSync((await file.path()) ?? '', 'utf8'));
  expect(header?.slice(0, 7).join(' | ')).toBe(
    'Date | Name | E-mail | Phone | Emergency contact name | Emergency contact number | Medical conditions',
  );
  expect(rows).toHaveLength(2);
  const column = (name: string) => header?.indexOf(name) ?? -1;
  expect(rows.map((row) => [row[column('Date')], row[column('Name')], row[column('E-mail')], row[column('Party')]])).toEqual([
    [when, lead.name, lead.email, 'Booked'],
    [when, friend.name, friend.email, `Invited by ${lead.name}`],
  ]);
  // Phone numbers as people read them, with nothing before them.
  expect(rows.map((row) => [row[column('Emergency contact name')], row[column('Emergency contact number')]])).toEqual([
    ['Robin Ridge', '435-555-0199'],
    ['Pat Snow', '435-555-0177'],
  ]);
  expect(rows[1]?.[column('Medical conditions')]).toBe('Asthma, carries an inhaler');
  expect(rows[0]?.[column('Waiver current')]).toBe('yes');

  // A date that does not exist says so.
  problems.allow(/404|Failed to load resource/);
  await page.goto('/guide/roster?date=no-such-date');
  await islandsReady(page);
  await expect(page.getByRole('alert')).toHaveText('Error: Date not found');
});

test('a customer opening /guide sees no data, no Roster link, and the roster API refuses them', async ({ page, problems }) => {
  problems.allow(/403|Failed to load resource/);
  const { entry, lead } = await bookedParty(page.request);
  await signIn(page, lead.email);
  await page.goto('/guide');
  await islandsReady(page);
  await expect(page.getByRole('alert')).toContainText('Only guides can see the roster.');
  await expect(page.getByRole('link', { name: dateAndTime(startOf(entry)) })).toHaveCount(0);
  await page.getByRole('button', { name: `Account menu, signed in as ${lead.email}` }).click();
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Roster', exact: true })).toHaveCount(0);

  await page.goto(`/guide/roster?date=${encodeURIComponent(entry.id)}`);
  await islandsReady(page);
  await expect(page.getByRole('alert')).toContainText('Only guides can see the roster.');
  // The account menu names the customer; the page itself shows nobody.
  await expect(page.getByRole('main').getByText(lead.email)).toHaveCount(0);
  await expect(page.getByRole('main').getByText('Casey Ridge')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(0);

  const answer = await page.request.get(`${E2E.api}/guide/dates/${entry.id}/roster`, {
    headers: { Authorization: `Bearer ${lead.idToken}` },
  });
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toMatchObject({ error: 'Only guides can see the roster.' });
});

/**
 * An API of this test's own on a PGlite folder of its own: an operator command may open the folder
 * only once the API that holds it has stopped, so the shared API of the other tests cannot be used.
 */
async function privateApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'roster-e2e-reads-'));
  const { base, child } = await startApiProcess(ownApiSettings(dataDir));
  return {
    url: base,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('close', () => resolve());
        child.kill('SIGTERM');
      }),
    remove: () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }),
  };
}

test("a guide's read of a roster appears in the operator's listing", async ({ page, problems: _ }) => {
  const api = await privateApi();
  try {
    // The site built for the shared API talks to this test's API instead.
    await page.route(`${E2E.api}/**`, async (route) => {
      const response = await route.fetch({ url: route.request().url().replace(E2E.api, api.url) });
      await route.fulfill({ response });
    });
    const guideEmail = await newGuide(page.request);
    await signIn(page, guideEmail);
    await page.goto('/guide');
    await islandsReady(page);
    const firstDate = page.getByRole('main').getByRole('listitem').first().getByRole('link');
    const dateLink = (await firstDate.getAttribute('href')) ?? '';
    const dateId = new URL(dateLink, E2E.site).searchParams.get('date');
    await firstDate.click();
    await islandsReady(page);
    await expect(page.getByText('Nobody has booked this date yet.')).toBeVisible();
    await api.stop();

    const listing = execFileSync(process.execPath, ['api/cli/roster-reads-cli.ts'], {
      env: { ...process.env, DATA_DIR: api.dataDir, DATABASE_URL: '', FIREBASE_PROJECT_ID: E2E.projectId },
      encoding: 'utf8',
    });
    const lines = listing.trim().split('\n');
    expect(lines[0]).toBe('The latest 1 roster read, newest first:');
    expect(lines[1]).toContain(`${guideEmail}`);
    expect(lines[1]).toContain(`${dateId}  json`);
  } finally {
    await api.stop();
    api.remove();
  }
});

atPhoneAndDesktop('the guide pages pass axe', () => {
  test('/guide and a roster', async ({ page, problems: _ }) => {
    const { entry, lead } = await bookedParty(page.request);
    const guideEmail = await newGuide(page.request);
    await signIn(page, guideEmail);
    await page.goto('/guide');
    await islandsReady(page);
    await showGuideDate(page, page.getByRole('link', { name: dateAndTime(startOf(entry)), exact: true }));
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/guide/roster?date=${encodeURIComponent(entry.id)}`);
    await islandsReady(page);
    await expect(page.getByRole('heading', { level: 3, name: lead.name })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
