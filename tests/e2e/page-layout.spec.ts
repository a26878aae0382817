/**
 * Every page in a person's hand: on every page of the site (each file of src/pages) and each step of
 * checkout, at 320, 360, 390 and 1280 px, once the page has settled, nothing is wider than the
 * screen, no control covers another, is cut off or sticks out of its frame or the page's margin, no
 * select cuts its chosen line short, every box and round choice is 24 px or more, and on a phone
 * every field's text is 16 px or more (./layout-problems.ts). Public pages are read signed out;
 * account pages as a customer with a booking; guides' pages as a guide; the operators' console as an
 * operator.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import {
  bookByApi,
  bookingIdOn,
  calendar,
  classDateWithSeats,
  freshDate,
  newGuide,
  newStaffMember,
  readyCustomer,
} from './api-customers.ts';
import { expect, islandsReady, networkQuiet, readToTheEnd, test } from './fixtures.ts';
import { layoutProblems } from './layout-problems.ts';
import { chooseDayTour, logInHere, TOUR_PAGE } from './page-helpers.ts';
import { expectStep, stepSection, surveyOnFile, waiverOnFile } from './checkout-steps.ts';

const WIDTHS = [320, 360, 390, 1280] as const;
const CLASS_PRICE = 'price_class_sledski';

/** Every .astro file under `dir`. */
function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? pageFiles(join(dir, entry.name)) : entry.name.endsWith('.astro') ? [join(dir, entry.name)] : [],
  );
}

/** Every route of src/pages, as its address ('/404' for the page of unknown addresses; a folder's index page at the folder's own address). */
function routes(): string[] {
  return pageFiles('src/pages')
    .map((file) => `/${relative('src/pages', file).replace(/\.astro$/, '')}`.replace(/\/index$/, '') || '/')
    .sort();
}

const ACCOUNT_PAGES = new Set(['/profile', '/waiver', '/waiver/copy', '/checkout', '/payment-success', '/booking/called-off']);
const GUIDE_PAGES = new Set(['/guide', '/guide/roster']);
const OPS_PAGES = new Set(['/ops', '/ops/booking', '/ops/activity', '/ops/date', '/ops/dates', '/ops/promo-codes']);
const ALL = routes();
const PUBLIC = ALL.filter((path) => !ACCOUNT_PAGES.has(path) && !GUIDE_PAGES.has(path) && !OPS_PAGES.has(path));
/** Steps 2 and 3 of a returning customer: what shows them on file, the button that opens the form again, the button that sends it, and what the second look is of. */
const SAVED_STEPS = [
  { name: 'Survey', onFile: surveyOnFile, review: 'Review or change', send: 'Submit', reviewed: 'reviewed' },
  { name: 'Waiver', onFile: waiverOnFile, review: 'Review or sign again', send: 'Sign Waiver', reviewed: 'signed again' },
] as const;

test('the list of pages is every route of src/pages', () => {
  expect(ALL).toEqual(
    expect.arrayContaining(['/', '/404', '/booking/avalanche-class', '/booking/backcountry-tour', '/booking/faq', '/gift-cards']),
  );
  expect(ALL.filter((path) => ACCOUNT_PAGES.has(path) || GUIDE_PAGES.has(path) || OPS_PAGES.has(path))).toHaveLength(
    ACCOUNT_PAGES.size + GUIDE_PAGES.size + OPS_PAGES.size,
  );
});

/** Opens a page and lets it settle as a reader sees it: islands running, data and fonts loaded, every section revealed, the hero video playing. */
async function settle(page: Page, path: string) {
  await page.goto(path);
  await islandsReady(page);
  await networkQuiet(page);
  if (path === '/') await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible({ timeout: 10_000 });
  await page.evaluate(() => document.fonts.ready);
  await readToTheEnd(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

/** What a person trips over on the page as it is now, each line naming the page and the width. */
async function problemsHere(page: Page, where: string, width: number): Promise<string[]> {
  const found = await page.evaluate(layoutProblems, { phone: width < 600 });
  return found.map((problem) => `${where} at ${width} px: ${problem}`);
}

async function problemsOn(page: Page, paths: readonly string[], width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 800 });
  const found: string[] = [];
  for (const path of paths) {
    await settle(page, path);
    found.push(...(await problemsHere(page, path, width)));
  }
  return found;
}

/** A route with what it needs to show its content: the page of unknown addresses, a signed copy's record, a date's roster. */
function address(path: string, records: { waiver?: string; date?: string; booking?: string | undefined } = {}): string {
  if (path === '/404') return '/no-such-trail';
  if (path === '/waiver/copy') return `/waiver/copy?id=${encodeURIComponent(records.waiver ?? '')}`;
  if (path === '/guide/roster') return `/guide/roster?date=${encodeURIComponent(records.date ?? '')}`;
  if (path === '/ops/booking') return `/ops/booking?id=${encodeURIComponent(records.booking ?? '')}`;
  if (path === '/ops/date') return `/ops/date?id=${encodeURIComponent(records.date ?? '')}`;
  return path;
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test('a person trips over nothing on a public page', async ({ page, problems }) => {
      test.setTimeout(120_000);
      problems.allow(/status of 404/);
      expect(
        await problemsOn(
          page,
          PUBLIC.map((path) => address(path)),
          width,
        ),
      ).toEqual([]);
    });

    test('a customer with a booking trips over nothing on an account page', async ({ page, problems: _ }) => {
      test.setTimeout(90_000);
      const customer = await readyCustomer(page.request);
      const entry = await classDateWithSeats(page.request, CLASS_PRICE, 1);
      await bookByApi(page.request, customer, { dateId: entry.id, priceId: CLASS_PRICE, calendar: 'winter-classes', partySize: 1 });
      const waivers = await page.request.get(`${E2E.api}/users/user/${customer.uid}/waivers`, {
        headers: { Authorization: `Bearer ${customer.idToken}` },
      });
      const [signed] = (await waivers.json()) as { id: string }[];
      await page.goto('/sign-in');
      await logInHere(page, customer.email);
      const paths = ALL.filter((path) => ACCOUNT_PAGES.has(path)).map((path) => address(path, { waiver: signed?.id ?? '' }));
      expect(await problemsOn(page, paths, width)).toEqual([]);
    });

    test('a guide trips over nothing on a guides\u2019 page', async ({ page, problems: _ }) => {
      test.setTimeout(90_000);
      const email = await newGuide(page.request);
      const [date] = await calendar(page.request, 'winter-classes');
      await page.goto('/sign-in');
      await logInHere(page, email);
      const paths = ALL.filter((path) => GUIDE_PAGES.has(path)).map((path) => address(path, { date: date?.id ?? '' }));
      expect(await problemsOn(page, paths, width)).toEqual([]);
    });

    test('an operator trips over nothing on the console', async ({ page, problems: _ }) => {
      test.setTimeout(90_000);
      const customer = await readyCustomer(page.request);
      const entry = await classDateWithSeats(page.request, CLASS_PRICE, 1);
      await bookByApi(page.request, customer, { dateId: entry.id, priceId: CLASS_PRICE, calendar: 'winter-classes', partySize: 1 });
      const booking = await bookingIdOn(page.request, customer, entry.id);
      const email = await newStaffMember(page.request, 'operator');
      await page.goto('/sign-in');
      await logInHere(page, email);
      const paths = ALL.filter((path) => OPS_PAGES.has(path)).map((path) => address(path, { booking, date: entry.id }));
      expect(await problemsOn(page, [...paths, `/ops?q=${encodeURIComponent(customer.email)}`], width)).toEqual([]);
    });

    test('a returning customer trips over nothing at any step of checkout', async ({ page, problems: _ }) => {
      test.setTimeout(90_000);
      const customer = await readyCustomer(page.request);
      const entry = await freshDate(page.request, 'winter-day-tours');
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/sign-in');
      await logInHere(page, customer.email);
      await page.goto(TOUR_PAGE);
      await chooseDayTour(page, 'Snowmobile Exploration Day, $350', 2, entry, '$700');
      const found: string[] = [];
      const look = async (step: string) => {
        await networkQuiet(page);
        await page.evaluate(() => document.fonts.ready);
        found.push(...(await problemsHere(page, `checkout's ${step} step`, width)));
      };
      const step = stepSection(page);
      // Steps 2 and 3 alike: what is on file, then the form opened again and sent.
      for (const { name, onFile, review, send, reviewed } of SAVED_STEPS) {
        await expectStep(page, name);
        await expect(onFile(page)).toBeVisible();
        await look(`${name} (on file)`);
        await step.getByRole('button', { name: review }).click();
        await expect(step.getByRole('button', { name: send })).toBeEnabled();
        await look(`${name} (${reviewed})`);
        await step.getByRole('button', { name: send }).click();
      }
      await expectStep(page, 'Payment');
      await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();
      await look('Payment');
      expect(found).toEqual([]);
    });
  });
}
