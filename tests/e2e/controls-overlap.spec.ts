/**
 * No control covers another: on every page of the site (each file of src/pages), at 320, 360, 390
 * and 1280 px, the boxes of all visible controls (links, buttons, fields, anything with a control's
 * role) are compared pairwise, as a person sees them once the page has settled. A control inside
 * another (a button in a link's box) is not an overlap; controls of a closed menu are not visible.
 * Public pages are read signed out; account pages as a customer with a booking; guides' pages as a
 * guide; the operators' console as an operator.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { bookByApi, bookingIdOn, calendar, classDateWithSeats, newGuide, newStaffMember, readyCustomer } from './api-customers.ts';
import { expect, islandsReady, readToTheEnd, test } from './fixtures.ts';
import { logInHere } from './page-helpers.ts';

const WIDTHS = [320, 360, 390, 1280] as const;
const CLASS_PRICE = 'price_class_sledski';

/** Every .astro file under `dir`. */
function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? pageFiles(join(dir, entry.name)) : entry.name.endsWith('.astro') ? [join(dir, entry.name)] : [],
  );
}

/** Every route of src/pages, as its address ('/404' for the page of unknown addresses). */
function routes(): string[] {
  return pageFiles('src/pages')
    .map((file) => `/${relative('src/pages', file).replace(/\.astro$/, '')}`.replace(/\/index$/, '/'))
    .sort();
}

const ACCOUNT_PAGES = new Set(['/profile', '/waiver', '/waiver/copy', '/checkout', '/payment-success', '/booking/called-off']);
const GUIDE_PAGES = new Set(['/guide', '/guide/roster']);
const OPS_PAGES = new Set(['/ops', '/ops/booking', '/ops/activity', '/ops/date', '/ops/dates', '/ops/promo-codes']);
const ALL = routes();
const PUBLIC = ALL.filter((path) => !ACCOUNT_PAGES.has(path) && !GUIDE_PAGES.has(path) && !OPS_PAGES.has(path));

test('the list of pages is every route of src/pages', () => {
  expect(ALL).toEqual(expect.arrayContaining(['/', '/404', '/booking/avalanche-class', '/booking/backcountry-tour', '/booking/faq']));
  expect(ALL.filter((path) => ACCOUNT_PAGES.has(path) || GUIDE_PAGES.has(path) || OPS_PAGES.has(path))).toHaveLength(
    ACCOUNT_PAGES.size + GUIDE_PAGES.size + OPS_PAGES.size,
  );
});

interface Overlap {
  first: string;
  second: string;
  width: number;
  height: number;
}

/** Each pair of visible controls whose boxes (clipped by any scrolling or hiding container) share more than a pixel each way. */
function overlappingControls(): Overlap[] {
  const SELECTOR = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    '[tabindex]:not([tabindex="-1"])',
    ...['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option', 'slider', 'combobox', 'textbox'].map(
      (role) => `[role="${role}"]`,
    ),
  ].join(',');
  type Box = { left: number; top: number; right: number; bottom: number };
  const intersect = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const page: Box = { left: 0, top: 0, right: document.documentElement.scrollWidth, bottom: document.documentElement.scrollHeight };
  const toPage = (rect: DOMRect): Box => ({
    left: rect.left + scrollX,
    top: rect.top + scrollY,
    right: rect.right + scrollX,
    bottom: rect.bottom + scrollY,
  });
  const sizable = (box: Box) => box.right - box.left >= 2 && box.bottom - box.top >= 2;
  /**
   * What of the element shows: each of its boxes (a link that wraps has one per line), cut to each
   * ancestor that clips its overflow and to the page. Anything under 2 x 2 px is not seen (a visually
   * hidden field stands for the control drawn over it).
   */
  const visibleBoxes = (element: Element): Box[] => {
    const clips = [page];
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clips.push(toPage(parent.getBoundingClientRect()));
    }
    return [...element.getClientRects()].map((rect) => clips.reduce(intersect, toPage(rect))).filter(sizable);
  };
  const nameOf = (element: Element) => {
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent?.trim() : '';
    return `${element.tagName.toLowerCase()} "${(text || label || element.getAttribute('name') || element.getAttribute('title') || '').slice(0, 40)}"`;
  };
  const controls = [...document.querySelectorAll(SELECTOR)]
    .filter((element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    .map((element) => ({ element, boxes: visibleBoxes(element) }))
    .filter(({ boxes }) => boxes.length > 0);
  const found: Overlap[] = [];
  controls.forEach((a, index) => {
    for (const b of controls.slice(index + 1)) {
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const shared = a.boxes
        .flatMap((boxA) => b.boxes.map((boxB) => intersect(boxA, boxB)))
        .map((box) => ({ width: Math.round(box.right - box.left), height: Math.round(box.bottom - box.top) }))
        .find((box) => box.width > 1 && box.height > 1);
      if (shared) found.push({ first: nameOf(a.element), second: nameOf(b.element), ...shared });
    }
  });
  return found;
}

/** Opens a page and lets it settle as a reader sees it: islands running, data and fonts loaded, every section revealed, the hero video playing. */
async function settle(page: Page, path: string) {
  await page.goto(path);
  await islandsReady(page);
  await page.waitForLoadState('networkidle');
  if (path === '/') await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible({ timeout: 10_000 });
  await page.evaluate(() => document.fonts.ready);
  await readToTheEnd(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

async function overlapsOn(page: Page, paths: readonly string[], width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 800 });
  const found: string[] = [];
  for (const path of paths) {
    await settle(page, path);
    for (const overlap of await page.evaluate(overlappingControls)) {
      found.push(`${path} at ${width} px: ${overlap.first} and ${overlap.second} overlap by ${overlap.width} x ${overlap.height} px`);
    }
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
    test('no control of a public page covers another', async ({ page, problems }) => {
      test.setTimeout(120_000);
      problems.allow(/status of 404/);
      expect(
        await overlapsOn(
          page,
          PUBLIC.map((path) => address(path)),
          width,
        ),
      ).toEqual([]);
    });

    test('no control of an account page covers another, for a customer with a booking', async ({ page, problems: _ }) => {
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
      expect(await overlapsOn(page, paths, width)).toEqual([]);
    });

    test('no control of a guides\u2019 page covers another', async ({ page, problems: _ }) => {
      const email = await newGuide(page.request);
      const [date] = await calendar(page.request, 'winter-classes');
      await page.goto('/sign-in');
      await logInHere(page, email);
      const paths = ALL.filter((path) => GUIDE_PAGES.has(path)).map((path) => address(path, { date: date?.id ?? '' }));
      expect(await overlapsOn(page, paths, width)).toEqual([]);
    });

    test('no control of an operators\u2019 page covers another', async ({ page, problems: _ }) => {
      const customer = await readyCustomer(page.request);
      const entry = await classDateWithSeats(page.request, CLASS_PRICE, 1);
      await bookByApi(page.request, customer, { dateId: entry.id, priceId: CLASS_PRICE, calendar: 'winter-classes', partySize: 1 });
      const booking = await bookingIdOn(page.request, customer, entry.id);
      const email = await newStaffMember(page.request, 'operator');
      await page.goto('/sign-in');
      await logInHere(page, email);
      const paths = ALL.filter((path) => OPS_PAGES.has(path)).map((path) => address(path, { booking, date: entry.id }));
      expect(await overlapsOn(page, [...paths, `/ops?q=${encodeURIComponent(customer.email)}`], width)).toEqual([]);
    });
  });
}
