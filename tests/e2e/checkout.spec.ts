/**
 * The checkout, /checkout, as visitors go through it from the pages they start on: a new visitor's
 * class from the home page to /profile; a declined card and a second card; a day tour for a party
 * of three that then shows Fully Booked; a friend joining by invite link, and a bad invite code; a
 * promo code and what it charges; a hold that runs out and is held again; the Stripe path with a
 * stand-in Stripe.js; the cart through a reload and a sign-in; a customer who signed in before
 * coming back (a short check of their sign-in, never the sign-in form, nothing that jumps), and one
 * whose account is gone; accessibility and the keyboard.
 *
 * Every test makes its own users through the Auth emulator and takes its own dates from the API's
 * calendars; what the API says afterwards (bookings, seats, invite codes) is asked of the API itself.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Response } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { WAIVER_VERSION } from '../../shared/company/waiver-text.ts';
import { startApiProcess } from '../../scripts/processes.ts';
import { startFakeStripe } from '../api/fake-stripe.ts';
import {
  bookByApi,
  bookingsOf,
  calendar,
  freshDate,
  freshMentorshipDay,
  GOOD_CARD,
  newEmail,
  PASSWORD,
  readyCustomer,
  seatsTaken,
  signInByApi,
  startOf,
  uniquePhone,
} from './api-customers.ts';
import { atPhoneAndDesktop, axeViolations, expect, holdRequests, islandsReady, ownApiSettings, test, type Problems } from './fixtures.ts';
import {
  chooseClass,
  classToPayment,
  expectStep,
  fillCard,
  logInAtLogin,
  passSavedSteps,
  signInCard,
  stepBar,
  stepButton,
  stepSection,
  surveyOnFile,
  waiverOnFile,
  STEPS,
  type StepName,
} from './checkout-steps.ts';
import {
  chooseDayTour,
  dateAndTime,
  dayButton,
  dayKeyOf,
  drawSignature,
  gridOf,
  inkedImage,
  longDay,
  myBookings,
  shortDate,
  showMonthOf,
  signaturePad,
  signIn,
  spotsText,
  storedCart,
  storedCartValues,
  summaryOf,
  summaryTotal,
  summaryValue,
  tabTo,
  watchErrors,
  CLASS_PAGE,
  TOUR_PAGE,
} from './page-helpers.ts';

const DECLINED_CARD = '4000 0000 0000 0002';
/** The second booking API of the Stripe test (the first is on 8788). */
const STRIPE_API_PORT = 8790;
/** Where @stripe/stripe-js 10 loads Stripe.js from (its RELEASE_TRAIN). */
const STRIPE_JS_URL = 'https://js.stripe.com/endive/stripe.js';
const PUBLISHABLE_KEY = 'pk_test_e2eStandIn';

// ---- The booking pages ----

/** A customer ready to book, and a day tour date nobody has booked yet, with its day in Kamas. */
async function customerAndFreshDayTour(page: Page) {
  const customer = await readyCustomer(page.request);
  const entry = await freshDate(page.request, 'winter-day-tours');
  return { customer, entry, day: dayKeyOf(startOf(entry)) };
}

/** A returning customer, not signed in yet, who chose a Sled-Access Ski Day for two on the day tour page and is at the checkout. */
async function skiDayForTwoAtCheckout(page: Page) {
  const { customer, entry } = await customerAndFreshDayTour(page);
  await page.goto(TOUR_PAGE);
  await chooseDayTour(page, 'Sled-Access Ski Day, $425', 2, entry, '$850');
  return { customer, entry };
}

// ---- The checkout ----

/** A click on a step not yet reached does nothing. */
async function expectLocked(page: Page, name: StepName, current: StepName) {
  const item = stepBar(page).getByRole('listitem').nth(STEPS.indexOf(name));
  await expect(item.getByRole('button')).toHaveCount(0);
  await item.click();
  await expect(stepBar(page).getByRole('listitem').nth(STEPS.indexOf(current))).toHaveAttribute('aria-current', 'step');
}

async function signUpAtLogin(page: Page, email: string) {
  const step = stepSection(page);
  await step.getByRole('link', { name: 'Sign Up', exact: true }).click();
  await expect(signInCard(page).getByRole('heading', { level: 2, name: 'Sign Up' })).toBeVisible();
  await step.getByLabel('Email').fill(email);
  await step.getByLabel('Password').fill(PASSWORD);
  await step.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

const SURVEY_CHOICES = [
  ['Transportation', 'Ski'],
  ['Uphill Ability', 'Intermediate'],
  ['Downhill Ability', 'Advanced'],
  ['Beacon', 'Yes'],
  ['Shovel', 'Yes'],
  ['Probe', 'Yes'],
] as const;

async function fillProfile(page: Page, name: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await expect(page.getByLabel('Country code')).toHaveValue('+1');
  await expect(page.getByLabel('Country code').locator('option:checked')).toHaveText('+1 USA');
  await page.getByLabel('Phone number').fill(uniquePhone());
}

async function fillSurvey(page: Page) {
  for (const [label, value] of SURVEY_CHOICES) await page.getByLabel(label).selectOption(value);
  await page.getByLabel('Emergency Contact Name').fill('Jordan Peak');
  await page.getByLabel('Emergency Contact Number').fill('+14355550199');
  await page.getByLabel('Medical Conditions').fill('None');
}

async function signWaiver(page: Page) {
  await page.getByLabel('I agree to the terms and conditions').check();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign Waiver' }).click();
}

const holdTimer = (page: Page) => page.getByRole('timer');
const cardForm = (page: Page) => page.getByRole('region', { name: 'Checkout' });

/** Seconds left on the hold, as the countdown reads. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await holdTimer(page).textContent()) ?? '';
  const match = /(\d+):(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`the countdown reads "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The answers to POST /stripe/create-payment-intent this page gets, in order. */
function watchIntents(page: Page) {
  const intents: { clientSecret: string; amount: number; provider: string; bookingId: string }[] = [];
  page.on('response', async (response: Response) => {
    if (new URL(response.url()).pathname === '/stripe/create-payment-intent' && response.ok()) {
      intents.push((await response.json()) as (typeof intents)[number]);
    }
  });
  return intents;
}

// ---- (a) A new visitor books a class, from the home page to their profile ----

test('a new visitor books a class from the home page: signs up, fills in profile, survey and waiver, pays, and is booked', async ({
  page,
  problems,
}) => {
  test.setTimeout(90_000);
  const entry = await freshDate(page.request, 'winter-classes', 'price_class_moto');
  const seatsBefore = await seatsTaken(page.request, 'winter-classes', entry.id);
  const email = newEmail('new-visitor');

  await page.goto('/');
  await page.getByRole('link', { name: 'Book Now: Avalanche Courses' }).click();
  await expect(page).toHaveURL(new RegExp(`${CLASS_PAGE}$`));
  await chooseClass(page, 'Motorized Backcountry Essentials, $395', entry, '$395');

  // Step 1: the welcome and the sign-in form; nothing later can be opened.
  await islandsReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expectStep(page, 'Login');
  await expect(stepSection(page).getByText(/^Welcome! Log in or sign up to book/)).toBeVisible();
  // The step is heard once: the form's heading is the step's only heading, and names it.
  await expect(stepSection(page).getByRole('heading')).toHaveCount(1);
  await expect(stepSection(page)).toHaveAccessibleName('Login');
  await expectLocked(page, 'Survey', 'Login');
  await expectLocked(page, 'Payment', 'Login');
  await signUpAtLogin(page, email);

  // Step 2: the profile first; the survey once the profile is saved.
  await expectStep(page, 'Survey', 'Survey');
  await expect(page.getByRole('heading', { level: 2, name: 'Your profile and safety survey' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByText('Save your profile to go on to the safety survey.')).toBeVisible();
  await expect(page.getByLabel('Transportation')).toHaveCount(0);
  await expectLocked(page, 'Waiver', 'Survey');

  // An earlier step opens again: Login, which says who is signed in and leads back.
  await stepButton(page, 'Login').click();
  await expectStep(page, 'Login', 'Survey');
  await expect(stepSection(page).getByText(`Signed in as ${email}.`)).toBeVisible();
  await stepSection(page).getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Survey', 'Survey');

  await fillProfile(page, 'Avery Summit');
  const saving = await holdRequests(page, `${E2E.api}/authUsers/authUser/**`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeVisible();
  saving.release();
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
  await fillSurvey(page);
  await page.getByRole('button', { name: 'Submit' }).click();

  // Step 3: the waiver. Survey opens again and leads back; Payment cannot be opened yet.
  await expectStep(page, 'Waiver', 'Waiver');
  await expect(page.getByRole('button', { name: 'Sign Waiver' })).toBeDisabled();
  await expectLocked(page, 'Payment', 'Waiver');
  await stepButton(page, 'Survey').click();
  await expectStep(page, 'Survey', 'Waiver');
  await expect(page.getByLabel('Transportation')).toHaveValue('Ski');
  await stepButton(page, 'Waiver').click();
  await expectStep(page, 'Waiver', 'Waiver');
  await signWaiver(page);

  // Step 4: the order, the hold's countdown and the card form.
  await expectStep(page, 'Payment', 'Payment');
  await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(entry)));
  await expect(summaryValue(page, 'Class')).toHaveText('Motorized Backcountry Essentials');
  await expect(summaryTotal(page)).toHaveText('$395');
  await expect(holdTimer(page)).toHaveText(/^Your seats are held for (1:00|0:[0-5]\d)$/);
  await expect(cardForm(page).getByText(/^Test mode:/)).toBeVisible();
  await expect.poll(() => seatsTaken(page.request, 'winter-classes', entry.id)).toBe(seatsBefore + 1);
  // Every step reached opens again from here.
  await stepButton(page, 'Survey').click();
  await expectStep(page, 'Survey', 'Payment');
  await stepButton(page, 'Payment').click();
  await expectStep(page, 'Payment', 'Payment');

  await fillCard(page, GOOD_CARD);
  const paying = await holdRequests(page, `${E2E.api}/payments/local/confirm`);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeVisible();
  paying.release();

  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  const shownAt = Date.now();
  // What was bought, when, and for how much, and where the confirmation went.
  const receipt = page.locator('main dl');
  await expect(receipt.locator('div', { hasText: /^Booked/ }).locator('dd')).toHaveText('Motorized Backcountry Essentials');
  await expect(receipt.locator('div', { hasText: /^Starts/ }).locator('dd')).toHaveText(dateAndTime(startOf(entry)));
  await expect(receipt.locator('div', { hasText: /^Party/ }).locator('dd')).toHaveText('Just you');
  await expect(receipt.locator('div', { hasText: /^Paid/ }).locator('dd')).toHaveText('$395');
  await expect(page.getByText(`A confirmation is on its way to ${email}, with the invite link for your party.`)).toBeVisible();
  expect(
    Object.values(await storedCart(page)).every((value) => value === null),
    'the cart is emptied',
  ).toBe(true);
  await page.waitForURL(/\/profile$/, { timeout: 10_000 });
  expect(Date.now() - shownAt, 'about 5 s on the success page').toBeGreaterThan(3_500);
  // The profile opens at the booking just paid for, marked new.
  const paidFor = myBookings(page).getByRole('article', { name: 'Motorized Backcountry Essentials' });
  await expect(paidFor.getByText('New: just booked')).toBeInViewport();
  await page.reload();
  await islandsReady(page);
  await expect(paidFor).toBeVisible();
  await expect(paidFor.getByText('New: just booked')).toHaveCount(0);

  // The booking is real: the customer's bookings hold the date, and the class has one more seat taken.
  const account = await signInByApi(page.request, email);
  expect(await bookingsOf(page.request, account)).toContain(entry.id);
  await expect.poll(() => seatsTaken(page.request, 'winter-classes', entry.id)).toBe(seatsBefore + 1);
  expect(problems.errors).toEqual([]);
});

// ---- (b) A declined card, then a good one ----

test('a declined card says so and books nothing; another card in the same checkout pays', async ({ page, problems }) => {
  problems.allow(/^Failed to load resource: the server responded with a status of 402 \(Payment Required\)$/);
  const customer = await readyCustomer(page.request);
  const entry = await freshDate(page.request, 'winter-classes', 'price_class_sledski');
  const seatsBefore = await seatsTaken(page.request, 'winter-classes', entry.id);

  await classToPayment(page, customer.email, 'Sled-Skiing Intro, $345', entry, '$345');
  await expect(holdTimer(page)).toBeVisible();
  // The hold takes the seat while the customer pays.
  await expect.poll(() => seatsTaken(page.request, 'winter-classes', entry.id)).toBe(seatsBefore + 1);

  await fillCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(cardForm(page).getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  await expect(page).toHaveURL(/\/checkout$/);
  // Nothing booked: no booking for the customer, and no seat beyond the hold.
  expect(await bookingsOf(page.request, customer)).toEqual([]);
  expect(await seatsTaken(page.request, 'winter-classes', entry.id)).toBe(seatsBefore + 1);
  await expect(holdTimer(page)).toBeVisible();

  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  expect(await bookingsOf(page.request, customer)).toEqual([entry.id]);
  await expect.poll(() => seatsTaken(page.request, 'winter-classes', entry.id)).toBe(seatsBefore + 1);
});

// ---- (c) A private day tour for three ----

/** Another visitor, in a browser of their own, finds the day tour on `day` taken. */
async function expectFullyBookedToOthers(browser: Browser, day: string) {
  const other = await browser.newContext();
  const visitor = await other.newPage();
  const errors = watchErrors(visitor);
  await visitor.goto(TOUR_PAGE);
  await islandsReady(visitor);
  await expect(visitor.getByRole('grid', { name: /^Day tour dates, / })).toBeVisible();
  await showMonthOf(visitor, day);
  const button = dayButton(gridOf(visitor, day), day);
  await expect(button).toHaveAccessibleName(`${longDay(day)}, Fully Booked`);
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(errors).toEqual([]);
  await other.close();
}

test('a day tour for a party of three costs three times the price, and once paid the date is Fully Booked for everyone else', async ({
  page,
  browser,
  problems,
}) => {
  const { customer, entry, day } = await customerAndFreshDayTour(page);
  const intents = watchIntents(page);

  await page.goto(TOUR_PAGE);
  await expect(summaryOf(page)).toBeVisible();
  await chooseDayTour(page, 'Snowmobile Exploration Day, $350', 3, entry, '$1,050');
  await logInAtLogin(page, customer.email);
  await passSavedSteps(page);

  await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(entry)));
  await expect(summaryValue(page, 'Activity')).toHaveText('Snowmobile Exploration Day');
  await expect(summaryValue(page, 'Party Size')).toHaveText('3');
  await expect(summaryValue(page, 'Unit price')).toHaveText('$350');
  await expect(summaryValue(page, 'Quantity')).toHaveText('3');
  await expect(holdTimer(page)).toBeVisible();
  await expect(summaryTotal(page)).toHaveText('$1,050');
  expect(intents.at(-1)?.amount).toBe(105_000);

  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  expect(await bookingsOf(page.request, customer)).toEqual([entry.id]);

  await expectFullyBookedToOthers(browser, day);
  expect(problems.errors).toEqual([]);
});

test('a returning customer sees what is on file at steps 2 and 3 and reaches payment without filling in or drawing anything; each can be reviewed', async ({
  page,
  problems,
}) => {
  const { customer } = await skiDayForTwoAtCheckout(page);
  await logInAtLogin(page, customer.email);

  // Step 2: the saved profile and survey, read back; no form to fill.
  await expectStep(page, 'Survey', 'Survey');
  const step = stepSection(page);
  const details = step.getByRole('region', { name: 'Your details' });
  await expect(details).toContainText(customer.name);
  await expect(details).toContainText(customer.email);
  await expect(details).toContainText(/Phone\s*\d{3}-\d{3}-\d{4}/);
  await expect(surveyOnFile(page)).toContainText('Snowmobile');
  await expect(surveyOnFile(page)).toContainText('Beacon, shovel and probe');
  await expect(step.getByLabel('Transportation')).toHaveCount(0);
  await step.getByRole('button', { name: 'Continue' }).click();

  // Step 3: the waiver signed, which covers every activity until a newer version; no pad to draw on.
  await expectStep(page, 'Waiver', 'Waiver');
  await expect(step).toContainText('covers every activity you book with us until we publish a newer version');
  await expect(waiverOnFile(page)).toContainText(`Version${WAIVER_VERSION}`);
  await expect(waiverOnFile(page).getByRole('link', { name: 'Read your signed copy' })).toHaveAttribute('href', /^\/waiver\/copy\?id=/);
  await expect(signaturePad(page)).toHaveCount(0);
  await step.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'Payment', 'Payment');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();

  // Back at step 2, the forms open on request, the first field taking the focus; the survey sent from them moves on.
  await stepButton(page, 'Survey').click();
  await step.getByRole('button', { name: 'Review or change' }).click();
  await expect(step.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(step.getByLabel('Transportation')).toHaveValue('Snowmobile');
  await step.getByRole('button', { name: 'Submit' }).click();
  // Step 3 opened to sign again: the saved signature is drawn back and the box ticked.
  await expectStep(page, 'Waiver', 'Payment');
  await step.getByRole('button', { name: 'Review or sign again' }).click();
  await expect(step.getByLabel('I agree to the terms and conditions')).toBeChecked();
  await expect(signaturePad(page)).toHaveAccessibleName(/Signed$/);
  expect(await axeViolations(page), 'step 3, reviewed').toEqual([]);
  expect(problems.errors).toEqual([]);
});

test('a customer books a mentorship day from the services page and finds it on My Bookings', async ({ page, problems }) => {
  const customer = await readyCustomer(page.request);
  const entry = await freshMentorshipDay(page.request);
  const label = `${shortDate(startOf(entry))} - ${spotsText(entry.partySize - entry.users.length)}`;

  await page.goto('/services');
  await page.getByRole('region', { name: 'Mentorship Program' }).getByRole('link', { name: 'Book a mentorship day' }).click();
  await expect(page).toHaveURL(/\/booking\/mentorship$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Mentorship Day' })).toBeVisible();
  await islandsReady(page);
  const dates = page.getByLabel('Select Date');
  await expect(dates.getByRole('option', { name: label })).toBeAttached();
  await dates.selectOption({ label });
  await expect(summaryValue(page, 'Day')).toHaveText('Mentorship Field Day');
  await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(entry)));
  await expect(summaryOf(page).getByText('Plan the day, lead the group, and debrief with a guide.')).toBeVisible();
  await expect(summaryTotal(page)).toHaveText('$180');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await logInAtLogin(page, customer.email);
  await passSavedSteps(page);
  await expect(summaryValue(page, 'Day')).toHaveText('Mentorship Field Day');
  await expect(summaryTotal(page)).toHaveText('$180');
  await fillCard(page, GOOD_CARD);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  expect(await bookingsOf(page.request, customer)).toEqual([entry.id]);

  await page.goto('/profile');
  await islandsReady(page);
  const card = page.getByRole('region', { name: 'My Bookings' }).getByRole('article', { name: 'Mentorship Field Day' });
  await expect(card).toBeVisible();
  await expect(card.getByText(dateAndTime(startOf(entry)), { exact: true })).toBeVisible();
  expect(problems.errors).toEqual([]);
});

test('a visitor who goes back to the booking page while holding a day tour keeps their date; to everyone else it is Fully Booked', async ({
  page,
  browser,
  problems,
}) => {
  const { customer, entry, day } = await customerAndFreshDayTour(page);

  await page.goto(TOUR_PAGE);
  await chooseDayTour(page, 'Snowmobile Exploration Day, $350', 2, entry, '$700');
  await logInAtLogin(page, customer.email);
  await passSavedSteps(page);
  await expect(holdTimer(page)).toBeVisible();

  await page.goto(TOUR_PAGE);
  await islandsReady(page);
  await showMonthOf(page, day);
  await expect(dayButton(gridOf(page, day), day)).toHaveAccessibleName(`${longDay(day)}, Available, selected`);
  await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(entry)));
  await expect(page.getByText(/is no longer available/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Checkout', exact: true })).toBeEnabled();

  await expectFullyBookedToOthers(browser, day);
  expect(problems.errors).toEqual([]);
});

// ---- (d) Invites ----

test.describe('an invite link', () => {
  test('lets a signed-out friend sign up, fill in steps 2 and 3, and join the booking', async ({ page, problems }) => {
    test.setTimeout(90_000);
    // The first customer books a day tour for two through the API and reads the invite code as a member.
    const booker = await readyCustomer(page.request);
    const entry = await freshDate(page.request, 'winter-day-tours');
    await bookByApi(page.request, booker, { dateId: entry.id, priceId: 'price_tour_ski', calendar: 'winter-day-tours', partySize: 2 });
    const asBooker = (await calendar(page.request, 'winter-day-tours', { token: booker.idToken })).find(
      (candidate) => candidate.id === entry.id,
    );
    const inviteCode = asBooker?.inviteCode ?? '';
    expect(inviteCode, 'the booker sees the invite code').not.toBe('');
    expect(asBooker?.users).toHaveLength(2);
    // The public calendar never shows it.
    expect((await calendar(page.request, 'winter-day-tours')).find((candidate) => candidate.id === entry.id)?.inviteCode).toBeUndefined();

    const email = newEmail('friend');
    await page.goto(`/checkout?invite=${encodeURIComponent(inviteCode)}`);
    await islandsReady(page);
    await expectStep(page, 'Login');
    await expect(stepSection(page).getByText(/^Welcome! A friend invited you on their trip/)).toBeVisible();
    // Above the steps: whose trip, what and when.
    const trip = `Ski & Splitboard Touring Day, ${dateAndTime(startOf(entry))}`;
    await expect(page.getByRole('status').filter({ hasText: 'You are invited.' })).toHaveText(
      `You are invited. Casey invited you on ${trip}.`,
    );
    await signUpAtLogin(page, email);
    await expectStep(page, 'Survey', 'Survey');
    await fillProfile(page, 'Friend Flurry');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
    await fillSurvey(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectStep(page, 'Waiver', 'Waiver');

    const joining = await holdRequests(page, `${E2E.api}/calendar/invite`);
    await signWaiver(page);
    await expectStep(page, 'Payment', 'Payment');
    await expect(page.getByRole('heading', { level: 2, name: 'Join the trip' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Sending invite code...' })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect.poll(() => joining.seen()).toBe(1);
    joining.release();
    // The friend reads that they are in, then goes on to My Bookings.
    await expect(page.getByRole('status').filter({ hasText: /^You are in / })).toContainText(`You are in Casey’s party for ${trip}.`);
    await expect(page.getByRole('link', { name: 'Go to My Bookings now' })).toHaveAttribute('href', '/profile');
    await page.waitForURL(/\/profile$/, { timeout: 10_000 });

    // The friend is a member now: the date is among their bookings and they see the invite code too.
    const friend = await signInByApi(page.request, email);
    expect(await bookingsOf(page.request, friend)).toEqual([entry.id]);
    const asFriend = (await calendar(page.request, 'winter-day-tours', { token: friend.idToken })).find(
      (candidate) => candidate.id === entry.id,
    );
    expect(asFriend?.inviteCode).toBe(inviteCode);
    // The seats were paid for by the booker: joining takes no new seat. The party of two is full now.
    expect(asFriend?.users).toHaveLength(2);
    const third = await readyCustomer(page.request);
    const refused = await page.request.post(`${E2E.api}/calendar/invite`, {
      headers: { Authorization: `Bearer ${third.idToken}` },
      data: { inviteCode },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe('Failed to validate invite: no spots are left in this party');
    expect(problems.errors).toEqual([]);
  });

  test('with a bad code says why, in the API’s words', async ({ page, problems }) => {
    problems.allow(/^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/);
    const customer = await readyCustomer(page.request);
    await page.goto('/checkout?invite=NO-SUCH-CODE-42');
    await islandsReady(page);
    // Said at once, above the steps.
    await expect(page.getByRole('alert').filter({ hasText: 'We could not find the trip this invite link is for' })).toBeVisible();
    await logInAtLogin(page, customer.email);
    await passSavedSteps(page);
    const problem = page.getByRole('alert').filter({ hasText: 'Failed to validate invite' });
    await expect(problem).toHaveText('Failed to validate invite: invite code not found');
    await expect(page.getByRole('link', { name: 'book your own trip' })).toHaveAttribute('href', '/services');
    await expect(page).toHaveURL(/\/checkout\?invite=NO-SUCH-CODE-42$/);
    expect(await bookingsOf(page.request, customer)).toEqual([]);
  });
});

// ---- (e) Promo codes ----

test('a promo code lowers the total and what the card is charged; a made-up one is refused', async ({ page, problems }) => {
  problems.allow(/^Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/);
  const customer = await readyCustomer(page.request);
  const entry = await freshDate(page.request, 'winter-classes', 'price_class_moto');
  const intents = watchIntents(page);

  await classToPayment(page, customer.email, 'Motorized Backcountry Essentials, $395', entry, '$395');
  await expect(holdTimer(page)).toBeVisible();
  await expect(summaryTotal(page)).toHaveText('$395');
  expect(intents.map((intent) => intent.amount)).toEqual([39_500]);

  const promo = page.getByLabel('Promo Code');
  await promo.fill('POWDER-FOR-FREE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(summaryOf(page).getByRole('alert')).toHaveText('Invalid promo code');
  await expect(promo).toHaveAttribute('aria-invalid', 'true');
  await expect(summaryTotal(page)).toHaveText('$395');
  await expect(summaryValue(page, 'Promo code')).toHaveCount(0);

  await promo.fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(summaryOf(page).getByRole('status').filter({ hasText: 'applied' })).toHaveText('Promo code WELCOME10 applied.');
  await expect(summaryOf(page).getByRole('alert')).toHaveCount(0);
  await expect(summaryTotal(page)).toHaveText('$355.50');
  await expect(summaryValue(page, 'Promo code')).toHaveText('WELCOME10');
  // The seats are held again with the code: the new intent is what the card is charged.
  await expect.poll(() => intents.map((intent) => intent.amount)).toEqual([39_500, 35_550]);
  await expect(holdTimer(page)).toBeVisible();
  await expect(summaryTotal(page)).toHaveText('$355.50');

  await fillCard(page, GOOD_CARD);
  const confirm = page.waitForRequest(`${E2E.api}/payments/local/confirm`);
  await page.getByRole('button', { name: 'Pay now' }).click();
  const paid = ((await confirm).postDataJSON() ?? {}) as { clientSecret?: string };
  // The card pays the intent of $355.50 (the local provider charges the amount of the hold whose secret it is given).
  expect(paid.clientSecret).toBe(intents.at(-1)?.clientSecret);
  expect(intents.at(-1)?.amount).toBe(35_550);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  expect(await bookingsOf(page.request, customer)).toEqual([entry.id]);
});

// ---- (f) An abandoned checkout ----

test('an abandoned checkout’s hold runs out: the countdown ends, the seats go back, and Hold my seats again holds them anew', async ({
  page,
  problems,
}) => {
  // The API's holds last one minute in the test stack; the real clock runs it out.
  test.setTimeout(120_000);
  const customer = await readyCustomer(page.request);
  const entry = await freshDate(page.request, 'winter-classes', 'price_class_sledski');
  const seatsBefore = await seatsTaken(page.request, 'winter-classes', entry.id);

  await classToPayment(page, customer.email, 'Sled-Skiing Intro, $345', entry, '$345');
  await expect(holdTimer(page)).toHaveText(/^Your seats are held for (1:00|0:[0-5]\d)$/);
  await expect(holdTimer(page)).toHaveAccessibleName(/^Your seats are held for \d+ seconds?$|^Your seats are held for 1 minute$/);
  await expect.poll(() => seatsTaken(page.request, 'winter-classes', entry.id)).toBe(seatsBefore + 1);

  // The countdown counts down.
  const first = await secondsLeft(page);
  await expect.poll(() => secondsLeft(page), { timeout: 5_000 }).toBeLessThan(first);
  await expect(page.getByRole('status').filter({ hasText: 'Less than a minute is left on the hold on your seats.' })).toHaveCount(1);
  // The visitor starts on the card and leaves it there.
  await page.getByLabel('Card number').fill('4242');

  // At zero the card form goes and the hold is over, on the page and on the server.
  const ended = page.getByRole('alert').filter({ hasText: 'Your hold on these seats has ended.' });
  await expect(ended).toBeVisible({ timeout: 75_000 });
  await expect(holdTimer(page)).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  const again = page.getByRole('button', { name: 'Hold my seats again' });
  // The card number the visitor was in has gone: focus is on what they can do next.
  await expect(again).toBeFocused();
  await expect(page.getByRole('link', { name: 'Choose another date' })).toHaveAttribute('href', CLASS_PAGE);
  await expect.poll(() => seatsTaken(page.request, 'winter-classes', entry.id)).toBe(seatsBefore);

  await again.click();
  await expect(ended).toHaveCount(0);
  await expect(holdTimer(page)).toHaveText(/^Your seats are held for (1:00|0:5\d)$/);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect.poll(() => seatsTaken(page.request, 'winter-classes', entry.id)).toBe(seatsBefore + 1);
  expect(problems.errors).toEqual([]);
});

// ---- (g) The Stripe path ----

/**
 * Stripe.js as the browser gets it in the Stripe test: a plain Payment Element (no frame) and every
 * call recorded in `window.__stripeCalls` (and in sessionStorage, so the calls of the page before a
 * redirect are kept). confirmPayment goes to the return address as a 3-D Secure return would;
 * retrievePaymentIntent answers with `intentStatus`. Serialized into the script's body.
 */
function stripeStandIn(intentStatus: string) {
  type Handler = (event: unknown) => void;
  const KEY = 'stripe-stand-in-calls';
  const calls = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]') as { name: string; args: unknown[] }[];
  const record = (name: string, ...args: unknown[]) => {
    calls.push({ name, args: JSON.parse(JSON.stringify(args)) as unknown[] });
    window.sessionStorage.setItem(KEY, JSON.stringify(calls));
  };
  Object.assign(window, { __stripeCalls: calls });

  function paymentElement(type: string) {
    const handlers = new Map<string, Set<Handler>>();
    let node: HTMLElement | null = null;
    let ready = false;
    const emit = (event: string) => handlers.get(event)?.forEach((handler) => handler({ elementType: type }));
    const element = {
      mount(target: HTMLElement | string) {
        record('element.mount', type);
        const parent = typeof target === 'string' ? document.querySelector(target) : target;
        node = document.createElement('div');
        node.className = 'stand-in-payment-element';
        node.textContent = 'Stand-in Payment Element';
        parent?.appendChild(node);
        setTimeout(() => {
          ready = true;
          emit('ready');
        }, 50);
      },
      on(event: string, handler: Handler) {
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)?.add(handler);
        return element;
      },
      off(event: string, handler: Handler) {
        handlers.get(event)?.delete(handler);
        return element;
      },
      update(options: unknown) {
        record('element.update', options);
      },
      destroy() {
        record('element.destroy', type);
        node?.remove();
      },
      unmount() {
        node?.remove();
      },
      focus() {},
      blur() {},
      clear() {},
      collapse() {},
      get isReady() {
        return ready;
      },
    };
    return element;
  }

  function Stripe(key: string, options?: unknown) {
    record('Stripe', key, options ?? null);
    let clientSecret = '';
    return {
      _registerWrapper(wrapper: unknown) {
        record('_registerWrapper', wrapper);
      },
      registerAppInfo(info: unknown) {
        record('registerAppInfo', info);
      },
      elements(elementsOptions: { clientSecret?: string }) {
        record('elements', elementsOptions);
        clientSecret = elementsOptions.clientSecret ?? '';
        let created: ReturnType<typeof paymentElement> | null = null;
        return {
          create(type: string, elementOptions: unknown) {
            record('elements.create', type, elementOptions);
            created = paymentElement(type);
            return created;
          },
          getElement: () => created,
          update(update: unknown) {
            record('elements.update', update);
          },
          fetchUpdates: async () => ({}),
          submit: async () => ({}),
        };
      },
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      confirmPayment(args: { elements?: unknown; confirmParams?: { return_url?: string }; redirect?: string }) {
        record('confirmPayment', {
          withElements: Boolean(args.elements),
          confirmParams: args.confirmParams ?? null,
          redirect: args.redirect ?? null,
        });
        const back = new URL(args.confirmParams?.return_url ?? '', window.location.href);
        back.searchParams.set('payment_intent', clientSecret.split('_secret_')[0] ?? '');
        back.searchParams.set('payment_intent_client_secret', clientSecret);
        back.searchParams.set('redirect_status', intentStatus === 'succeeded' ? 'succeeded' : 'failed');
        window.location.assign(back.href);
        // The page leaves; the promise never settles, as Stripe's does not on a redirect.
        return new Promise(() => undefined);
      },
      async retrievePaymentIntent(secret: string) {
        record('retrievePaymentIntent', secret);
        return {
          paymentIntent: { id: secret.split('_secret_')[0], object: 'payment_intent', client_secret: secret, status: intentStatus },
        };
      },
    };
  }
  Object.assign(Stripe, { version: 'endive' });
  Object.assign(window, { Stripe });
}

test('the Stripe path: our code hands Stripe.js the key, the intent’s secret and the return address; a failed return and a paid one', async ({
  page,
  problems,
}) => {
  test.setTimeout(90_000);
  const fake = await startFakeStripe();
  const stripeApi = `http://127.0.0.1:${STRIPE_API_PORT}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kamas-e2e-stripe-'));
  let api: ChildProcess | null = null;
  try {
    ({ child: api } = await startApiProcess({
      API_PORT: String(STRIPE_API_PORT),
      ...ownApiSettings(dataDir),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_BASE: fake.url,
    }));
    // The site talks to 8788; in this test that is the Stripe-backed API.
    await page.route(`${E2E.api}/**`, (route) => route.continue({ url: route.request().url().replace(E2E.api, stripeApi) }));
    let intentStatus = 'requires_payment_method';
    const stripeScripts: string[] = [];
    await page.route(STRIPE_JS_URL, (route) => {
      stripeScripts.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: `(${stripeStandIn.toString()})(${JSON.stringify(intentStatus)});`,
      });
    });
    const intents = watchIntents(page);
    const customer = await readyCustomer(page.request, stripeApi);
    const entry = await freshDate(page.request, 'winter-day-tours', undefined, stripeApi);

    await page.goto(TOUR_PAGE);
    await chooseDayTour(page, 'Ski & Splitboard Touring Day, $250', 2, entry, '$500');
    await logInAtLogin(page, customer.email);
    await passSavedSteps(page);
    await expect(holdTimer(page)).toBeVisible();
    await expect(cardForm(page).getByText('Stand-in Payment Element')).toBeVisible();
    await expect(cardForm(page).getByText(/^Test mode:/)).toHaveCount(0);
    const payNow = page.getByRole('button', { name: 'Pay now' });
    await expect(payNow).toBeEnabled();
    const [intent] = intents;
    expect(intents).toHaveLength(1);
    expect(intent).toMatchObject({ provider: 'stripe', amount: 50_000 });
    expect(fake.requestsTo('/v1/payment_intents').map((request) => request.form.get('amount'))).toEqual(['50000']);

    // 3-D Secure comes back failed: the failure view, with the way back to checkout.
    await payNow.click();
    await page.waitForURL(/\/payment-success\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Your payment did not go through.');
    const returned = new URL(page.url()).searchParams;
    expect(returned.get('payment_intent_client_secret')).toBe(intent?.clientSecret);
    expect(returned.get('redirect_status')).toBe('failed');

    // Back in checkout with the order still in the cart and the same hold, the payment goes through.
    intentStatus = 'succeeded';
    await page.getByRole('link', { name: 'Back to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await passSavedSteps(page);
    await expect(summaryTotal(page)).toHaveText('$500');
    await expect(cardForm(page).getByText('Stand-in Payment Element')).toBeVisible();
    await expect(payNow).toBeEnabled();
    expect(intents.at(-1)?.clientSecret).toBe(intent?.clientSecret);
    await payNow.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/payment-success');

    // What our code asked of Stripe.js, on every page.
    const calls = await page.evaluate(() => (window as unknown as { __stripeCalls: { name: string; args: unknown[] }[] }).__stripeCalls);
    const named = (name: string) => calls.filter((call) => call.name === name).map((call) => call.args);
    expect(stripeScripts.every((url) => url === STRIPE_JS_URL)).toBe(true);
    expect(named('Stripe').length).toBeGreaterThanOrEqual(2);
    for (const [key] of named('Stripe')) expect(key).toBe(PUBLISHABLE_KEY);
    expect(named('elements')).toHaveLength(2);
    for (const [options] of named('elements')) expect(options).toMatchObject({ clientSecret: intent?.clientSecret });
    expect(named('elements.create')).toEqual([
      ['payment', { layout: 'tabs' }],
      ['payment', { layout: 'tabs' }],
    ]);
    const confirms = named('confirmPayment');
    expect(confirms).toHaveLength(2);
    for (const [args] of confirms) {
      // The return address names the date paid for, so the success page can say what was booked.
      expect(args).toMatchObject({
        withElements: true,
        confirmParams: { return_url: `${E2E.site}/payment-success?date=${encodeURIComponent(entry.id)}` },
      });
    }
    expect(named('retrievePaymentIntent')).toEqual([[intent?.clientSecret], [intent?.clientSecret]]);
    expect(
      Object.values(await storedCart(page)).every((value) => value === null),
      'the cart is emptied',
    ).toBe(true);
    expect(problems.errors).toEqual([]);
  } finally {
    // The success page may still be looking for the booking: it leaves before its API stops.
    await page.goto('about:blank').catch(() => undefined);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    if (api && api.exitCode === null) {
      const closed = new Promise((resolve) => api?.once('close', resolve));
      api.kill();
      await closed;
    }
    await fake.close();
    // A file system may still be settling the database's last writes: rmSync retries those.
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
});

// ---- (h) The cart through a reload and a sign-in ----

test('the cart survives a reload of the checkout and the sign-in: the payment step shows the same selection', async ({
  page,
  problems,
}) => {
  const { customer, entry } = await skiDayForTwoAtCheckout(page);
  const before = await storedCart(page);
  await page.reload();
  await islandsReady(page);
  await expectStep(page, 'Login');
  expect(await storedCart(page)).toEqual(before);
  await logInAtLogin(page, customer.email);
  await passSavedSteps(page);

  await expect(holdTimer(page)).toBeVisible();
  await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(entry)));
  await expect(summaryValue(page, 'Activity')).toHaveText('Sled-Access Ski Day');
  await expect(summaryValue(page, 'Party Size')).toHaveText('2');
  await expect(summaryValue(page, 'Unit price')).toHaveText('$425');
  await expect(summaryTotal(page)).toHaveText('$850');
  expect((await storedCartValues(page))['dateId']).toBe(entry.id);
  expect(problems.errors).toEqual([]);
});

// ---- (i) A customer who signed in before comes back to the checkout ----

/**
 * Watches the page from its first byte: the sum of its layout shifts without recent input (what CLS
 * adds up), and whether the sign-in form ever showed once the island ran (its Login button enabled).
 */
async function watchCheckoutFrames(page: Page) {
  await page.addInitScript(() => {
    const seen = { shifts: 0, signInFormShown: false };
    Object.assign(window, { checkoutFrames: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) seen.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      const buttons = document.querySelectorAll<HTMLButtonElement>('section.checkout-step .auth-card button');
      if ([...buttons].some((button) => !button.disabled && button.checkVisibility())) seen.signInFormShown = true;
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  /** After two more frames (so a late shift is counted): the sign-in form never showed, and the shifts add up to 0.02 at most. */
  return async () => {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { shifts, signInFormShown } = await page.evaluate(
      () => (window as unknown as { checkoutFrames: { shifts: number; signInFormShown: boolean } }).checkoutFrames,
    );
    expect(signInFormShown, 'the sign-in form showed once the island ran').toBe(false);
    expect(shifts, 'the sum of the layout shifts').toBeLessThanOrEqual(0.02);
  };
}

/** A customer ready to book, made through the API, who signs in on /sign-in. */
async function signedInReadyCustomer(page: Page) {
  const customer = await readyCustomer(page.request);
  await signIn(page, customer.email);
  return customer;
}

/**
 * A customer who signed in before, about to come back to the checkout: the page is watched from its
 * first byte (watchCheckoutFrames). Resolves to the check made once they are in: the sign-in form
 * never showed, nothing jumped, and nothing failed.
 */
async function returningCustomerWatched(page: Page, problems: Problems) {
  await signedInReadyCustomer(page);
  const expectNoFormAndNoJump = await watchCheckoutFrames(page);
  return async () => {
    await expectNoFormAndNoJump();
    expect(problems.errors).toEqual([]);
  };
}

const checkingSignIn = (page: Page) => stepSection(page).getByRole('status').filter({ hasText: 'Checking your sign-in' });

atPhoneAndDesktop('at', () => {
  test('a customer who signed in before waits on a short, announced check of their sign-in, then has step 2: never the sign-in form, nothing jumps', async ({
    page,
    problems,
  }) => {
    const expectSmoothReturn = await returningCustomerWatched(page, problems);
    // The identity service is held back, so the check can be seen (and read by axe) while it waits.
    const identity = await holdRequests(page, new RegExp(`^http://${E2E.authEmulator}/`));

    await page.goto('/checkout');
    await islandsReady(page);
    await expect(checkingSignIn(page)).toBeVisible();
    await expect(stepSection(page).getByRole('heading', { level: 2, name: 'Login' })).toBeVisible();
    await expectStep(page, 'Login');
    await expect(signInCard(page)).toBeHidden();
    await expect(stepSection(page).getByLabel('Password')).toBeHidden();
    expect(await axeViolations(page), 'the check of the sign-in').toEqual([]);

    identity.release();
    await expect(page.getByRole('heading', { level: 2, name: 'Your profile and safety survey' })).toBeVisible();
    await expectStep(page, 'Survey', 'Survey');
    await expect(surveyOnFile(page)).toContainText('Snowmobile');
    await expect(checkingSignIn(page)).toHaveCount(0);
    await expectSmoothReturn();
  });
});

test('a customer who signed in before goes straight to step 2: the sign-in form never shows once the island runs, and nothing jumps', async ({
  page,
  problems,
}) => {
  const expectSmoothReturn = await returningCustomerWatched(page, problems);

  await page.goto('/checkout');
  await expect(surveyOnFile(page)).toContainText('Snowmobile');
  await expectStep(page, 'Survey', 'Survey');
  await expectSmoothReturn();
});

test('a remembered customer whose account is gone meets the sign-in form after the check, and can sign up again', async ({
  page,
  problems,
}) => {
  const { email } = await signedInReadyCustomer(page);
  // The account is deleted elsewhere: this browser still remembers the customer and their session.
  const response = await page.request.post(`http://${E2E.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:delete?key=demo-key`, {
    data: { idToken: (await signInByApi(page.request, email)).idToken },
  });
  expect(response.ok(), await response.text()).toBe(true);
  // Firebase reads the lost account as an error of the identity service; nothing else may fail.
  problems.allow(/^Failed to load resource: the server responded with a status of 400/);

  const identity = await holdRequests(page, new RegExp(`^http://${E2E.authEmulator}/`));

  await page.goto('/checkout');
  await islandsReady(page);
  await expect(checkingSignIn(page)).toBeVisible();
  identity.release();
  await expect(signInCard(page).getByRole('heading', { level: 2, name: 'Login' })).toBeVisible();
  await expect(stepSection(page).getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await expect(checkingSignIn(page)).toHaveCount(0);
  // The step is named by the form's heading again, and nothing hidden holds the focus.
  await expect(page.getByRole('region', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await expectStep(page, 'Login');
  const accountMenu = page.getByRole('button', { name: /^Account menu/ });
  await expect(accountMenu).toHaveAccessibleName('Account menu');

  await signUpAtLogin(page, newEmail('again'));
  await expectStep(page, 'Survey', 'Survey');
  await expect(page.getByLabel('Phone number')).toBeVisible();
});

// ---- Accessibility: axe on every step, at a phone's width and a desktop's ----

atPhoneAndDesktop('at', () => {
  test('axe finds nothing on any step of the checkout, nor on the payment-success page', async ({ page, problems }) => {
    test.setTimeout(90_000);
    const entry = await freshDate(page.request, 'winter-classes', 'price_class_moto');
    await page.goto(CLASS_PAGE);
    await chooseClass(page, 'Motorized Backcountry Essentials, $395', entry, '$395');
    await islandsReady(page);
    await expectStep(page, 'Login');
    await expect(signInCard(page).getByRole('heading', { level: 2, name: 'Login' })).toBeVisible();
    expect(await axeViolations(page), 'step 1, Login').toEqual([]);
    await signUpAtLogin(page, newEmail('axe'));

    await expectStep(page, 'Survey', 'Survey');
    await expect(page.getByLabel('Phone number')).toBeVisible();
    expect(await axeViolations(page), 'step 2, the profile').toEqual([]);
    await fillProfile(page, 'Axel Cornice');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByLabel('Transportation')).toBeVisible();
    expect(await axeViolations(page), 'step 2, the profile saved and the survey').toEqual([]);
    // A survey sent incomplete shows its messages; those pass too.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please choose your mode of travel')).toBeVisible();
    expect(await axeViolations(page), 'step 2, the survey with its messages').toEqual([]);
    await fillSurvey(page);
    await page.getByRole('button', { name: 'Submit' }).click();

    await expectStep(page, 'Waiver', 'Waiver');
    await expect(signaturePad(page).locator('canvas')).toBeVisible();
    expect(await axeViolations(page), 'step 3, the waiver').toEqual([]);
    await signWaiver(page);

    await expectStep(page, 'Payment', 'Payment');
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(holdTimer(page)).toBeVisible();
    expect(await axeViolations(page), 'step 4, the card form').toEqual([]);
    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay now' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    expect(await axeViolations(page), 'the payment-success page').toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});

// ---- The keyboard ----

test('a keyboard user gets through Login, profile, survey, waiver (signing by typing their name) and the card form', async ({
  page,
  problems,
}) => {
  test.setTimeout(90_000);
  const entry = await freshDate(page.request, 'winter-classes', 'price_class_moto');
  const email = newEmail('keyboard');
  await page.goto(CLASS_PAGE);
  await islandsReady(page);
  await page.getByRole('radio', { name: 'Motorized Backcountry Essentials, $395' }).check();
  await page.getByLabel('Select Date').selectOption(entry.id);
  const checkoutButton = page.getByRole('button', { name: 'Checkout', exact: true });
  await tabTo(page, checkoutButton);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);
  await islandsReady(page);

  // Step 1: Sign Up by keyboard.
  const step = stepSection(page);
  await expect(signInCard(page).getByRole('heading', { level: 2, name: 'Login' })).toBeVisible();
  await tabTo(page, step.getByRole('link', { name: 'Sign Up', exact: true }));
  await page.keyboard.press('Enter');
  await expect(signInCard(page).getByRole('heading', { level: 2, name: 'Sign Up' })).toBeVisible();
  // The form is above the link: back up to it.
  await tabTo(page, step.getByLabel('Email'), 6, 'Shift+Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(step.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  // Step 2: focus moves to its heading, and on from there to the profile, then the survey.
  await expectStep(page, 'Survey', 'Survey');
  await expect(page.getByRole('heading', { level: 2, name: 'Your profile and safety survey' })).toBeFocused();
  const name = page.getByLabel('Name', { exact: true });
  await tabTo(page, name, 5);
  await page.keyboard.type('Kit Keyboard');
  await tabTo(page, page.getByLabel('Phone number'), 5);
  await page.keyboard.type(uniquePhone());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
  for (const [label] of SURVEY_CHOICES) {
    const select = page.getByLabel(label);
    await tabTo(page, select, 10);
    await page.keyboard.press('ArrowDown');
    await expect(select).not.toHaveValue('');
  }
  await tabTo(page, page.getByLabel('Emergency Contact Name'), 5);
  await page.keyboard.type('Jordan Peak');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+14355550199');
  await tabTo(page, page.getByRole('button', { name: 'Submit' }), 5);
  await page.keyboard.press('Enter');

  // Step 3: its heading has focus; the step bar works by keyboard (back to Survey and forth again), then the waiver.
  await expectStep(page, 'Waiver', 'Waiver');
  const waiverHeading = page.getByRole('heading', { level: 2, name: 'Waiver', exact: true });
  await expect(waiverHeading).toBeFocused();
  await tabTo(page, stepButton(page, 'Survey'), 10, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expectStep(page, 'Survey', 'Waiver');
  await expect(page.getByRole('heading', { level: 2, name: 'Your profile and safety survey' })).toBeFocused();
  await tabTo(page, stepButton(page, 'Waiver'), 10, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expectStep(page, 'Waiver', 'Waiver');
  await expect(waiverHeading).toBeFocused();
  // The agreement's text scrolls, and is in the tab order so the keyboard can scroll it.
  await tabTo(page, page.getByRole('region', { name: 'Release of Liability, Assumption of Risk and Indemnity Agreement' }), 5);
  await tabTo(page, page.getByLabel('I agree to the terms and conditions'), 10);
  await page.keyboard.press('Space');
  await expect(page.getByLabel('I agree to the terms and conditions')).toBeChecked();
  const sign = page.getByRole('button', { name: 'Sign Waiver' });
  await expect(sign).toBeDisabled();
  await expect(sign).toHaveAccessibleDescription('To sign, tick the box and draw your signature.');
  // No pointer: the signer types their name instead of drawing, and it is written into the pad.
  await tabTo(page, page.getByRole('radio', { name: 'Draw my signature' }), 5);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Type my name' })).toBeChecked();
  await expect(sign).toHaveAccessibleDescription('To sign, tick the box and type your name.');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Your full name, as your signature')).toBeFocused();
  await page.keyboard.type('Kit Keyboard');
  await expect(signaturePad(page)).toHaveAccessibleName(/Signed$/);
  await tabTo(page, sign, 5);
  const signed = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/users/user/'));
  await page.keyboard.press('Enter');
  const { signature } = (await signed).postDataJSON() as { signature: string };
  expect(await inkedImage(page, signature)).toEqual({ width: 1500, height: 200, inked: true });

  // Step 4: the card by keyboard; Enter pays.
  await expectStep(page, 'Payment', 'Payment');
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
  await tabTo(page, page.getByLabel('Card number'), 10);
  await page.keyboard.type(GOOD_CARD);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Expiry (MM/YY)')).toBeFocused();
  await page.keyboard.type('12/30');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('CVC')).toBeFocused();
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  expect(problems.errors).toEqual([]);
});
