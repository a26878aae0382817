/**
 * The two booking pages, /booking/backcountry-tour and /booking/avalanche-class, as a visitor uses
 * them: the choices, the month calendar (by mouse and by keyboard), the Order Summary and Checkout,
 * dates that fill while the page is open, a calendar that cannot load, other time zones, a corrupt
 * stored selection, accessibility, the Firebase SDK kept away, and the page before its scripts run.
 *
 * Expected dates and spots come from the API's own answers, so the tests hold whatever today is.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { calendar, isOpen, readyCustomer, startOf, type CalendarName, type Entry } from './api-customers.ts';
import { atPhoneAndDesktop, axeViolations, expect, holdScripts, holdSeats, islandsReady, networkQuiet, test } from './fixtures.ts';
import {
  CLASS_PAGE,
  dayButton,
  dayKeyOf,
  expectPriceChoices,
  dateAndTime,
  longDay,
  monthName,
  shortDate,
  spotsText,
  storedCartValues,
  summaryOf,
  summaryTotal,
  summaryValue,
  tabTo,
  TOUR_PAGE,
  utcNoon,
  watchErrors,
} from './page-helpers.ts';

const CHECKOUT_ALERT = 'Please select valid start and end dates, a price, and a valid party size.';

const CLASS_NAMES: Record<string, string> = {
  price_class_moto: 'Motorized Backcountry Essentials',
  price_class_sledski: 'Sled-Skiing Intro',
};

// ---- What the API says ----

function spotsLeft(entry: Entry, name: CalendarName) {
  if (name === 'winter-day-tours') return entry.users.length > 0 ? 0 : entry.partySize;
  return Math.max(0, entry.partySize - entry.users.length);
}

const bookable = (entry: Entry, name: CalendarName) => isOpen(entry) && spotsLeft(entry, name) > 0;

function firstBookable(entries: Entry[], name: CalendarName, priceId?: string): Entry {
  const entry = entries.find((candidate) => bookable(candidate, name) && (!priceId || candidate.stripeId === priceId));
  if (!entry) throw new Error(`no bookable date on ${name}`);
  return entry;
}

/** The last date of a class (or any day tour) nobody has taken a seat on: far from the dates the other tests choose. */
function lastUntouched(entries: Entry[], name: CalendarName, priceId?: string): Entry {
  const entry = entries.findLast(
    (candidate) => isOpen(candidate) && candidate.users.length === 0 && (!priceId || candidate.stripeId === priceId),
  );
  if (!entry) throw new Error(`no untouched date on ${name}`);
  return entry;
}

/** A calendar's dates as the API has them, one of them picked (`pick`, of a class's dates when `priceId` is given), and its day in Kamas. */
async function pickDate(
  request: APIRequestContext,
  name: CalendarName,
  pick: (entries: Entry[], name: CalendarName, priceId?: string) => Entry,
  priceId?: string,
) {
  const entries = await calendar(request, name);
  const entry = pick(entries, name, priceId);
  return { entries, entry, day: dayKeyOf(startOf(entry)) };
}

// ---- Dates as Kamas (America/Denver) counts them, worked out here with Intl rather than the site's code ----

/** 'Sat, Dec 5, 7:00 AM', as the class page shows a date. */

const weekdayOf = (day: string) => utcNoon(day).getUTCDay();
const addDays = (day: string, amount: number) => new Date(utcNoon(day).getTime() + amount * 86_400_000).toISOString().slice(0, 10);
function addMonths(day: string, amount: number) {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const last = new Date(Date.UTC(year, month - 1 + amount + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + amount, Math.min(date, last), 12)).toISOString().slice(0, 10);
}
function monthDays(month: string) {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return Array.from({ length: count }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`);
}

/** What the grid should name each day of a month, worked out from the API's calendar. */
function expectedDayNames(entries: Entry[], name: CalendarName, month: string): string[] {
  return monthDays(month).map((day) => {
    const onDay = entries.filter((entry) => dayKeyOf(startOf(entry)) === day);
    if (name === 'winter-day-tours') {
      const entry = onDay[0];
      const state = !entry || !isOpen(entry) ? 'Unavailable' : spotsLeft(entry, name) > 0 ? 'Available' : 'Fully Booked';
      return `${longDay(day)}, ${state}`;
    }
    if (onDay.length === 0) return `${longDay(day)}, No class`;
    const parts = onDay.map(
      (entry) => `${CLASS_NAMES[entry.stripeId ?? ''] ?? 'Class'}, ${isOpen(entry) ? spotsText(spotsLeft(entry, name)) : 'closed'}`,
    );
    return `${longDay(day)}, ${parts.join('; ')}`;
  });
}

// ---- The page as a visitor finds it ----

const checkoutButton = (page: Page) => page.getByRole('button', { name: 'Checkout', exact: true });

/** The grid of a month, 'Day tour dates' or 'Class dates'. */
const gridOf = (page: Page, label: string, dayOrMonth: string) => page.getByRole('grid', { name: `${label}, ${monthName(dayOrMonth)}` });

/** Checkout waits, and the hint under it names what the page still asks for (`hint`, such as 'Choose a class and a date.'). */
async function expectCheckoutBlocked(page: Page, hint: string) {
  const checkout = checkoutButton(page);
  await expect(checkout).toHaveAttribute('aria-disabled', 'true');
  await expect(checkout).toHaveAccessibleDescription(hint);
  await expect(summaryOf(page).getByText(hint, { exact: true })).toBeVisible();
}

/** Checkout waits, saying `hint`; pressed anyway, it alerts and the page stays where it is (`path`). */
async function expectCheckoutRefused(page: Page, hint: string, path: string) {
  await expectCheckoutBlocked(page, hint);
  await clickAnyway(checkoutButton(page));
  await expect(page.getByRole('alert').filter({ hasText: CHECKOUT_ALERT })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function expectCheckoutReady(page: Page) {
  const checkout = checkoutButton(page);
  await expect(checkout).toHaveAttribute('aria-disabled', 'false');
  await expect(checkout).toHaveAccessibleDescription('');
  await expect(summaryOf(page).getByText(CHECKOUT_ALERT)).toHaveCount(0);
}

/** The month view: Sun to Sat, six rows of seven cells, out-of-month cells shown but not buttons, and each day named. */
async function expectMonthGrid(grid: Locator, month: string, names: string[]) {
  await expect(grid.getByRole('columnheader')).toHaveText(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  await expect(grid.getByRole('row')).toHaveCount(7);
  const cells = grid.getByRole('gridcell');
  await expect(cells).toHaveCount(42);
  const days = monthDays(month);
  const before = weekdayOf(days[0] ?? '');
  const cellShapes = await cells.evaluateAll((tds) =>
    tds.map((td) => (td.querySelector('button') ? 'day' : (td.textContent ?? '').trim())),
  );
  const lastOfBefore = Number(addDays(days[0] ?? '', -1).slice(8));
  expect(cellShapes).toEqual([
    ...Array.from({ length: before }, (_, index) => String(lastOfBefore - before + 1 + index)),
    ...days.map(() => 'day'),
    ...Array.from({ length: 42 - before - days.length }, (_, index) => String(index + 1)),
  ]);
  await expect(grid.getByRole('button')).toHaveCount(days.length);
  expect(await grid.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).toEqual(
    names,
  );
}

/** Steps the calendar with Prev or Next until it shows the month of `day`. */
async function showMonthOf(page: Page, label: string, day: string) {
  const grid = page.getByRole('grid', { name: new RegExp(`^${label}, `) });
  const wanted = `${label}, ${monthName(day)}`;
  for (let step = 0; step < 24; step += 1) {
    const shown = (await grid.getAttribute('aria-label')) ?? '';
    if (shown === wanted) return;
    const shownMonth = new Date(`${shown.slice(label.length + 2)} 1 UTC`).toISOString().slice(0, 7);
    await page.getByRole('button', { name: shownMonth < day.slice(0, 7) ? 'Next month' : 'Prev month' }).click();
    await expect(grid).not.toHaveAttribute('aria-label', shown);
  }
  await expect(grid).toHaveAttribute('aria-label', wanted);
}

/**
 * Clicks a control the page marks aria-disabled, as a visitor still can: Playwright would wait for
 * it to be enabled first, so the click goes without that check.
 */
const clickAnyway = (control: Locator) => control.click({ force: true });

/**
 * The visitor switches to another tab and back: the page hears visibilitychange to 'hidden', then to
 * 'visible'. Headless Chromium keeps every page visible (opening another page and bringing this one
 * to the front fires nothing), so the document's state is set and the event sent here.
 */
async function leaveAndComeBack(page: Page) {
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible'] as const) {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      Object.defineProperty(document, 'hidden', { value: state === 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }
  });
}

/** Other customers take every seat left on a date, at most four per hold and one hold each. */
async function fillDate(request: APIRequestContext, entry: Entry, name: CalendarName, priceId: string) {
  // A day tour is private: one customer's hold, of any party size, fills it.
  let left = name === 'winter-day-tours' ? 1 : spotsLeft(entry, name);
  while (left > 0) {
    const partySize = Math.min(4, left);
    await holdSeats(request, await readyCustomer(request), { dateId: entry.id, priceId, calendar: name, partySize });
    left -= partySize;
  }
  const now = (await calendar(request, name)).find((candidate) => candidate.id === entry.id);
  expect(now && spotsLeft(now, name)).toBe(0);
}

/** The product a calendar's dates are of, as the cart names it (tourType). */
const PRODUCT_OF: Partial<Record<CalendarName, string>> = {
  'winter-day-tours': 'prod_backcountry_tours',
  'winter-classes': 'prod_avalanche_courses',
};

/**
 * The cart the booking page stored for the checkout: `entry` of `name`, starting and ending at its
 * start, for a party of `partySize` at `price` (its id and unit amount in cents), with anything `more`.
 */
async function expectStoredCart(
  page: Page,
  name: CalendarName,
  entry: Entry,
  partySize: number,
  price: { id: string; unit_amount: number },
  more: Record<string, unknown> = {},
) {
  expect(await storedCartValues(page)).toMatchObject({
    startDate: startOf(entry).toISOString(),
    endDate: startOf(entry).toISOString(),
    dateId: entry.id,
    partySize,
    selectedPriceId: price.id,
    calendar: name,
    tourType: PRODUCT_OF[name],
    selectedPrice: price,
    ...more,
  });
}

/** Clicks the first day of a calendar grid whose name matches `free` (a day that can be booked): Checkout is then ready. */
async function chooseFirstFreeDay(page: Page, grid: Locator, free: RegExp) {
  await grid.getByRole('button', { name: free }).first().click();
  await expectCheckoutReady(page);
}

/** The page's notice that the chosen date (`entry`) filled up or closed meanwhile. */
async function expectNoLongerAvailable(page: Page, entry: Entry) {
  const notice = page.getByRole('status').filter({ hasText: 'no longer available' });
  await expect(notice).toHaveText(
    `${shortDate(startOf(entry))} is no longer available: it filled up or closed. Please choose another date.`,
  );
  return notice;
}

// ---- The pages as customers see them, by mouse and by keyboard; dates that fill; dates that cannot load ----

test.describe('the day tour page', () => {
  test('shows its choices, a six-week calendar and the summary, holds Checkout until all is chosen, then checks out with the selection kept', async ({
    page,
    problems,
  }) => {
    const { entries: tours, entry: first, day: firstDay } = await pickDate(page.request, 'winter-day-tours', firstBookable);
    const month = firstDay.slice(0, 7);
    const thisMonth = dayKeyOf(new Date()).slice(0, 7);

    await page.goto(TOUR_PAGE);
    await islandsReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Day Tour' })).toBeVisible();

    const activity = page.getByRole('group', { name: 'Select Activity' });
    await expect(activity.getByRole('radio').first()).toBeEnabled();
    await expectPriceChoices(activity, [
      'Ski & Splitboard Touring Day, $250',
      'Snowmobile Exploration Day, $350',
      'Sled-Access Ski Day, $425',
    ]);
    await expect(activity.getByRole('radio', { checked: true })).toHaveCount(0);
    const partySize = page.getByLabel('Select Party Size');
    await expect(partySize.locator('option')).toHaveText(['1', '2', '3', '4']);
    await expect(partySize).toHaveValue('1');

    // The calendar opens on the month of the first open date, every day named from the API's answer.
    const grid = gridOf(page, 'Day tour dates', month);
    await expect(grid).toBeVisible();
    await expectMonthGrid(grid, month, expectedDayNames(tours, 'winter-day-tours', month));
    await expect(dayButton(grid, firstDay)).toHaveAccessibleName(`${longDay(firstDay)}, Available`);
    await expect(page.getByRole('list', { name: 'Calendar key' }).getByRole('listitem')).toHaveText([
      'Available',
      'Fully Booked',
      'Unavailable',
    ]);

    // Prev stops at the current month; Next goes on into the season.
    const prev = page.getByRole('button', { name: 'Prev month' });
    const next = page.getByRole('button', { name: 'Next month' });
    if (month > thisMonth) {
      await prev.click();
      await expect(gridOf(page, 'Day tour dates', addMonths(`${month}-01`, -1))).toBeVisible();
      await next.click();
    }
    await expect(grid).toBeVisible();
    const following = addMonths(`${month}-01`, 1).slice(0, 7);
    await next.click();
    const followingGrid = gridOf(page, 'Day tour dates', following);
    await expectMonthGrid(followingGrid, following, expectedDayNames(tours, 'winter-day-tours', following));
    await prev.click();
    await expect(grid).toBeVisible();
    await showMonthOf(page, 'Day tour dates', `${thisMonth}-01`);
    await expect(prev).toBeDisabled();
    await expect(gridOf(page, 'Day tour dates', thisMonth)).toBeVisible();
    await showMonthOf(page, 'Day tour dates', firstDay);
    await expect(grid).toBeVisible();

    // Nothing chosen: a picture of the tours rather than an empty box, no total, and Checkout says what is missing and goes nowhere.
    await expect(summaryOf(page).locator('img')).toHaveAttribute('src', /\/images\/.+\.svg$/);
    await expect(summaryValue(page, 'Date')).toHaveText('Choose a date');
    await expect(summaryValue(page, 'Activity')).toHaveText('Choose an activity');
    await expect(summaryValue(page, 'Party Size')).toHaveText('1');
    await expect(summaryTotal(page)).toHaveText('N/A');
    await expectCheckoutRefused(page, 'Choose an activity and a date.', TOUR_PAGE);

    // An activity and a party size, but no date yet: Checkout still waits.
    await activity.getByRole('radio', { name: 'Snowmobile Exploration Day, $350' }).check();
    await expect(summaryValue(page, 'Activity')).toHaveText('Snowmobile Exploration Day');
    await expect(summaryOf(page).getByText(/^Ride the trail systems and open meadows/)).toBeVisible();
    await partySize.selectOption('3');
    await expect(summaryValue(page, 'Party Size')).toHaveText('3');
    await expectCheckoutBlocked(page, 'Choose a date.');

    // A day that cannot be chosen stays unchosen; an open one is chosen.
    const closedDay = monthDays(month).find(
      (day) => !tours.some((entry) => dayKeyOf(startOf(entry)) === day && bookable(entry, 'winter-day-tours')),
    );
    if (closedDay) {
      await expect(dayButton(grid, closedDay)).toHaveAttribute('aria-disabled', 'true');
      await clickAnyway(dayButton(grid, closedDay));
      await expect(summaryValue(page, 'Date')).toHaveText('Choose a date');
    }
    await dayButton(grid, firstDay).click();
    await expect(dayButton(grid, firstDay)).toHaveAccessibleName(`${longDay(firstDay)}, Available, selected`);
    await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(first)));
    await expectCheckoutReady(page);

    // The total is the unit price times the party size (one day).
    await expect(summaryTotal(page)).toHaveText('$1,050');
    await partySize.selectOption('4');
    await expect(summaryTotal(page)).toHaveText('$1,400');
    await activity.getByRole('radio', { name: 'Sled-Access Ski Day, $425' }).check();
    await expect(summaryTotal(page)).toHaveText('$1,700');
    await partySize.selectOption('1');
    await expect(summaryTotal(page)).toHaveText('$425');
    await activity.getByRole('radio', { name: 'Ski & Splitboard Touring Day, $250' }).check();
    await partySize.selectOption('2');
    await expect(summaryTotal(page)).toHaveText('$500');
    await activity.getByRole('radio', { name: 'Snowmobile Exploration Day, $350' }).check();
    await partySize.selectOption('3');
    await expect(summaryTotal(page)).toHaveText('$1,050');
    await expectCheckoutReady(page);

    // Checkout looks at the calendar afresh, then leaves for /checkout.
    const refetch = page.waitForRequest(`${E2E.api}/calendar/winter-day-tours`);
    await checkoutButton(page).click();
    await refetch;
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

    await expectStoredCart(
      page,
      'winter-day-tours',
      first,
      3,
      { id: 'price_tour_snowmobile', unit_amount: 35000 },
      { selectedProduct: { id: 'prod_backcountry_tours', name: 'Backcountry Tours' } },
    );

    // Back on the page, the stored start date is revived as the same day, still chosen.
    await page.goBack();
    await islandsReady(page);
    await expect(dayButton(grid, firstDay)).toHaveAccessibleName(`${longDay(firstDay)}, Available, selected`);
    await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(first)));
    await expect(activity.getByRole('radio', { name: 'Snowmobile Exploration Day, $350' })).toBeChecked();
    await expect(partySize).toHaveValue('3');
    await expect(summaryTotal(page)).toHaveText('$1,050');
    await expectCheckoutReady(page);
    expect(problems.errors).toEqual([]);
  });

  test('can be used with the keyboard alone: Tab into the grid, arrows, Home, End, Page Up and Down, Enter', async ({ page, problems }) => {
    const { entries: tours, day: firstDay } = await pickDate(page.request, 'winter-day-tours', firstBookable);
    const monthLater = addMonths(firstDay, 1);
    const backAgain = addMonths(monthLater, -1);
    const weekStart = addDays(backAgain, -weekdayOf(backAgain));
    const weekEnd = addDays(weekStart, 6);
    const saturday = tours.find((entry) => dayKeyOf(startOf(entry)) === weekEnd);
    expect(saturday && bookable(saturday, 'winter-day-tours'), `the Saturday ${weekEnd} is open`).toBe(true);

    await page.goto(TOUR_PAGE);
    await islandsReady(page);
    const grid = page.getByRole('grid', { name: /^Day tour dates, / });
    await expect(grid).toBeVisible();
    const activity = page.getByRole('group', { name: 'Select Activity' });
    await expect(activity.getByRole('radio').first()).toBeEnabled();

    await tabTo(page, activity.getByRole('radio').first());
    await page.keyboard.press('Space');
    await expect(activity.getByRole('radio', { name: 'Ski & Splitboard Touring Day, $250' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Select Party Size')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Select Party Size')).toHaveValue('2');
    await expect(summaryValue(page, 'Party Size')).toHaveText('2');

    // One day of the grid is in the tab order: the first open one.
    await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1);
    const focusedDay = (day: string) => dayButton(gridOf(page, 'Day tour dates', day), day);
    await tabTo(page, focusedDay(firstDay), 10);

    const press = async (key: string, day: string) => {
      await page.keyboard.press(key);
      await expect(focusedDay(day), `${key} moves to ${day}`).toBeFocused();
    };
    await press('ArrowRight', addDays(firstDay, 1));
    await press('ArrowDown', addDays(firstDay, 8));
    await press('ArrowLeft', addDays(firstDay, 7));
    await press('ArrowUp', firstDay);
    // The day before the first open one cannot be chosen: Enter and Space there choose nothing.
    await press('ArrowLeft', addDays(firstDay, -1));
    await expect(focusedDay(addDays(firstDay, -1))).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await expect(grid.getByRole('button', { name: /, selected$/ })).toHaveCount(0);
    await expect(summaryValue(page, 'Date')).toHaveText('Choose a date');
    await press('ArrowRight', firstDay);
    await press('PageDown', monthLater);
    await press('PageUp', backAgain);
    await press('Home', weekStart);
    await press('End', weekEnd);

    // Enter chooses the Saturday; focus stays on it.
    await page.keyboard.press('Enter');
    await expect(focusedDay(weekEnd)).toHaveAccessibleName(`${longDay(weekEnd)}, Available, selected`);
    await expect(focusedDay(weekEnd)).toBeFocused();
    await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(saturday as Entry)));
    await expect(summaryTotal(page)).toHaveText('$500');

    // On to Checkout and through it, still by keyboard.
    await tabTo(page, checkoutButton(page), 5);
    await expectCheckoutReady(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout$/);
    expect((await storedCartValues(page))['dateId']).toBe(saturday?.id);
    expect(problems.errors).toEqual([]);
  });

  test('says so when its dates cannot load, and Try again brings them', async ({ page, problems }) => {
    problems.allow(/^Failed to load resource: net::ERR_CONNECTION_REFUSED$/);
    let tries = 0;
    await page.route('**/calendar/winter-day-tours', (route) => {
      tries += 1;
      return route.abort('connectionrefused');
    });
    await page.goto(TOUR_PAGE);
    await islandsReady(page);
    await expect(page.getByText('Failed to fetch available dates.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch available dates.' })).toBeVisible();
    await expect(page.getByRole('grid')).toHaveCount(0);
    expect(tries).toBe(1);
    await expectCheckoutBlocked(page, 'Choose an activity and a date.');

    await page.unroute('**/calendar/winter-day-tours');
    await page.getByRole('button', { name: 'Try again' }).click();
    const tours = await calendar(page.request, 'winter-day-tours');
    const firstDay = dayKeyOf(startOf(firstBookable(tours, 'winter-day-tours')));
    const grid = gridOf(page, 'Day tour dates', firstDay);
    await expect(grid).toBeVisible();
    await expect(page.getByText('Failed to fetch available dates.')).toHaveCount(0);
    await expect(dayButton(grid, firstDay)).toHaveAccessibleName(`${longDay(firstDay)}, Available`);
  });

  test('says so when the prices cannot load, and Try again brings the activities', async ({ page, problems }) => {
    problems.allow(/^Failed to load resource: net::ERR_CONNECTION_REFUSED$/);
    await page.route('**/stripe/products', (route) => route.abort('connectionrefused'));
    await page.goto(TOUR_PAGE);
    await islandsReady(page);
    const problem = page
      .getByRole('alert')
      .filter({ hasText: 'The prices could not be loaded. Please check your connection and try again.' });
    await expect(problem).toBeVisible();
    await expect(page.getByRole('group', { name: 'Select Activity' }).getByRole('radio')).toHaveCount(0);
    await expect(page.getByText('Loading activities...')).toHaveCount(0);
    await expectCheckoutBlocked(page, 'Choose an activity and a date.');

    await page.unroute('**/stripe/products');
    await problem.getByRole('button', { name: 'Try again' }).click();
    await expect(problem).toHaveCount(0);
    await page.getByRole('radio', { name: 'Snowmobile Exploration Day, $350' }).check();
    await page.getByLabel('Select Party Size').selectOption('2');
    await expect(summaryValue(page, 'Activity')).toHaveText('Snowmobile Exploration Day');
    await expect(summaryTotal(page)).toHaveText('$700');
  });

  test('lets go of a chosen day that someone books meanwhile, when the visitor clicks Checkout', async ({ page, problems }) => {
    const { entry: target, day } = await pickDate(page.request, 'winter-day-tours', lastUntouched);
    await page.goto(TOUR_PAGE);
    await islandsReady(page);
    await page.getByRole('radio', { name: 'Ski & Splitboard Touring Day, $250' }).check();
    await page.getByLabel('Select Party Size').selectOption('2');
    await expect(page.getByRole('grid', { name: /^Day tour dates, / })).toBeVisible();
    const grid = gridOf(page, 'Day tour dates', day);
    await showMonthOf(page, 'Day tour dates', day);
    await dayButton(grid, day).click();
    await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(target)));
    await expectCheckoutReady(page);

    await fillDate(page.request, target, 'winter-day-tours', 'price_tour_sledski');
    const refetch = page.waitForResponse(`${E2E.api}/calendar/winter-day-tours`);
    await checkoutButton(page).click();
    await refetch;
    await expectNoLongerAvailable(page, target);
    await expect(page).toHaveURL(new RegExp(`${TOUR_PAGE}$`));
    await expect(dayButton(grid, day)).toHaveAccessibleName(`${longDay(day)}, Fully Booked`);
    await expect(dayButton(grid, day)).toHaveAttribute('aria-disabled', 'true');
    await expect(summaryValue(page, 'Date')).toHaveText('Choose a date');
    await expect(summaryValue(page, 'Activity')).toHaveText('Ski & Splitboard Touring Day');
    await expect(summaryValue(page, 'Party Size')).toHaveText('2');
    await expectCheckoutRefused(page, 'Choose a date.', TOUR_PAGE);
    expect(problems.errors).toEqual([]);
  });
});

test.describe('the class page', () => {
  test('shows its choices, a six-week calendar with the classes, and the summary with what is learnt; a date per class, then Checkout', async ({
    page,
    problems,
  }) => {
    const classes = await calendar(page.request, 'winter-classes');
    const firstMoto = firstBookable(classes, 'winter-classes', 'price_class_moto');
    const firstSledski = firstBookable(classes, 'winter-classes', 'price_class_sledski');
    const month = dayKeyOf(startOf(firstBookable(classes, 'winter-classes'))).slice(0, 7);

    await page.goto(CLASS_PAGE);
    await islandsReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Book an Avalanche Class' })).toBeVisible();
    const classSelect = page.getByRole('group', { name: 'Select Class' });
    await expect(classSelect.getByRole('radio').first()).toBeEnabled();
    await expectPriceChoices(classSelect, ['Motorized Backcountry Essentials, $395', 'Sled-Skiing Intro, $345']);
    await expect(classSelect.getByRole('radio', { checked: true })).toHaveCount(0);
    const dateSelect = page.getByLabel('Select Date');
    await expect(dateSelect).toBeDisabled();
    await expect(dateSelect.locator('option')).toHaveText(['Select a class first']);

    const grid = gridOf(page, 'Class dates', month);
    await expect(grid).toBeVisible();
    await expectMonthGrid(grid, month, expectedDayNames(classes, 'winter-classes', month));
    const motoDay = dayKeyOf(startOf(firstMoto));
    await expect(dayButton(gridOf(page, 'Class dates', motoDay), motoDay)).toHaveAccessibleName(
      `${longDay(motoDay)}, Motorized Backcountry Essentials, ${spotsText(spotsLeft(firstMoto, 'winter-classes'))}`,
    );
    await expect(page.getByRole('list', { name: 'Calendar key' }).getByRole('listitem')).toHaveText([
      'Motorized Backcountry Essentials',
      'Sled-Skiing Intro',
      'Full: join the waitlist',
    ]);
    await expect(page.getByRole('button', { name: 'Prev month' })).toBeVisible();
    const following = addMonths(`${month}-01`, 1).slice(0, 7);
    await page.getByRole('button', { name: 'Next month' }).click();
    await expectMonthGrid(gridOf(page, 'Class dates', following), following, expectedDayNames(classes, 'winter-classes', following));
    await page.getByRole('button', { name: 'Prev month' }).click();
    await expect(grid).toBeVisible();

    await expect(summaryValue(page, 'Class')).toHaveText('Choose a class');
    await expect(summaryValue(page, 'Date')).toHaveText('Choose a date');
    await expect(summaryTotal(page)).toHaveText('N/A');
    await expectCheckoutRefused(page, 'Choose a class and a date.', CLASS_PAGE);

    // A class: its dates with the spots left (full ones cannot be chosen), what it teaches and its price.
    await classSelect.getByRole('radio', { name: 'Motorized Backcountry Essentials, $395' }).check();
    await expect(dateSelect).toBeEnabled();
    const motoDates = classes.filter((entry) => entry.stripeId === 'price_class_moto' && isOpen(entry));
    await expect(dateSelect.locator('option')).toHaveText([
      'Choose a date',
      ...motoDates.map((entry) => `${shortDate(startOf(entry))} - ${spotsText(spotsLeft(entry, 'winter-classes'))}`),
    ]);
    for (const entry of motoDates.filter((candidate) => spotsLeft(candidate, 'winter-classes') === 0)) {
      await expect(dateSelect.locator('option', { hasText: dateAndTime(startOf(entry)) })).toBeDisabled();
    }
    await expect(summaryValue(page, 'Class')).toHaveText('Motorized Backcountry Essentials');
    await expect(summaryOf(page).getByRole('heading', { name: 'What you will learn' })).toBeVisible();
    await expect(summaryOf(page).getByRole('listitem').first()).toBeVisible();
    await expectCheckoutBlocked(page, 'Choose a date.');

    await dateSelect.selectOption({ label: `${shortDate(startOf(firstMoto))} - ${spotsText(spotsLeft(firstMoto, 'winter-classes'))}` });
    await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(firstMoto)));
    await expect(dayButton(gridOf(page, 'Class dates', motoDay), motoDay)).toHaveAccessibleName(/, selected$/);
    await expect(summaryTotal(page)).toHaveText('$395');
    await expectCheckoutReady(page);

    // Another class resets the date; a day on the calendar chooses its class and date at once.
    await classSelect.getByRole('radio', { name: 'Sled-Skiing Intro, $345' }).check();
    await expect(dateSelect).toHaveValue('');
    await expect(summaryValue(page, 'Date')).toHaveText('Choose a date');
    await expect(summaryValue(page, 'Class')).toHaveText('Sled-Skiing Intro');
    await expectCheckoutBlocked(page, 'Choose a date.');
    await classSelect.getByRole('radio', { name: 'Motorized Backcountry Essentials, $395' }).check();
    const sledskiDay = dayKeyOf(startOf(firstSledski));
    const sledskiGrid = gridOf(page, 'Class dates', sledskiDay);
    await showMonthOf(page, 'Class dates', sledskiDay);
    await dayButton(sledskiGrid, sledskiDay).click();
    await expect(classSelect.getByRole('radio', { name: 'Sled-Skiing Intro, $345' })).toBeChecked();
    await expect(dateSelect).toHaveValue(firstSledski.id);
    await expect(dayButton(sledskiGrid, sledskiDay)).toHaveAccessibleName(
      `${longDay(sledskiDay)}, Sled-Skiing Intro, ${spotsText(spotsLeft(firstSledski, 'winter-classes'))}, selected`,
    );
    await expect(summaryValue(page, 'Class')).toHaveText('Sled-Skiing Intro');
    await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(firstSledski)));
    await expect(summaryTotal(page)).toHaveText('$345');
    await expectCheckoutReady(page);

    const refetch = page.waitForRequest(`${E2E.api}/calendar/winter-classes`);
    await checkoutButton(page).click();
    await refetch;
    await expect(page).toHaveURL(/\/checkout$/);
    await expectStoredCart(page, 'winter-classes', firstSledski, 1, { id: 'price_class_sledski', unit_amount: 34500 });

    await page.goBack();
    await islandsReady(page);
    await expect(dateSelect).toHaveValue(firstSledski.id);
    await expect(dayButton(sledskiGrid, sledskiDay)).toHaveAccessibleName(/, selected$/);
    await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(firstSledski)));
    await expectCheckoutReady(page);
    expect(problems.errors).toEqual([]);
  });

  test('can be used with the keyboard alone: a date from Select Date, another from the grid with Space', async ({ page, problems }) => {
    const {
      entries: classes,
      entry: firstMoto,
      day: motoDay,
    } = await pickDate(page.request, 'winter-classes', firstBookable, 'price_class_moto');
    const nextDay = addDays(motoDay, 1);
    const sunday = classes.find((entry) => dayKeyOf(startOf(entry)) === nextDay && bookable(entry, 'winter-classes'));
    expect(sunday?.stripeId, `a Sled-Skiing Intro the day after ${motoDay}`).toBe('price_class_sledski');

    await page.goto(CLASS_PAGE);
    await islandsReady(page);
    const classSelect = page.getByRole('group', { name: 'Select Class' });
    const dateSelect = page.getByLabel('Select Date');
    await expect(classSelect.getByRole('radio').first()).toBeEnabled();
    await expect(page.getByRole('grid', { name: /^Class dates, / })).toBeVisible();

    await tabTo(page, classSelect.getByRole('radio').first());
    await page.keyboard.press('Space');
    await expect(classSelect.getByRole('radio', { name: 'Motorized Backcountry Essentials, $395' })).toBeChecked();
    await expect(dateSelect).toBeEnabled();
    await page.keyboard.press('Tab');
    await expect(dateSelect).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(dateSelect).toHaveValue(firstMoto.id);
    await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(firstMoto)));
    await expect(summaryTotal(page)).toHaveText('$395');
    await expectCheckoutReady(page);

    // The grid's tab stop is the chosen day; the arrow moves on to Sunday, Space chooses it and its class.
    const grid = gridOf(page, 'Class dates', motoDay);
    await tabTo(page, dayButton(grid, motoDay), 5);
    await expect(dayButton(grid, motoDay)).toHaveAccessibleName(/, selected$/);
    await page.keyboard.press('ArrowRight');
    const sundayButton = dayButton(gridOf(page, 'Class dates', nextDay), nextDay);
    await expect(sundayButton).toBeFocused();
    await page.keyboard.press('Space');
    await expect(sundayButton).toHaveAccessibleName(
      `${longDay(nextDay)}, Sled-Skiing Intro, ${spotsText(spotsLeft(sunday as Entry, 'winter-classes'))}, selected`,
    );
    await expect(sundayButton).toBeFocused();
    await expect(classSelect.getByRole('radio', { name: 'Sled-Skiing Intro, $345' })).toBeChecked();
    await expect(dateSelect).toHaveValue(sunday?.id ?? '');
    await expect(summaryValue(page, 'Class')).toHaveText('Sled-Skiing Intro');
    await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(sunday as Entry)));
    await expect(summaryTotal(page)).toHaveText('$345');

    // A weekday has no class: Space there changes nothing.
    await page.keyboard.press('ArrowRight');
    await expect(dayButton(gridOf(page, 'Class dates', addDays(nextDay, 1)), addDays(nextDay, 1))).toHaveAccessibleName(/, No class$/);
    await page.keyboard.press('Space');
    await expect(dateSelect).toHaveValue(sunday?.id ?? '');
    await expectCheckoutReady(page);
    expect(problems.errors).toEqual([]);
  });

  test('shows a date that fills while the page is open as full, and lets it go, when the visitor comes back to the tab', async ({
    page,
    problems,
  }) => {
    const { entry: target, day } = await pickDate(page.request, 'winter-classes', lastUntouched, 'price_class_moto');
    const label = `${shortDate(startOf(target))} - ${spotsText(spotsLeft(target, 'winter-classes'))}`;

    await page.goto(CLASS_PAGE);
    await islandsReady(page);
    await page.getByRole('radio', { name: 'Motorized Backcountry Essentials, $395' }).check();
    const dateSelect = page.getByLabel('Select Date');
    await dateSelect.selectOption({ label });
    const grid = gridOf(page, 'Class dates', day);
    await expect(dayButton(grid, day)).toHaveAccessibleName(`${longDay(day)}, Motorized Backcountry Essentials, 10 spots left, selected`);
    await expectCheckoutReady(page);

    // Coming back before anyone else books changes nothing.
    let refetch = page.waitForResponse(`${E2E.api}/calendar/winter-classes`);
    await leaveAndComeBack(page);
    await refetch;
    await expect(dateSelect).toHaveValue(target.id);
    await expectCheckoutReady(page);

    // Three other customers take the ten seats; the visitor comes back to the tab.
    await fillDate(page.request, target, 'winter-classes', 'price_class_moto');
    refetch = page.waitForResponse(`${E2E.api}/calendar/winter-classes`);
    await leaveAndComeBack(page);
    await refetch;

    const notice = await expectNoLongerAvailable(page, target);
    const fullOption = dateSelect.locator('option', { hasText: shortDate(startOf(target)) });
    await expect(fullOption).toHaveText(`${shortDate(startOf(target))} - Full`);
    await expect(fullOption).toBeDisabled();
    await expect(dateSelect).toHaveValue('');
    await expect(dayButton(grid, day)).toHaveAccessibleName(`${longDay(day)}, Motorized Backcountry Essentials, Full: join the waitlist`);
    await expect(summaryValue(page, 'Date')).toHaveText('Choose a date');
    await expectCheckoutBlocked(page, 'Choose a date.');

    // The full day cannot be chosen again: tapped, it opens its waitlist instead. Another date can, and that clears the notice.
    await dayButton(grid, day).click();
    const join = page.getByRole('region', { name: 'Join the waitlist' });
    await expect(join.getByLabel('Full date')).toHaveValue(target.id);
    await expect(join.getByRole('heading', { name: 'Join the waitlist' })).toBeFocused();
    await expect(dateSelect).toHaveValue('');
    await join.getByRole('button', { name: 'Close' }).click();
    await expect(join).toHaveCount(0);
    const other = firstBookable(await calendar(page.request, 'winter-classes'), 'winter-classes', 'price_class_moto');
    await dateSelect.selectOption(other.id);
    await expect(notice).toHaveCount(0);
    await expectCheckoutReady(page);
    expect(problems.errors).toEqual([]);
  });

  test('does not go to Checkout with a date that filled meanwhile, and says why', async ({ page, problems }) => {
    const { entry: target, day } = await pickDate(page.request, 'winter-classes', lastUntouched, 'price_class_sledski');

    await page.goto(CLASS_PAGE);
    await islandsReady(page);
    await page.getByRole('radio', { name: 'Sled-Skiing Intro, $345' }).check();
    const dateSelect = page.getByLabel('Select Date');
    await dateSelect.selectOption(target.id);
    await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(target)));
    await expectCheckoutReady(page);

    await fillDate(page.request, target, 'winter-classes', 'price_class_sledski');
    const refetch = page.waitForResponse(`${E2E.api}/calendar/winter-classes`);
    await checkoutButton(page).click();
    await refetch;
    await expectNoLongerAvailable(page, target);
    await expect(page).toHaveURL(new RegExp(`${CLASS_PAGE}$`));
    await expect(dateSelect).toHaveValue('');
    await expect(dateSelect.locator('option', { hasText: shortDate(startOf(target)) })).toBeDisabled();
    await expect(dayButton(gridOf(page, 'Class dates', day), day)).toHaveAccessibleName(
      `${longDay(day)}, Sled-Skiing Intro, Full: join the waitlist`,
    );
    await expectCheckoutRefused(page, 'Choose a date.', CLASS_PAGE);
    expect(problems.errors).toEqual([]);
  });

  test('retries its dates three times, 5 s apart, with the API unreachable, then fails; Retry Now recovers', async ({ page, problems }) => {
    test.setTimeout(60_000);
    problems.allow(/^Failed to load resource: net::ERR_CONNECTION_REFUSED$/);
    const tries: number[] = [];
    await page.route('**/calendar/winter-classes', (route) => {
      tries.push(Date.now());
      return route.abort('connectionrefused');
    });
    await page.goto(CLASS_PAGE);
    await islandsReady(page);

    for (const attempt of [1, 2, 3]) {
      await expect(page.getByRole('status').filter({ hasText: `Attempting to reconnect... (Attempt ${attempt}/3)` })).toBeVisible({
        timeout: 8_000,
      });
    }
    const failure = page.getByRole('alert').filter({ hasText: 'Unable to load classes.' });
    await expect(failure.getByText('Unable to load classes. Please check your connection and try refreshing the page.')).toBeVisible({
      timeout: 8_000,
    });
    expect(tries).toHaveLength(4);
    for (let index = 1; index < tries.length; index += 1) {
      expect((tries[index] ?? 0) - (tries[index - 1] ?? 0), `retry ${index} waits 5 s`).toBeGreaterThanOrEqual(4_900);
    }

    // A class chosen meanwhile has no dates to offer, and says why.
    await page.getByRole('radio', { name: 'Motorized Backcountry Essentials, $395' }).check();
    const dateSelect = page.getByLabel('Select Date');
    await expect(dateSelect).toBeDisabled();
    await expect(dateSelect.locator('option')).toHaveText(['Failed to load classes. Please try again later.']);
    await expectCheckoutBlocked(page, 'Choose a date.');

    await page.unroute('**/calendar/winter-classes');
    await failure.getByRole('button', { name: 'Retry Now' }).click();
    const classes = await calendar(page.request, 'winter-classes');
    const firstDay = dayKeyOf(startOf(firstBookable(classes, 'winter-classes')));
    await expect(gridOf(page, 'Class dates', firstDay)).toBeVisible();
    await expect(failure).toHaveCount(0);
    await expect(dateSelect).toBeEnabled();
    const firstMoto = firstBookable(classes, 'winter-classes', 'price_class_moto');
    await dateSelect.selectOption(firstMoto.id);
    await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(firstMoto)));
    await expectCheckoutReady(page);
    expect(tries).toHaveLength(4);
  });
});

// ---- Time zones ----

test.describe('a visitor in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('sees the same days and the same chosen date as a visitor in Kamas', async ({ page, browser, problems }) => {
    const tours = await calendar(page.request, 'winter-day-tours');
    const classes = await calendar(page.request, 'winter-classes');
    const firstTour = firstBookable(tours, 'winter-day-tours');
    const firstClass = firstBookable(classes, 'winter-classes');
    // The point of the test: in Tokyo, a day tour's 8:00 AM start in Kamas falls on the next calendar day.
    expect(startOf(firstTour).toLocaleDateString('en-US', { timeZone: 'Asia/Tokyo' })).not.toBe(
      startOf(firstTour).toLocaleDateString('en-US', { timeZone: 'America/Denver' }),
    );

    const kamasContext = await browser.newContext({ timezoneId: 'America/Denver' });
    const kamas = await kamasContext.newPage();
    const kamasErrors = watchErrors(kamas);

    async function whatIsShown(visitor: Page) {
      await visitor.goto(TOUR_PAGE);
      await islandsReady(visitor);
      const tourGrid = visitor.getByRole('grid', { name: /^Day tour dates, / });
      await expect(tourGrid).toBeVisible();
      const tourMonth = await tourGrid.getAttribute('aria-label');
      const tourDays = await tourGrid
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
      const firstOpenTour = tourGrid.getByRole('button', { name: /, Available$/ }).first();
      const firstOpenTourName = await firstOpenTour.getAttribute('aria-label');
      await visitor.getByRole('radio', { name: 'Ski & Splitboard Touring Day, $250' }).check();
      await firstOpenTour.click();
      await expect(tourGrid.getByRole('button', { name: /, selected$/ })).toHaveCount(1);
      const tourDate = await summaryValue(visitor, 'Date').textContent();
      const tourSelected = await tourGrid.getByRole('button', { name: /, selected$/ }).getAttribute('aria-label');

      await visitor.goto(CLASS_PAGE);
      await islandsReady(visitor);
      const classGrid = visitor.getByRole('grid', { name: /^Class dates, / });
      await expect(classGrid).toBeVisible();
      const classDays = await classGrid
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
      await visitor.getByRole('radio', { name: 'Motorized Backcountry Essentials, $395' }).check();
      await expect(visitor.getByLabel('Select Date')).toBeEnabled();
      const classOptions = await visitor.getByLabel('Select Date').locator('option').allTextContents();
      await classGrid
        .getByRole('button', { name: /spots? left$/ })
        .first()
        .click();
      await expect(classGrid.getByRole('button', { name: /, selected$/ })).toHaveCount(1);
      const classDate = await summaryValue(visitor, 'Date').textContent();
      const zone = await visitor.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      return { zone, tourMonth, tourDays, firstOpenTourName, tourDate, tourSelected, classDays, classOptions, classDate };
    }

    const inTokyo = await whatIsShown(page);
    const inKamas = await whatIsShown(kamas);
    expect(inTokyo.zone).toBe('Asia/Tokyo');
    expect(inKamas.zone).toBe('America/Denver');
    const firstTourDay = dayKeyOf(startOf(firstTour));
    const firstClassDay = dayKeyOf(startOf(firstClass));
    expect(inTokyo.firstOpenTourName).toBe(`${longDay(firstTourDay)}, Available`);
    expect(inTokyo.tourDate).toBe(dateAndTime(startOf(firstTour)));
    expect(inTokyo.tourSelected).toBe(`${longDay(firstTourDay)}, Available, selected`);
    expect(inTokyo.classDate).toBe(dateAndTime(startOf(firstClass)));
    expect(inTokyo.classDays).toEqual(expectedDayNames(classes, 'winter-classes', firstClassDay.slice(0, 7)));
    expect({ ...inTokyo, zone: '' }).toEqual({ ...inKamas, zone: '' });
    expect(kamasErrors).toEqual([]);
    await kamasContext.close();
    expect(problems.errors).toEqual([]);
  });
});

// ---- A stored selection that is not what the page wrote ----

test('a corrupt stored selection is ignored with a warning, and both pages work as new', async ({ page, problems }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.addInitScript(() => {
    window.localStorage.setItem('startDate', 'not json');
    window.localStorage.setItem('endDate', '"2026-13-45T99:00:00Z"');
    window.localStorage.setItem('selectedPrice', '{"id":1}');
    window.localStorage.setItem('selectedProduct', '[]');
    window.localStorage.setItem('partySize', '99');
    window.localStorage.setItem('selectedPriceId', '42');
    window.localStorage.setItem('tourType', '{');
    window.localStorage.setItem('dateId', '""');
    window.localStorage.setItem('calendar', '"summer-tours"');
  });
  const { entry: first, day: firstDay } = await pickDate(page.request, 'winter-day-tours', firstBookable);

  await page.goto(TOUR_PAGE);
  await islandsReady(page);
  const grid = gridOf(page, 'Day tour dates', firstDay);
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('button', { name: /, selected$/ })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Select Activity' }).getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByLabel('Select Party Size')).toHaveValue('1');
  await expect(summaryValue(page, 'Party Size')).toHaveText('1');
  await expect(summaryValue(page, 'Date')).toHaveText('Choose a date');
  await expect(summaryTotal(page)).toHaveText('N/A');
  await expectCheckoutBlocked(page, 'Choose an activity and a date.');
  for (const key of [
    'startDate',
    'endDate',
    'selectedPrice',
    'selectedProduct',
    'partySize',
    'selectedPriceId',
    'tourType',
    'dateId',
    'calendar',
  ]) {
    expect(
      warnings.some((warning) => warning.startsWith(`Ignoring the stored ${key}`)),
      `a warning about ${key}`,
    ).toBe(true);
  }

  await page.getByRole('radio', { name: 'Sled-Access Ski Day, $425' }).check();
  await page.getByLabel('Select Party Size').selectOption('2');
  await dayButton(grid, firstDay).click();
  await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(first)));
  await expect(summaryTotal(page)).toHaveText('$850');
  await expectCheckoutReady(page);

  warnings.length = 0;
  const classes = await calendar(page.request, 'winter-classes');
  const firstSledski = firstBookable(classes, 'winter-classes', 'price_class_sledski');
  await page.goto(CLASS_PAGE);
  await islandsReady(page);
  await expect(page.getByRole('grid', { name: /^Class dates, / })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Select Class' }).getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(summaryTotal(page)).toHaveText('N/A');
  await expectCheckoutBlocked(page, 'Choose a class and a date.');
  expect(warnings.some((warning) => warning.startsWith('Ignoring the stored startDate'))).toBe(true);
  await page.getByRole('radio', { name: 'Sled-Skiing Intro, $345' }).check();
  await page.getByLabel('Select Date').selectOption(firstSledski.id);
  await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(firstSledski)));
  await expect(summaryTotal(page)).toHaveText('$345');
  await expectCheckoutReady(page);
  expect((await storedCartValues(page))['partySize']).toBe(1);
  expect(problems.errors).toEqual([]);
});

test('Enroll Now under each course on the services page opens the class page with that class chosen', async ({ page, problems }) => {
  for (const [course, choice] of [
    ['Sled-Skiing Intro', 'Sled-Skiing Intro, $345'],
    ['Motorized Backcountry Essentials', 'Motorized Backcountry Essentials, $395'],
  ] as const) {
    await page.goto('/services');
    await page.getByRole('region', { name: course }).getByRole('link', { name: 'Enroll Now' }).click();
    await expect(page).toHaveURL(/\/booking\/avalanche-class\?class=\w+$/);
    await islandsReady(page);
    await expect(page.getByRole('radio', { name: choice })).toBeChecked();
    await expect(summaryValue(page, 'Class')).toHaveText(course);
  }
  expect(problems.errors).toEqual([]);
});

// ---- Accessibility ----

atPhoneAndDesktop('at', () => {
  test('axe finds nothing on either booking page, with the calendar loaded and with a date chosen', async ({ page, problems }) => {
    const axe = () => axeViolations(page);

    await page.goto(TOUR_PAGE);
    await islandsReady(page);
    const tourGrid = page.getByRole('grid', { name: /^Day tour dates, / });
    await expect(tourGrid).toBeVisible();
    await expect(page.getByRole('group', { name: 'Select Activity' }).getByRole('radio').first()).toBeEnabled();
    expect(await axe(), 'day tours, calendar loaded').toEqual([]);
    await page.getByRole('radio', { name: 'Ski & Splitboard Touring Day, $250' }).check();
    await chooseFirstFreeDay(page, tourGrid, /, Available$/);
    expect(await axe(), 'day tours, date chosen').toEqual([]);

    await page.goto(CLASS_PAGE);
    await islandsReady(page);
    const classGrid = page.getByRole('grid', { name: /^Class dates, / });
    await expect(classGrid).toBeVisible();
    await expect(page.getByRole('group', { name: 'Select Class' }).getByRole('radio').first()).toBeEnabled();
    expect(await axe(), 'classes, calendar loaded').toEqual([]);
    await chooseFirstFreeDay(page, classGrid, /spots? left$/);
    expect(await axe(), 'classes, date chosen').toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});

// ---- No Firebase on the booking pages ----

test('neither booking page asks for the Firebase SDK or the identity service while a visitor browses and chooses', async ({
  page,
  problems,
}) => {
  const requests: string[] = [];
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).pathname.startsWith('/_astro/')) {
      scripts.push({ url: response.url(), body: response.text() });
    }
  });

  await page.goto(TOUR_PAGE);
  await islandsReady(page);
  const tourGrid = page.getByRole('grid', { name: /^Day tour dates, / });
  await expect(tourGrid).toBeVisible();
  await page.getByRole('radio', { name: 'Snowmobile Exploration Day, $350' }).check();
  await page.getByLabel('Select Party Size').selectOption('2');
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: 'Prev month' }).click();
  await chooseFirstFreeDay(page, tourGrid, /, Available$/);
  await leaveAndComeBack(page);
  await networkQuiet(page);

  await page.goto(CLASS_PAGE);
  await islandsReady(page);
  const classGrid = page.getByRole('grid', { name: /^Class dates, / });
  await expect(classGrid).toBeVisible();
  await page.getByRole('radio', { name: 'Motorized Backcountry Essentials, $395' }).check();
  await page.getByLabel('Select Date').selectOption({ index: 1 });
  await chooseFirstFreeDay(page, classGrid, /spots? left$/);
  await networkQuiet(page);

  expect(requests.filter((url) => /firebase|googleapis|identitytoolkit|securetoken|:9199/i.test(url))).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  const firebaseChunks: string[] = [];
  for (const script of scripts) {
    const body = await script.body;
    if (/index\.esm|firebase/i.test(script.url) || /FirebaseError|@firebase\//.test(body)) {
      firebaseChunks.push(script.url);
    }
  }
  expect(firebaseChunks).toEqual([]);
  expect(problems.errors).toEqual([]);
});

// ---- Before the scripts arrive ----

atPhoneAndDesktop('before hydration at', () => {
  for (const [path, heading, choice, loading, select, gridLabel] of [
    [TOUR_PAGE, 'Book a Day Tour', 'Select Activity', 'Loading activities...', 'Select Party Size', 'Day tour dates'],
    [CLASS_PAGE, 'Book an Avalanche Class', 'Select Class', 'Loading classes...', 'Select Date', 'Class dates'],
  ] as const) {
    test(`${path} shows its controls disabled, and nothing moves when the scripts and dates arrive`, async ({ page, problems }) => {
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const prices = page.getByRole('group', { name: choice });
      await expect(prices.getByRole('status')).toHaveText(loading);
      await expect(prices.getByRole('radio')).toHaveCount(0);
      await expect(page.getByLabel(select)).toBeDisabled();
      // Checkout is a native disabled button until the island runs (aria-disabled afterwards, while the selection is incomplete).
      await expect(checkoutButton(page)).toHaveAttribute('disabled', '');
      await expect(page.getByRole('grid')).toHaveCount(0);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));

      const frame = page.locator('.calendar-frame');
      const summary = summaryOf(page);
      const before = { frame: await frame.boundingBox(), summary: await summary.boundingBox() };

      await release();
      await islandsReady(page);
      await expect(page.getByRole('grid', { name: new RegExp(`^${gridLabel}, `) })).toBeVisible();
      await expect(prices.getByRole('radio').first()).toBeEnabled();
      if (path === CLASS_PAGE) await expect(page.getByRole('list', { name: 'Calendar key' }).getByRole('listitem')).toHaveCount(3);
      await expect(checkoutButton(page)).not.toHaveAttribute('disabled');
      await expect(checkoutButton(page)).toHaveAttribute('aria-disabled', 'true');
      const after = { frame: await frame.boundingBox(), summary: await summary.boundingBox() };

      expect(after.frame?.height, 'the calendar frame keeps its height').toBeCloseTo(before.frame?.height ?? -1, 0);
      expect(after.frame?.y, 'the calendar frame stays in place').toBeCloseTo(before.frame?.y ?? -1, 0);
      expect(after.summary?.y, 'the Order Summary stays in place').toBeCloseTo(before.summary?.y ?? -1, 0);
      expect(problems.errors).toEqual([]);
    });
  }
});
