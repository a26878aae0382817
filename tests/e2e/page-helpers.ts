/**
 * The site's pages as the browser tests read them: the booking pages' addresses and their Order
 * Summary, the stored cart, dates as Kamas (America/Denver) counts and the site writes them, worked
 * out with Intl rather than the site's own code, and the keyboard.
 */
import type { Locator, Page } from '@playwright/test';
import { PASSWORD, startOf, type Entry } from './api-customers.ts';
import { expect, islandsReady } from './fixtures.ts';

export const TOUR_PAGE = '/booking/backcountry-tour';
export const CLASS_PAGE = '/booking/avalanche-class';
/** The cart's localStorage keys. */
export const CART_KEYS = [
  'tourType',
  'selectedPriceId',
  'selectedProduct',
  'selectedPrice',
  'startDate',
  'endDate',
  'partySize',
  'dateId',
  'calendar',
];

// ---- Dates ----

export const inDenver = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver', ...options });
  return (instant: Date) => format.format(instant).replace(/\u202f/g, ' ');
};
/** 'Sat, Dec 5, 8:00 AM': a date and its start time in Kamas, as My Bookings and the guides' pages write it. */
export const dateAndTime = (instant: Date) =>
  inDenver({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })(instant).replace(/ at /, ', ');
/** 'JDAT-QD5R': how the site names the booking 'bk_jDaTQd5ro3D-qL0H' (its first eight letters and digits, in capitals). */
export function referenceOf(bookingId: string): string {
  const characters = bookingId
    .slice(3)
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();
  return `${characters.slice(0, 4)}-${characters.slice(4)}`;
}

/** '1 spot left', '10 spots left': a date's free seats as the class and mentorship pages say them. */
export const spotsText = (count: number) => `${count} ${count === 1 ? 'spot' : 'spots'} left`;
/** 'Sat, Dec 5', as the summaries show a date. */
export const shortDate = inDenver({ weekday: 'short', month: 'short', day: 'numeric' });
const denverParts = inDenver({ year: 'numeric', month: '2-digit', day: '2-digit' });

/** 'YYYY-MM-DD' of an instant in Kamas. */
export function dayKeyOf(instant: Date) {
  const [month, day, year] = denverParts(instant).split('/');
  return `${year}-${month}-${day}`;
}

/** A calendar day 'YYYY-MM-DD' at noon UTC: any arithmetic on it stays on calendar days. */
export const utcNoon = (day: string) => new Date(`${day}T12:00:00Z`);
const inUtc = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options });
  return (day: string) => format.format(utcNoon(day));
};
/** 'Saturday, December 5, 2026': the start of a day's accessible name in the grid. */
export const longDay = inUtc({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
/** 'December 2026' of a day or month key. */
export const monthName = (dayOrMonth: string) => inUtc({ month: 'long', year: 'numeric' })(`${dayOrMonth.slice(0, 7)}-01`);

// ---- The Order Summary and the calendar ----

export const summaryOf = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
/** The value beside a label in an Order Summary (the booking page's or the payment step's). */
export const summaryValue = (page: Page, label: string) =>
  summaryOf(page)
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
export const summaryTotal = (page: Page) =>
  summaryOf(page)
    .locator('p', { hasText: /^Total/ })
    .locator('strong');

/** The button of a day in a calendar grid, found by the start of its accessible name. */
export const dayButton = (grid: Locator, day: string) => grid.getByRole('button', { name: new RegExp(`^${longDay(day)},`) });

/** The day tour calendar's grid of the month of `day`. */
export const gridOf = (page: Page, day: string) => page.getByRole('grid', { name: `Day tour dates, ${monthName(day)}` });

/** Steps the day tour calendar with Prev or Next until it shows the month of `day`. */
export async function showMonthOf(page: Page, day: string) {
  const grid = page.getByRole('grid', { name: /^Day tour dates, / });
  const wanted = `Day tour dates, ${monthName(day)}`;
  for (let step = 0; step < 24; step += 1) {
    const shown = (await grid.getAttribute('aria-label')) ?? '';
    if (shown === wanted) return;
    const shownMonth = new Date(`${shown.slice('Day tour dates, '.length)} 1 UTC`).toISOString().slice(0, 7);
    await page.getByRole('button', { name: shownMonth < day.slice(0, 7) ? 'Next month' : 'Prev month' }).click();
    await expect(grid).not.toHaveAttribute('aria-label', shown);
  }
  await expect(grid).toHaveAttribute('aria-label', wanted);
}

/** A booking page's choice of price (Select Activity or Select Class) offers these, in this order, each named by its name and price ('Sled-Skiing Intro, $345'). */
export async function expectPriceChoices(group: Locator, names: readonly string[]) {
  const radios = group.getByRole('radio');
  await expect(radios).toHaveCount(names.length);
  for (const [index, name] of names.entries()) await expect(radios.nth(index)).toHaveAccessibleName(name);
}

/** On the day tour page: an activity (its name and price, 'Sled-Access Ski Day, $425'), a party size and a date, then Checkout. */
export async function chooseDayTour(page: Page, activity: string, partySize: number, entry: Entry, total: string) {
  await islandsReady(page);
  await page.getByRole('group', { name: 'Select Activity' }).getByRole('radio', { name: activity }).check();
  await page.getByLabel('Select Party Size').selectOption(String(partySize));
  await expect(page.getByRole('grid', { name: /^Day tour dates, / })).toBeVisible();
  const day = dayKeyOf(startOf(entry));
  await showMonthOf(page, day);
  await dayButton(gridOf(page, day), day).click();
  await expect(summaryValue(page, 'Date')).toHaveText(dateAndTime(startOf(entry)));
  await expect(summaryTotal(page)).toHaveText(total);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout(\?.*)?$/);
}

export async function storedCart(page: Page) {
  return page.evaluate((keys) => Object.fromEntries(keys.map((key) => [key, window.localStorage.getItem(key)])), CART_KEYS);
}

/** The cart as the browser keeps it, each value read back from its JSON (null when not kept). */
export async function storedCartValues(page: Page): Promise<Record<string, unknown>> {
  const stored = await storedCart(page);
  return Object.fromEntries(Object.entries(stored).map(([key, value]) => [key, JSON.parse(value ?? 'null') as unknown]));
}

// ---- The waiver's signature pad ----

export const signaturePad = (page: Page) => page.getByRole('img', { name: /^Signature/ });

/** A signature's stroke across the pad, as fractions of its width and height: down at the first point, a zigzag, up at the last. */
export const SIGNATURE_STROKE: readonly (readonly [number, number])[] = [
  [0.1, 0.6],
  [0.2, 0.3],
  [0.3, 0.7],
  [0.4, 0.3],
  [0.5, 0.7],
  [0.6, 0.4],
];

/** A signature drawn with the mouse across the pad. */
export async function drawSignature(page: Page) {
  const canvas = signaturePad(page).locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  const [start = [0, 0], ...moves] = SIGNATURE_STROKE;
  await page.mouse.move(...at(...start));
  await page.mouse.down();
  for (const [x, y] of moves) await page.mouse.move(...at(x, y), { steps: 5 });
  await page.mouse.up();
  await expect(signaturePad(page)).toHaveAccessibleName(/Signed$/);
}

/** The size of a signature image (a data URL) and whether anything is drawn on it. */
export function inkedImage(page: Page, dataUrl: string) {
  return page.evaluate(async (source) => {
    const image = new Image();
    image.src = source;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context?.drawImage(image, 0, 0);
    const pixels = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    const inked = Array.prototype.some.call(pixels, (value: number, index: number) => index % 4 === 3 && value > 0);
    return { width: image.naturalWidth, height: image.naturalHeight, inked };
  }, dataUrl);
}

// ---- The keyboard and a second browser ----

/** Moves focus with Tab (or Shift+Tab) only, as a keyboard user would, until `target` has it. */
export async function tabTo(page: Page, target: Locator, most = 60, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let press = 0; press < most; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** Console errors and page errors of a page the `problems` fixture does not watch (a second browser context). */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

// ---- /profile ----

/** Signs in through the sign-in page as a customer would, then opens /profile. */
/** Logs in with e-mail and password on the sign-in page the browser is on. */
export async function logInHere(page: Page, email: string) {
  await islandsReady(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** Switches the sign-in page the browser is on to Sign Up, and signs up with this e-mail and password. */
export async function signUpHere(page: Page, email: string, password: string) {
  await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
}

/** Logs out through the account menu, as a customer would. */
export async function logOut(page: Page, email: string) {
  await page.getByRole('button', { name: `Account menu, signed in as ${email}` }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
}

/** Opens /sign-in and logs in. */
export async function signIn(page: Page, email: string) {
  await page.goto('/sign-in');
  await logInHere(page, email);
}

export async function signInAndOpenProfile(page: Page, email: string) {
  await signIn(page, email);
  await page.goto('/profile');
  await islandsReady(page);
  await expect(page.getByRole('heading', { level: 2, name: 'My Bookings' })).toBeVisible();
}

export const myBookings = (page: Page) => page.getByRole('region', { name: 'My Bookings' });

// ---- The console's forms ----

/** Opens a form of the console with its button (`opener`, found within `scope`): the form (`name`) opens with its first field (`field`) focused. */
export async function openForm(scope: Page | Locator, opener: string, name: string, field: string) {
  await scope.getByRole('button', { name: opener }).click();
  const form = scope.getByRole('form', { name });
  await expect(form.getByLabel(field)).toBeFocused();
  return form;
}
