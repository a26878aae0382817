/**
 * A waiver record that holds up, as the signer sees it: after signing at /waiver the customer opens
 * the signed copy (the text, version, SHA-256, time in Kamas, name and signature) and prints it; no
 * one else can read it. When the waiver text changes (a booking API of its own, restarted with a new
 * issue of the text), /profile, /waiver and checkout step 3 ask for a new signature, which records
 * the new version; the old copy stays readable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { startApiProcess, stopProcess } from '../../scripts/processes.ts';
import { WAIVER_SHA256, WAIVER_TITLE, WAIVER_VERSION } from '../../shared/company/waiver-text.ts';
import type { WaiverStatus as WaiverRecord } from '../../shared/contract/answers.ts';
import { surveyOnFile } from './checkout-steps.ts';
import { bookByApi, calendar, freshDate, PASSWORD, readyCustomer, uniquePhone, type Customer } from './api-customers.ts';
import { apiCustomer, atPhoneAndDesktop, axeViolations, expect, islandsReady, ownApiSettings, test, type ApiCustomer } from './fixtures.ts';
import {
  chooseDayTour,
  drawSignature,
  inDenver,
  inkedImage,
  myBookings,
  signaturePad,
  signIn,
  TOUR_PAGE,
  watchErrors,
} from './page-helpers.ts';
import * as nextText from './waiver-next-text.ts';

/** The second booking API of the changed-text test (the first is on 8788). */
const TEXT_CHANGE_API_PORT = 8795;
const NEXT_TEXT_HOOK = new URL('./waiver-next-text-hook.ts', import.meta.url).pathname;
const INTRO_START = 'Please read this agreement carefully before you sign it.';

/** 'Sun, Nov 22, 2026, 1:14 AM MST': a time in Kamas with its year and zone, worked out with Intl. */
const recordTime = inDenver({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const longDate = inDenver({ month: 'long', day: 'numeric', year: 'numeric' });

const agree = (page: Page | Locator) => page.getByLabel('I agree to the terms and conditions');
const signButton = (page: Page | Locator) => page.getByRole('button', { name: 'Sign Waiver' });
const profileWaiver = (page: Page) => page.getByRole('region', { name: 'Waiver', exact: true });
const signedCopy = (page: Page, title = WAIVER_TITLE) => page.getByRole('article', { name: title });
/** The value beside a label in the signed copy's record. */
const fact = (copy: Locator, label: string) =>
  copy
    .locator('dl > div')
    .filter({ has: copy.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
/** The note above the pad: signing electronically binds as on paper, and a copy is kept on the profile (ESIGN). */
const signingNote = (scope: Page | Locator) => scope.getByText(/^Signing electronically is the same as signing on paper/);
const renewalNote = (scope: Page | Locator) => scope.getByRole('status').filter({ hasText: /^Please sign the waiver again:/ });

/** A customer with a name in their profile (the name a signature records), and no waiver yet. */
async function namedCustomer(request: APIRequestContext, name: string): Promise<ApiCustomer> {
  const customer = await apiCustomer(request);
  const response = await request.put(`${E2E.api}/authUsers/authUser/${customer.uid}`, {
    headers: { Authorization: `Bearer ${customer.idToken}` },
    data: { userData: { displayName: name, email: customer.email, phoneNumber: `+1${uniquePhone()}` } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return customer;
}

/** The customer's database user as the API answers it: their latest waiver record and signature. */
async function storedUser(request: APIRequestContext, customer: { uid: string; idToken: string }, api = E2E.api) {
  const response = await request.get(`${api}/users/user/${customer.uid}`, { headers: { Authorization: `Bearer ${customer.idToken}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { waiver: WaiverRecord | null; signature: string | null };
}

async function expectCopyOf(page: Page, record: WaiverRecord, signer: string) {
  const copy = signedCopy(page);
  await expect(copy).toBeVisible();
  await expect(fact(copy, 'Version')).toHaveText(record.version);
  await expect(fact(copy, 'SHA-256 of the text')).toHaveText(record.sha256);
  await expect(fact(copy, 'Record')).toHaveText(record.id);
  await expect(fact(copy, 'Signed by')).toHaveText(signer);
  const signedAt = new Date(record.signedAt);
  await expect(fact(copy, 'Signed on')).toHaveText(`${recordTime(signedAt)} (${record.signedAt.slice(0, 16).replace('T', ' ')} UTC)`);
  await expect(fact(copy, 'Covers')).toHaveText(`The season until ${longDate(new Date(Date.parse(record.coversUntil) - 1))}`);
  return copy;
}

test('a customer signs at /waiver, then reads and prints the signed copy, which no other customer can open', async ({
  page,
  browser,
  problems,
}) => {
  const customer = await namedCustomer(page.request, 'Rowan Cornice');
  await signIn(page, customer.email);
  // The customer comes to the waiver from their profile, the page it goes back to once signed.
  await page.goto('/profile');
  await page.goto('/waiver');
  await islandsReady(page);
  await expect(agree(page)).toBeEnabled();
  await expect(page.getByRole('link', { name: 'View your signed copy' })).toHaveCount(0);

  // Above the pad: signing electronically binds as on paper, and a copy is kept on the profile.
  const note = signingNote(page);
  await expect(note.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
  const [noteBox, padBox] = [await note.boundingBox(), await signaturePad(page).boundingBox()];
  expect(noteBox && padBox && noteBox.y + noteBox.height <= padBox.y, 'the note is above the pad').toBe(true);

  await agree(page).check();
  await drawSignature(page);
  await signButton(page).click();
  await expect(page).toHaveURL('/profile');
  const { waiver: record, signature } = await storedUser(page.request, customer);
  expect(record).toMatchObject({ version: WAIVER_VERSION, sha256: WAIVER_SHA256, current: true });
  if (!record || !signature) throw new Error('no waiver record');

  await page.goto('/waiver');
  await page.getByRole('link', { name: 'View your signed copy' }).click();
  await expect(page).toHaveURL(`/waiver/copy?id=${record.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Signed Waiver' })).toBeVisible();
  const copy = await expectCopyOf(page, record, 'Rowan Cornice');
  await expect(fact(copy, 'Status')).toHaveText('Current');
  await expect(copy.getByText(INTRO_START)).toBeVisible();
  await expect(copy.getByRole('heading', { level: 3, name: '12. By signing, you confirm' })).toBeVisible();
  const image = copy.getByRole('img', { name: 'Signature of Rowan Cornice' });
  await expect(image).toBeVisible();
  const shown = (await image.getAttribute('src')) ?? '';
  expect(shown).toBe(signature);
  expect(await inkedImage(page, shown)).toEqual({ width: 1500, height: 200, inked: true });
  await expect(copy.getByRole('button', { name: 'Print' })).toBeEnabled();

  // On paper: US letter, the text and the signature, no navigation and no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Footer' })).toBeHidden();
  await expect(copy.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(image).toBeVisible();
  await expect(fact(copy, 'SHA-256 of the text')).toBeVisible();
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  expect(pdf.match(/\/MediaBox \[0 0 612 792\]/g)?.length, 'every page is letter size (612 x 792 pt)').toBeGreaterThan(1);
  await page.emulateMedia({ media: 'screen' });

  // Another customer at the same address reads no copy: the API answers 404 for a record not theirs, 403 for another's account.
  const stranger = await namedCustomer(page.request, 'Sam Stranger');
  const forbidden = await page.request.get(`${E2E.api}/users/user/${customer.uid}/waivers/${record.id}`, {
    headers: { Authorization: `Bearer ${stranger.idToken}` },
  });
  expect(forbidden.status()).toBe(403);
  const other = await browser.newContext();
  const visitor = await other.newPage();
  const errors = watchErrors(visitor);
  await signIn(visitor, stranger.email);
  const answer = visitor.waitForResponse((response) => response.url().includes(`/waivers/${record.id}`));
  await visitor.goto(`/waiver/copy?id=${record.id}`);
  expect((await answer).status()).toBe(404);
  await expect(visitor.getByRole('alert')).toHaveText('Signed waiver not found');
  await expect(visitor.getByRole('img', { name: /^Signature of/ })).toHaveCount(0);
  await expect(visitor.getByText('Rowan Cornice')).toHaveCount(0);
  await other.close();
  expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
  expect(problems.errors).toEqual([]);
});

test('a signed-out visitor opening a signed copy is sent to sign in and brought back to it', async ({ page, problems }) => {
  const customer = await readyCustomer(page.request);
  const { waiver: record } = await storedUser(page.request, customer);
  if (!record) throw new Error('no waiver record');
  await page.goto(`/waiver/copy?id=${record.id}`);
  await expect(page).toHaveURL('/sign-in');
  await islandsReady(page);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`/waiver/copy?id=${record.id}`);
  await expectCopyOf(page, record, customer.name);
  expect(problems.errors).toEqual([]);
});

atPhoneAndDesktop('at', () => {
  test('axe finds nothing on the signed copy and on the profile that lists it', async ({ page, problems }) => {
    const customer = await readyCustomer(page.request);
    await signIn(page, customer.email);
    await page.goto('/profile');
    await islandsReady(page);
    const history = profileWaiver(page).getByRole('list', { name: 'Your signatures' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('listitem')).toContainText(`Version ${WAIVER_VERSION}, signed`);
    await expect(history.getByRole('listitem')).toContainText('Current');
    expect(await axeViolations(page), '/profile').toEqual([]);
    await history.getByRole('link').click();
    await expect(signedCopy(page)).toBeVisible();
    expect(await axeViolations(page), '/waiver/copy').toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});

// ---- After the waiver text changes ----

/** Starts the second booking API on `dataDir`, with today's waiver text or with the next issue of it. */
async function startTextChangeApi(dataDir: string, text: 'today' | 'next'): Promise<ChildProcess> {
  const { child } = await startApiProcess({
    API_PORT: String(TEXT_CHANGE_API_PORT),
    ...ownApiSettings(dataDir),
    NODE_OPTIONS: text === 'next' ? `--import=${NEXT_TEXT_HOOK}` : '',
  });
  return child;
}

interface TextChange {
  api: string;
  lead: Customer;
  friend: Customer;
  leadRecord: WaiverRecord;
}

/**
 * Customers who signed today's text on a booking API of this test's own, which then restarts on the
 * same data with the next issue of the text; the site's calls go to it throughout. `beforeChange`
 * runs before the restart, `body` after it.
 */
async function afterTextChange(
  page: Page,
  body: (changed: TextChange) => Promise<void>,
  beforeChange: (today: TextChange) => Promise<void> = async () => undefined,
) {
  const api = `http://127.0.0.1:${TEXT_CHANGE_API_PORT}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kamas-e2e-waiver-text-'));
  let child: ChildProcess | null = null;
  try {
    child = await startTextChangeApi(dataDir, 'today');
    const lead = await readyCustomer(page.request, api);
    const { waiver: leadRecord } = await storedUser(page.request, lead, api);
    expect(leadRecord).toMatchObject({ version: WAIVER_VERSION, sha256: WAIVER_SHA256, current: true });
    if (!leadRecord) throw new Error('no waiver record');
    // The lead's party for a day tour: the lead and a friend who joined by the invite, both signed.
    const tour = await freshDate(page.request, 'winter-day-tours', undefined, api);
    await bookByApi(page.request, lead, { dateId: tour.id, priceId: 'price_tour_ski', calendar: 'winter-day-tours', partySize: 2 }, api);
    const friend = await readyCustomer(page.request, api);
    const inviteCode = (await calendar(page.request, 'winter-day-tours', { token: lead.idToken, api })).find(
      (entry) => entry.id === tour.id,
    )?.inviteCode;
    const joined = await page.request.post(`${api}/calendar/invite`, {
      headers: { Authorization: `Bearer ${friend.idToken}` },
      data: { inviteCode },
    });
    expect(joined.ok(), await joined.text()).toBe(true);

    // The built site calls 8788; in this test that is this test's own API.
    await page.route(`${E2E.api}/**`, (route) => route.continue({ url: route.request().url().replace(E2E.api, api) }));
    await beforeChange({ api, lead, friend, leadRecord });
    await stopProcess(child);
    child = await startTextChangeApi(dataDir, 'next');
    await body({ api, lead, friend, leadRecord });
  } finally {
    // The page leaves first: one still loading would otherwise ask the run's own API about this test's customers.
    await page.goto('about:blank');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await stopProcess(child);
    // A file system may still be settling the database's last writes: rmSync retries those.
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

test('after the waiver text changes, /profile, /waiver and checkout ask for a new signature, which records the new version', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  await afterTextChange(page, async ({ api, lead, friend, leadRecord }) => {
    const why = `Please sign the waiver again: we have changed its text since you signed version ${WAIVER_VERSION} on ${longDate(new Date(leadRecord.signedAt))}.`;
    expect((await storedUser(page.request, lead, api)).waiver).toMatchObject({ id: leadRecord.id, current: false });
    await signIn(page, lead.email);

    await test.step('/profile asks for a new signature, with an empty pad and an unticked box', async () => {
      await page.goto('/profile');
      await islandsReady(page);
      const waiver = profileWaiver(page);
      await expect(renewalNote(waiver)).toContainText(why);
      await expect(agree(waiver)).toBeEnabled();
      await expect(agree(waiver)).not.toBeChecked();
      await expect(signaturePad(page)).toHaveAccessibleName(/Empty$/);
      await expect(signButton(waiver)).toBeDisabled();
      await expect(signingNote(waiver).getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
      const history = waiver.getByRole('list', { name: 'Your signatures' });
      await expect(history.getByRole('listitem')).toHaveText([new RegExp(`^Version ${WAIVER_VERSION}, signed .* No longer current$`)]);
    });

    await test.step('/waiver asks for it too, and shows the new text though the site was built with the old one', async () => {
      await page.goto('/waiver');
      await islandsReady(page);
      await expect(renewalNote(page)).toContainText(why);
      await expect(page.getByText(nextText.ADDED_SENTENCE)).toBeVisible();
      await expect(page.getByText(`Version ${nextText.WAIVER_VERSION}`, { exact: true })).toBeVisible();
      // Before signing it says how long the signature will count: to the season's end, or a new text.
      await expect(
        page.getByText(/^A signature counts until the season ends on March 31, \d{4}, or until we change the text/),
      ).toBeVisible();
      await expect(agree(page)).toBeEnabled();
      await expect(agree(page)).not.toBeChecked();
      await expect(signaturePad(page)).toHaveAccessibleName(/Empty$/);
    });

    await test.step("the lead's party on My Bookings reads Waiver missing for every member", async () => {
      await page.goto('/profile');
      await islandsReady(page);
      const party = myBookings(page).getByRole('region', { name: 'Your party' });
      await expect(party.getByRole('listitem')).toHaveText([
        new RegExp(`^${lead.name} \\(you\\)\\s*Survey done\\s*Waiver missing$`),
        new RegExp(`^${friend.name}\\s*Survey done\\s*Waiver missing$`),
      ]);
    });

    await test.step('checkout step 3 asks for it before payment, and signing records the new version', async () => {
      const entry = await freshDate(page.request, 'winter-day-tours', undefined, api);
      await page.goto(TOUR_PAGE);
      await chooseDayTour(page, 'Ski & Splitboard Touring Day, $250', 1, entry, '$250');
      await expect(page.getByRole('heading', { level: 2, name: 'Your profile and safety survey' })).toBeVisible();
      await expect(surveyOnFile(page)).toContainText('Snowmobile');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Waiver' })).toBeVisible();
      const steps = page.getByRole('navigation', { name: 'Checkout steps' });
      await expect(renewalNote(page)).toContainText(why);
      await expect(agree(page)).toBeEnabled();
      await expect(agree(page)).not.toBeChecked();
      await expect(signaturePad(page)).toHaveAccessibleName(/Empty$/);
      await expect(signButton(page)).toBeDisabled();
      await expect(steps.getByRole('listitem').nth(3).getByRole('button')).toHaveCount(0);
      await expect(signingNote(page).getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');

      await agree(page).check();
      await drawSignature(page);
      await signButton(page).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
      await expect(renewalNote(page)).toHaveCount(0);
    });

    const { waiver: newRecord } = await storedUser(page.request, lead, api);
    expect(newRecord).toMatchObject({ version: nextText.WAIVER_VERSION, sha256: nextText.WAIVER_SHA256, current: true });
    if (!newRecord) throw new Error('no new waiver record');
    expect(newRecord.id).not.toBe(leadRecord.id);

    await test.step('the profile asks no more, and lists both signatures', async () => {
      await page.goto('/profile');
      await islandsReady(page);
      const waiver = profileWaiver(page);
      const history = waiver.getByRole('list', { name: 'Your signatures' });
      await expect(history.getByRole('listitem')).toHaveText([
        new RegExp(`^Version ${nextText.WAIVER_VERSION}, signed .* Current$`),
        new RegExp(`^Version ${WAIVER_VERSION}, signed .* No longer current$`),
      ]);
      await expect(agree(waiver)).toBeChecked();
      await expect(renewalNote(waiver)).toHaveCount(0);
    });

    await test.step('the new copy shows the new version, its hash and its added sentence; the old copy still reads as signed', async () => {
      await page.goto(`/waiver/copy?id=${newRecord.id}`);
      const copy = await expectCopyOf(page, newRecord, lead.name);
      await expect(copy.getByText(nextText.ADDED_SENTENCE)).toBeVisible();
      await expect(fact(copy, 'Status')).toHaveText('Current');

      await page.goto(`/waiver/copy?id=${leadRecord.id}`);
      const old = await expectCopyOf(page, leadRecord, lead.name);
      await expect(old.getByText(INTRO_START)).toBeVisible();
      await expect(old.getByText(nextText.ADDED_SENTENCE)).toHaveCount(0);
      await expect(fact(old, 'Status')).toHaveText(/^No longer current/);
    });
  });
  expect(problems.errors).toEqual([]);
});

test('a waiver page left open while a new text comes into force does not record the old text: it shows the new one and asks again', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  // The refused signature is the browser's only complaint.
  problems.allow(/^Failed to load resource: the server responded with a status of 409 \(Conflict\)$/);
  await afterTextChange(
    page,
    async ({ api, lead, leadRecord }) => {
      // The box is still ticked and the pad still holds the signature: the customer signs again, for the text shown.
      await signButton(page).click();
      const alert = page.getByRole('alert').filter({ hasText: /^The waiver text has changed since this page opened/ });
      await expect(alert).toHaveText(
        'The waiver text has changed since this page opened. The new text is above: please read it, tick the box and sign again.',
      );
      await expect(page.getByText(nextText.ADDED_SENTENCE)).toBeVisible();
      await expect(page.getByText(`Version ${nextText.WAIVER_VERSION}`, { exact: true })).toBeVisible();
      await expect(agree(page)).not.toBeChecked();
      await expect(signaturePad(page)).toHaveAccessibleName(/Empty$/);
      await expect(signButton(page)).toBeDisabled();
      // Nothing was recorded for the text the page showed before.
      expect((await storedUser(page.request, lead, api)).waiver).toMatchObject({ id: leadRecord.id, version: WAIVER_VERSION });

      expect(await axeViolations(page)).toEqual([]);

      await agree(page).check();
      await drawSignature(page);
      await signButton(page).click();
      // Signed: /waiver goes back one page, here the profile.
      await expect(page).toHaveURL('/profile');
      const { waiver: renewed } = await storedUser(page.request, lead, api);
      expect(renewed).toMatchObject({ version: nextText.WAIVER_VERSION, sha256: nextText.WAIVER_SHA256, current: true });
    },
    async ({ lead }) => {
      await signIn(page, lead.email);
      await page.goto('/profile');
      await page.goto('/waiver');
      await islandsReady(page);
      await expect(page.getByText(`Version ${WAIVER_VERSION}`, { exact: true })).toBeVisible();
      await expect(agree(page)).toBeChecked();
      await expect(signButton(page)).toBeEnabled();
    },
  );
});
