/**
 * /profile in the browser, on the built site with the API and the Auth emulator: the signed-out
 * redirect, the profile form (saved values after a reload, the new e-mail in the account menu), the
 * survey and waiver saves, and My Bookings: a booking's card with its QR code (read back from a
 * screenshot), its invite link (copied), its remaining spots, its calendar file and its printout;
 * no bookings, a calendar that fails, and axe at phone and desktop widths.
 */
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import {
  bookByApi,
  bookingIdOn,
  calendar,
  classDateWithSeats,
  freshDate,
  newEmail,
  PASSWORD,
  readyCustomer,
  signInByApi,
  uniquePhone,
  type Customer,
} from './api-customers.ts';
import {
  atPhoneAndDesktop,
  axeViolations,
  DESKTOP,
  expect,
  holdFirebase,
  holdScripts,
  islandsReady,
  networkQuiet,
  test,
} from './fixtures.ts';
import { dateAndTime, logOut, myBookings, referenceOf, signInAndOpenProfile } from './page-helpers.ts';
import { followLink, latestLink } from '../support/emulator-links.ts';

const CLASS_PRICE = 'price_class_sledski';
const CLASS_NICKNAME = 'Sled-Skiing Intro';

const cardOf = (page: Page, title: string) => myBookings(page).getByRole('article', { name: title });

/** The booking id a QR code on screen stands for, read from a screenshot of it. */
async function readQrCode(card: ReturnType<typeof cardOf>): Promise<string | null> {
  const shot = PNG.sync.read(await card.getByRole('img', { name: /^QR code of booking/ }).screenshot({ scale: 'css' }));
  return jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height)?.data ?? null;
}

/** A returning customer with a class booked for two through the API, and the date they booked. */
async function customerWithClass(page: Page) {
  const customer = await readyCustomer(page.request);
  const entry = await classDateWithSeats(page.request, CLASS_PRICE, 2);
  await bookByApi(page.request, customer, { dateId: entry.id, priceId: CLASS_PRICE, calendar: 'winter-classes', partySize: 2 });
  const mine = (await calendar(page.request, 'winter-classes', { token: customer.idToken })).find((candidate) => candidate.id === entry.id);
  expect(mine?.inviteCode, 'the booker has an invite code').toBeTruthy();
  return { customer, entry, inviteCode: mine?.inviteCode ?? '' };
}

test('a signed-out visitor is sent from /profile to the home page', async ({ page, problems: _ }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Backcountry days in the Uintas, guided from Kamas' })).toBeVisible();
});

test('a browser that never signed in is sent from /profile to the home page at once, without Firebase', async ({ page, problems: _ }) => {
  const firebase = await holdFirebase(page);
  const started = Date.now();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  expect(Date.now() - started).toBeLessThan(3000);
  await expect(page.getByRole('heading', { level: 1, name: 'Backcountry days in the Uintas, guided from Kamas' })).toBeVisible();
  await networkQuiet(page);
  expect(firebase.asked).toEqual([]);
});

test('a browser remembered as signed in waits for Firebase to tell before sending a signed-out visitor on', async ({
  page,
  problems: _,
}) => {
  // Signed in here once; the session has since ended elsewhere (signed out on another device, expired).
  await page.goto('/about');
  await page.evaluate(() => localStorage.setItem('auth:known-user', JSON.stringify({ uid: 'ended', email: 'ended@example.com' })));
  const firebase = await holdFirebase(page);
  await page.goto('/profile');
  await expect.poll(() => firebase.asked.length).toBeGreaterThan(0);
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/\/profile$/);
  await firebase.release();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('auth:known-user'))).toBe('null');
});

/** A new ready customer, signed in on /profile, and its Profile form. */
async function profileFormOf(page: Page) {
  const customer = await readyCustomer(page.request);
  await signInAndOpenProfile(page, customer.email);
  return { customer, form: page.getByRole('form', { name: 'Profile' }) };
}

test('a phone number typed as people write it is kept as its digits; one that is really wrong is refused and changes nothing', async ({
  page,
  problems: _,
}) => {
  const { form } = await profileFormOf(page);
  const phone = form.getByLabel('Phone number');
  await expect(phone).not.toHaveValue('');
  const digits = uniquePhone();
  const typed = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

  await phone.fill(typed);
  const save = form.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  // The message shows under the button pressed, where the eye is, over no field.
  const saved = await page.getByText('Profile saved', { exact: true }).boundingBox();
  const button = await save.boundingBox();
  expect(saved?.y).toBeGreaterThanOrEqual((button?.y ?? Infinity) + (button?.height ?? 0));
  await page.reload();
  await islandsReady(page);
  await expect(phone).toHaveValue(digits);

  await phone.fill(`${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6, 9)}`);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByText('Phone number must be between 10 to 14 digits')).toBeVisible();
  await page.reload();
  await islandsReady(page);
  await expect(phone).toHaveValue(digits);
});

test('a new e-mail waits for its link: the customer stays signed in with the old one until it is followed', async ({
  page,
  problems: _,
}) => {
  const { customer, form } = await profileFormOf(page);
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(customer.name);

  const email = newEmail('renamed');
  const phone = uniquePhone();
  await form.getByLabel('Name', { exact: true }).fill('Sky Renamed');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone number').fill(phone);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  const pending = form.getByRole('status').filter({ hasText: `Check ${email} to confirm the new address` });
  await expect(pending).toHaveText(`Check ${email} to confirm the new address. Until then you sign in with ${customer.email}.`);
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(new RegExp(`Check ${email.replace(/[.+]/g, '\\$&')}`));
  // Nothing changed yet: the form, the account menu and the identity service still have the proved address.
  await expect(form.getByLabel('Email')).toHaveValue(customer.email);
  await expect(page.getByRole('button', { name: `Account menu, signed in as ${customer.email}` })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  const tooEarly = await page.request.post(
    `http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    { data: { email, password: PASSWORD, returnSecureToken: true } },
  );
  expect(tooEarly.status()).toBe(400);
  await page.reload();
  await islandsReady(page);
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Sky Renamed');
  await expect(form.getByLabel('Phone number')).toHaveValue(phone);
  await expect(pending).toBeVisible();

  // The customer follows the link mailed to the new address; then it is the one they sign in with.
  await followLink(await latestLink(E2E.authEmulator, E2E.projectId, email, 'VERIFY_AND_CHANGE_EMAIL'));
  await logOut(page, customer.email);
  // Signed out, My Bookings sends the visitor home: the next page opens after that.
  await expect(page).toHaveURL(/\/$/);
  await signInAndOpenProfile(page, email);
  await expect(page.getByRole('button', { name: `Account menu, signed in as ${email}` })).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByRole('status').filter({ hasText: 'to confirm the new address' })).toHaveCount(0);
  const { idToken } = await signInByApi(page.request, email);
  const lookup = await page.request.post(`http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-key`, {
    data: { idToken },
  });
  const [account] = ((await lookup.json()) as { users: { email: string; displayName?: string; phoneNumber?: string }[] }).users;
  expect(account).toMatchObject({ email, displayName: 'Sky Renamed' });
  // The contact phone is the profile's, not a sign-in identifier.
  expect(account?.phoneNumber).toBeUndefined();
});

test('two members of a family save the same contact phone', async ({ page, problems: _ }) => {
  const phone = uniquePhone();
  for (const name of ['Ana Lund', 'Ben Lund']) {
    const customer = await readyCustomer(page.request);
    await signInAndOpenProfile(page, customer.email);
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Phone number').fill(phone);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
    await page.reload();
    await islandsReady(page);
    await expect(form.getByLabel('Phone number')).toHaveValue(phone);
    await logOut(page, customer.email);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('each field says what is wrong in the words of the spec, and nothing is saved', async ({ page, problems: _ }) => {
  const { customer, form } = await profileFormOf(page);
  const saved = page.getByText(/^Profile saved/);
  const tryWith = async (label: string, value: string, message: string) => {
    const field = label === 'Name' ? form.getByLabel('Name', { exact: true }) : form.getByLabel(label);
    await page.reload();
    await islandsReady(page);
    await expect(field).toBeEnabled();
    await field.fill(value);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(message));
    await expect(saved).toHaveCount(0);
  };
  await tryWith('Name', '', 'Name is required');
  await tryWith('Email', '', 'Email is required');
  await tryWith('Email', 'not-an-email', 'Invalid email format');
  await tryWith('Phone number', '', 'Phone number is required');
  await tryWith('Phone number', '12345', 'Phone number must be between 10 to 14 digits');
  await expect(form.getByLabel('Phone number')).toHaveAttribute('maxlength', '14');

  const response = await page.request.get(`${E2E.api}/users/user/${customer.uid}`, {
    headers: { Authorization: `Bearer ${customer.idToken}` },
  });
  expect(await response.json()).toMatchObject({ email: customer.email, displayName: customer.name });
});

test('a new name alone keeps the customer signed in on /profile', async ({ page, problems: _ }) => {
  const { customer, form } = await profileFormOf(page);
  await form.getByLabel('Name', { exact: true }).fill('Casey Summit');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: `Account menu, signed in as ${customer.email}` })).toBeVisible();
  await page.reload();
  await islandsReady(page);
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Casey Summit');
});

test('the survey and the waiver save with their alerts', async ({ page, problems: _ }) => {
  const customer = await readyCustomer(page.request);
  await signInAndOpenProfile(page, customer.email);
  const survey = page.getByRole('region', { name: 'Survey' });
  await expect(survey.getByLabel('Transportation')).toHaveValue('Snowmobile');
  await survey.getByLabel('Transportation').selectOption('Ski');
  await survey.getByRole('button', { name: 'Save' }).click();
  await expect(survey.getByRole('alert').filter({ hasText: 'Survey saved' })).toHaveText('Survey saved');

  const waiver = page.getByRole('region', { name: 'Waiver', exact: true });
  await expect(waiver.getByLabel('I agree to the terms and conditions')).toBeChecked();
  await waiver.getByRole('button', { name: 'Sign Waiver' }).click();
  await expect(waiver.getByRole('alert').filter({ hasText: 'Waiver saved' })).toHaveText('Waiver saved');

  await page.reload();
  await islandsReady(page);
  await expect(page.getByRole('region', { name: 'Survey' }).getByLabel('Transportation')).toHaveValue('Ski');
});

test('a booking shows its card: QR code, invite link to copy, remaining spots that fall when a friend joins, and a calendar file', async ({
  page,
  context,
  problems: _,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E.site });
  const { customer, entry, inviteCode } = await customerWithClass(page);
  await page.setViewportSize(DESKTOP.viewport);
  // Every script of the site the browser asks for, to see when the iCalendar code arrives.
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (/\/_astro\/.+\.js$/.test(new URL(request.url()).pathname)) scripts.add(request.url());
  });
  const carryCalendarCode = async (urls: Iterable<string>) => {
    const found: string[] = [];
    for (const url of urls) if ((await (await page.request.get(url)).text()).includes('BEGIN:VCALENDAR')) found.push(url);
    return found;
  };
  await signInAndOpenProfile(page, customer.email);

  const card = cardOf(page, CLASS_NICKNAME);
  await expect(card).toBeVisible();
  await expect(myBookings(page).getByRole('article')).toHaveCount(1);
  const start = new Date(entry.date._seconds * 1000);
  await expect(card.getByText(dateAndTime(start), { exact: true })).toBeVisible();
  // A party of two with only the booker in it: one friend can still join.
  const remainingSpots = card.locator('dt', { hasText: 'Remaining Spots' }).locator('+ dd');
  await expect(remainingSpots).toHaveText('1 open place in your party');
  expect(await readQrCode(card)).toBe(entry.id);
  // The booking is named by its reference, the same one its messages, its calendar file and the console use, and the code says what it is for.
  const reference = referenceOf(await bookingIdOn(page.request, customer, entry.id));
  const qr = await card.getByRole('img', { name: `QR code of booking ${reference}` }).boundingBox();
  expect([qr?.width, qr?.height]).toEqual([120, 120]);
  await expect(card.getByRole('figure')).toContainText(`For the office: booking ${reference}`);
  await expect(card.getByRole('figure')).toContainText('The office scans this code to find your booking.');
  // The member's own trailhead pass, which the guide scans.
  await expect(card.getByRole('link', { name: /^Your trailhead pass/ })).toHaveAttribute('href', /^\/pass\?date=/);

  // The invite link, copied.
  const link = `${E2E.site}/checkout?invite=${encodeURIComponent(inviteCode)}`;
  await expect(card.getByLabel('Invite link')).toHaveValue(link);
  await card.getByRole('button', { name: /^Copy/ }).click();
  await expect(card.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(card.getByRole('status')).toHaveText('', { timeout: 4000 });

  // A friend joins with the invite link: no spot is left for anyone else.
  const friend: Customer = await readyCustomer(page.request);
  const joined = await page.request.post(`${E2E.api}/calendar/invite`, {
    headers: { Authorization: `Bearer ${friend.idToken}` },
    data: { inviteCode },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  await page.reload();
  await islandsReady(page);
  await expect(remainingSpots).toHaveText('0 open places in your party');
  // The party is full: an invite link could only fail, so none is offered.
  await expect(card.getByText('Your party is full: every spot you booked is taken.')).toBeVisible();
  await expect(card.getByLabel('Invite link')).toHaveCount(0);

  // The calendar file: the class's start on Kamas time, with the zone it is in. Its code loads only now.
  const beforeClick = new Set(scripts);
  expect(await carryCalendarCode(beforeClick)).toEqual([]);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: /^Add to calendar/ }).click();
  const file = await download;
  expect(await carryCalendarCode([...scripts].filter((url) => !beforeClick.has(url)))).toHaveLength(1);
  expect(file.suggestedFilename()).toBe(`kamas-booking-${reference}.ics`);
  const text = readFileSync((await file.path()) ?? '', 'utf8');
  const parsed = new ICAL.Component(ICAL.parse(text));
  const zone = parsed.getFirstSubcomponent('vtimezone');
  expect(zone?.getFirstPropertyValue('tzid')).toBe('America/Denver');
  if (zone) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(parsed.getFirstSubcomponent('vevent') ?? undefined);
  expect(event.startDate.zone?.tzid).toBe('America/Denver');
  expect(event.startDate.toJSDate().getTime()).toBe(start.getTime());
  expect(event.summary).toContain(CLASS_NICKNAME);
  expect(event.description).toContain('(435) 555-0148');
  expect(event.description).toContain(`Booking ${reference}`);
});

test('a booking for one says nothing of a full party and offers no invite link', async ({ page, problems: _ }) => {
  const customer = await readyCustomer(page.request);
  const entry = await classDateWithSeats(page.request, CLASS_PRICE, 1);
  await bookByApi(page.request, customer, { dateId: entry.id, priceId: CLASS_PRICE, calendar: 'winter-classes', partySize: 1 });
  await signInAndOpenProfile(page, customer.email);
  const card = cardOf(page, CLASS_NICKNAME);
  await expect(card.getByRole('region', { name: 'Your party' }).getByRole('listitem')).toHaveCount(1);
  await expect(card.getByText(/party is full/)).toHaveCount(0);
  await expect(card.getByLabel('Invite link')).toHaveCount(0);
});

test('the account menu’s My Bookings opens the profile at the bookings', async ({ page, problems: _ }) => {
  const customer = await readyCustomer(page.request);
  const entry = await classDateWithSeats(page.request, CLASS_PRICE, 1);
  await bookByApi(page.request, customer, { dateId: entry.id, priceId: CLASS_PRICE, calendar: 'winter-classes', partySize: 1 });
  await signInAndOpenProfile(page, customer.email);
  await page.goto('/about');
  await islandsReady(page);
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('link', { name: 'My Bookings' }).click();
  await page.waitForURL('/profile#my-bookings');
  await expect(cardOf(page, CLASS_NICKNAME)).toBeVisible();
  await expect(myBookings(page).getByRole('heading', { name: 'My Bookings' })).toBeInViewport();
});

test('a day tour card is titled with the activity booked, and so is its calendar file', async ({ page, problems: _ }) => {
  const customer = await readyCustomer(page.request);
  const entry = await freshDate(page.request, 'winter-day-tours');
  await bookByApi(page.request, customer, {
    dateId: entry.id,
    priceId: 'price_tour_snowmobile',
    calendar: 'winter-day-tours',
    partySize: 2,
  });
  await signInAndOpenProfile(page, customer.email);
  const card = cardOf(page, 'Snowmobile Exploration Day');
  await expect(card).toBeVisible();
  await expect(myBookings(page).getByRole('article', { name: 'Backcountry Tours' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: /^Add to calendar/ }).click();
  const text = readFileSync((await (await download).path()) ?? '', 'utf8');
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent') ?? undefined);
  expect(event.summary).toBe('Snowmobile Exploration Day with Kamas Backcountry');
});

test('a friend who joins by the invite link finds the booking on their own profile', async ({ page, problems: _ }) => {
  const { entry, inviteCode } = await customerWithClass(page);
  const friend = await readyCustomer(page.request);
  const joined = await page.request.post(`${E2E.api}/calendar/invite`, {
    headers: { Authorization: `Bearer ${friend.idToken}` },
    data: { inviteCode },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  await signInAndOpenProfile(page, friend.email);
  const card = cardOf(page, CLASS_NICKNAME);
  await expect(card).toBeVisible();
  expect(await readQrCode(card)).toBe(entry.id);
  // The booker and this friend fill the party of two: there is nobody left to invite.
  await expect(card.getByText('Your party is full: every spot you booked is taken.')).toBeVisible();
  await expect(card.getByLabel('Invite link')).toHaveCount(0);
});

test('the printout shows each booking card with its QR code and no navigation', async ({ page, problems: _ }) => {
  const { customer, entry } = await customerWithClass(page);
  await signInAndOpenProfile(page, customer.email);
  const card = cardOf(page, CLASS_NICKNAME);
  await expect(card).toBeVisible();
  await expect(card.getByText('(435) 555-0148')).toBeHidden();

  await page.emulateMedia({ media: 'print' });
  await expect(card).toBeVisible();
  await expect(
    card.getByRole('img', { name: `QR code of booking ${referenceOf(await bookingIdOn(page.request, customer, entry.id))}` }),
  ).toBeVisible();
  await expect(card.getByText('Remaining Spots')).toBeVisible();
  await expect(card.getByText('Meeting area')).toBeVisible();
  await expect(card.getByText('Kamas Backcountry Guides, (435) 555-0148')).toBeVisible();
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.locator('.site-footer')).toBeHidden();
  await expect(page.getByRole('form', { name: 'Profile' })).toBeHidden();
  // Copy (the invite link), Add to calendar, Cancel booking and Change date: none is printed.
  await expect(card.locator('button')).toHaveCount(4);
  for (const button of await card.locator('button').all()) await expect(button).toBeHidden();
  expect(await readQrCode(card)).toBe(entry.id);
});

test('a new customer sees No bookings found.', async ({ page, problems: _ }) => {
  const customer = await readyCustomer(page.request);
  await signInAndOpenProfile(page, customer.email);
  await expect(myBookings(page).getByText('No bookings found.', { exact: true })).toBeVisible();
  await expect(myBookings(page).getByRole('article')).toHaveCount(0);
});

test('a calendar that fails shows the error', async ({ page, problems }) => {
  problems.allow(/500|Failed to load resource/);
  await page.route(`${E2E.api}/calendar/winter-day-tours`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal error' }) }),
  );
  const customer = await readyCustomer(page.request);
  await signInAndOpenProfile(page, customer.email);
  await expect(myBookings(page).getByRole('alert')).toHaveText('Error: Failed to fetch winter-day-tours.');
  await expect(myBookings(page).getByText('No bookings found.')).toHaveCount(0);
});

atPhoneAndDesktop('at', () => {
  test('axe finds nothing on /profile signed out or signed in with a booking', async ({ page, problems: _ }) => {
    // Signed out: the page as it first shows, before its scripts run and send the visitor home.
    const letScriptsRun = await holdScripts(page);
    await page.goto('/profile', { waitUntil: 'commit' });
    await expect(page.getByRole('status').filter({ hasText: 'Loading your profile' })).toBeAttached();
    await expect(page.getByRole('contentinfo')).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);
    await letScriptsRun();
    await expect(page).toHaveURL(/\/$/);

    const { customer } = await customerWithClass(page);
    await signInAndOpenProfile(page, customer.email);
    await expect(cardOf(page, CLASS_NICKNAME)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Survey' }).getByLabel('Transportation')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
