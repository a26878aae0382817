/**
 * The console's actual use report: an operator opens it from the console, picks the season of a date a
 * customer booked, reads the table (the booked date counted from its bookings, since nobody checked
 * anyone in), downloads the CSV and reads back the same rows, and prints a page with the company's
 * name and without the console's controls. Axe finds nothing; nothing is wider than the screen.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { site } from '../../shared/company/site.ts';
import { FEE_RATE_MESSAGE, MONEY_DAYS_MESSAGE } from '../../shared/contract/reports.ts';
import { MONEY_COLUMNS } from '../../shared/reports/money-csv.ts';
import { denverDay, formatDenverDay } from '../../shared/rules/dates.ts';
import { seasonFor } from '../../shared/rules/season.ts';
import { figuresSeason, seasonMonths } from '../../shared/rules/season-figures.ts';
import { bookByApi, bookingIdOn, classDateWithSeats, newStaffMember, readyCustomer, startOf } from './api-customers.ts';
import { atPhoneAndDesktop, axeViolations, expect, islandsReady, test } from './fixtures.ts';
import { layoutProblems } from './layout-problems.ts';
import { referenceOf, signIn } from './page-helpers.ts';

const CLASS_PRICE = 'price_class_sledski';

/** The cells of a table's rows, as a person reads them (a cell of two lines, its lines). */
const cellsOf = (page: Page, name: string) =>
  page
    .getByRole('table', { name })
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll<HTMLElement>('th, td')].flatMap((cell) => cell.innerText.trim().split('\n'))),
    );

/** '$2,120' or '-$5.50' as the CSV writes it: '2120.00', '-5.50'. */
const asDecimal = (shown: string) => {
  const [whole = '0', cents = '00'] = shown.replace(/[$,]/g, '').split('.');
  return `${whole}.${cents.padEnd(2, '0')}`;
};

atPhoneAndDesktop('the actual use report at', () => {
  test('an operator picks the season, reads the table, downloads the same rows as a CSV, and prints it', async ({ page }) => {
    const payer = await readyCustomer(page.request);
    const entry = await classDateWithSeats(page.request, CLASS_PRICE, 1);
    await bookByApi(page.request, payer, { dateId: entry.id, priceId: CLASS_PRICE, calendar: 'winter-classes', partySize: 1 });
    await bookingIdOn(page.request, payer, entry.id);
    const season = seasonFor(startOf(entry)).label;
    const day = denverDay(startOf(entry));

    await signIn(page, await newStaffMember(page.request, 'operator'));
    await page.goto('/ops');
    await islandsReady(page);
    await page.getByRole('link', { name: 'Reports' }).click();
    await islandsReady(page);
    await page.getByRole('link', { name: 'The Forest Service’s actual use report' }).click();
    await islandsReady(page);
    await page.getByLabel('Season', { exact: true }).selectOption(season);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/ops/reports/actual-use\\?season=${season}$`));
    await islandsReady(page);
    await expect(page.getByRole('heading', { name: `Actual use report, season ${season}` })).toBeVisible();

    const tableName = 'Clients, service days and revenue on National Forest land';
    await expect(page.getByRole('table', { name: tableName }).getByRole('row', { name: /^Avalanche Courses/ })).toBeVisible();
    const counted = page.getByRole('region', { name: 'Counted from bookings, no check-ins' });
    await expect(
      counted.getByText(new RegExp(`^${formatDenverDay(day)}, ${day.slice(0, 4)}: Avalanche Courses, \\d+ paid seats?$`)),
    ).toBeVisible();
    expect(await page.evaluate(layoutProblems, { phone: (page.viewportSize()?.width ?? 0) < 600 })).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    const shown = await cellsOf(page, tableName);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`actual-use-${season}.csv`);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parse(csv, { bom: true }) as string[][];
    expect(header).toEqual(['Activity', 'Location', 'Clients', 'Service days', 'Revenue']);
    expect(shown[0]).toEqual(['Activity and location', 'Clients', 'Service days', 'Revenue']);
    const [total, fee] = shown.slice(-2);
    expect(rows.slice(0, -2)).toEqual(
      shown
        .slice(1, -2)
        .map(([activity, location, clients, days, revenue = '']) => [activity, location, clients, days, asDecimal(revenue)]),
    );
    expect(rows.at(-2)).toEqual(['Total', '', total?.[1], total?.[2], asDecimal(total?.[3] ?? '')]);
    expect(rows.at(-1)).toEqual([fee?.[0], '', '', '', asDecimal(fee?.[1] ?? '')]);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('main').getByText(site.name, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download the CSV' })).toBeHidden();
    await expect(page.getByLabel('Season', { exact: true })).toBeHidden();
    await expect(page.getByText(/^Permit season .+\. Prepared on .+ by .+\.$/)).toBeVisible();

    // Filed: the copy is kept, and the report says so; the page was left open on a report nobody else changed.
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: /^File (this report|it again as it is now)$/ }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Filed .+ by .+\. Nothing has changed since\.$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Filed with the Forest Service' })).toBeFocused();
    await expect(page.getByRole('button', { name: /^File / })).toHaveCount(0);
    // The copy filed downloads as it was filed: the CSV downloaded above.
    const [copy] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the filed copy' }).click(),
    ]);
    expect(copy.suggestedFilename()).toBe(`actual-use-${season}-filed-${denverDay(new Date())}.csv`);
    expect(readFileSync(await copy.path(), 'utf8')).toBe(csv);

    // The office names the district on the permit: a fee rate that is no number is refused first, and nothing changes.
    await page.getByRole('button', { name: 'Change the permit settings' }).click();
    const rate = page.getByLabel('Fee rate, percent of revenue');
    await rate.fill('three');
    const district = `Heber-Kamas Ranger District, ${page.viewportSize()?.width ?? 0} px`;
    await page.getByRole('group', { name: 'Avalanche Courses (activity)' }).getByLabel('Location on the report').fill(district);
    await page.getByLabel('Reason', { exact: true }).fill('The district as the permit names it');
    await page.getByRole('button', { name: 'Keep these settings' }).click();
    await expect(page.getByText(FEE_RATE_MESSAGE)).toBeVisible();
    await expect(rate).toBeFocused();
    await rate.fill('3');
    await page.getByRole('button', { name: 'Keep these settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The settings are kept' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: tableName }).getByRole('row', { name: new RegExp(`^Avalanche Courses ${district}`) }),
    ).toBeVisible();
    // The row the copy filed named is gone, a row of the new name is new: both are said, and the report may be filed again.
    await expect(page.getByText('Changed since it was filed:')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: `Avalanche Courses, ${district}: service days 0 when filed` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'File it again as it is now' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

atPhoneAndDesktop("the accountant's export at", () => {
  test('an operator downloads the movements of money of the last 30 days, a payment made today among them', async ({ page }) => {
    const payer = await readyCustomer(page.request);
    const entry = await classDateWithSeats(page.request, CLASS_PRICE, 1);
    await bookByApi(page.request, payer, { dateId: entry.id, priceId: CLASS_PRICE, calendar: 'winter-classes', partySize: 1 });
    const bookingId = await bookingIdOn(page.request, payer, entry.id);

    await signIn(page, await newStaffMember(page.request, 'operator'));
    await page.goto('/ops');
    await islandsReady(page);
    await page.getByRole('link', { name: 'Reports' }).click();
    await islandsReady(page);
    const exportForm = page.getByRole('form', { name: 'The accountant’s export' });
    await expect(exportForm).toBeVisible();
    expect(await page.evaluate(layoutProblems, { phone: (page.viewportSize()?.width ?? 0) < 600 })).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // Days the wrong way round are refused at the first day, and nothing is downloaded.
    const first = page.getByLabel('First day');
    const initial = await first.inputValue();
    await first.fill(denverDay(new Date(Date.now() + 2 * 86_400_000)));
    await exportForm.getByRole('button', { name: 'Download the CSV' }).click();
    await expect(page.getByText(MONEY_DAYS_MESSAGE)).toBeVisible();
    await expect(first).toBeFocused();
    await first.fill(initial);

    await expect(page.getByRole('radio', { name: 'When the money moved (cash)' })).toBeChecked();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportForm.getByRole('button', { name: 'Download the CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^money-cash-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parse(readFileSync(await download.path(), 'utf8'), { bom: true }) as string[][];
    expect(header).toEqual(MONEY_COLUMNS);
    expect(rows).toContainEqual(
      expect.arrayContaining(['Payment', 'Card', referenceOf(bookingId), denverDay(startOf(entry)), 'Avalanche Courses']),
    );
    await expect(
      page.getByRole('status').filter({ hasText: new RegExp(`^Downloaded ${rows.length} movements?, .+ net\\.$`) }),
    ).toBeVisible();
  });
});

atPhoneAndDesktop('the season in figures at', () => {
  test('an operator reads each figure as a chart and a table beside last season, and downloads its CSV', async ({ page }) => {
    await signIn(page, await newStaffMember(page.request, 'operator'));
    await page.goto('/ops');
    await islandsReady(page);
    await page.getByRole('link', { name: 'Reports' }).click();
    await islandsReady(page);
    // The season running, or the one just ended until the next begins.
    const season = figuresSeason(new Date());
    const before = `${Number(season.label.slice(0, 4)) - 1}-${season.label.slice(2, 4)}`;
    await expect(page.getByLabel('Season', { exact: true })).toHaveValue(season.label);
    await expect(
      page.getByText(
        new RegExp(`^Trips from ${formatDenverDay(season.start)}, .+ through .+, beside the same days of the ${before} season\\.$`),
      ),
    ).toBeVisible();

    const months = page.getByRole('region', { name: 'Revenue by month' });
    await expect(months.getByRole('table')).toBeVisible();
    const shown = await cellsOf(page, 'Revenue by month');
    expect(shown[0]).toEqual(['Month', season.label, before]);
    expect(shown.slice(1).map(([month]) => month)).toEqual(['December', 'January', 'February', 'March']);
    const [download] = await Promise.all([page.waitForEvent('download'), months.getByRole('button', { name: 'Download the CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`season-${season.label}-revenue-by-month.csv`);
    const [header, ...rows] = parse(readFileSync(await download.path(), 'utf8'), { bom: true }) as string[][];
    expect(header).toEqual(['Month', season.label, before]);
    expect(rows.map(([month]) => month)).toEqual(seasonMonths({ firstDay: season.start, lastDay: season.end }));
    expect(rows.map(([, now, then]) => [now, then])).toEqual(
      shown.slice(1).map(([, now = '', then = '']) => [asDecimal(now), asDecimal(then)]),
    );

    for (const name of ['Revenue by activity', 'How full the trips ran, by weekday', 'Bookings and cancellations']) {
      await expect(page.getByRole('region', { name }).getByRole('button', { name: 'Download the CSV' })).toBeEnabled();
    }
    // Each chart drawn is an image named for its figure and described by its sentence; its numbers are in the table.
    const bookings = page.getByRole('region', { name: 'Bookings and cancellations' });
    await expect(bookings.getByRole('row', { name: /^Cancelled by the customer \d+ \d+$/ })).toBeVisible();
    const charts = page.getByRole('img', {
      name: /^(Revenue by month|Revenue by activity|How full the trips ran, by weekday|Bookings and cancellations)$/,
    });
    for (const chart of await charts.all()) {
      await expect(chart).toHaveAccessibleDescription(/\S/);
      await expect(chart.locator('canvas')).toBeVisible();
    }
    const figures = page.getByRole('region', { name: 'Refunds, no-shows, promo codes, the waitlist and gift cards' });
    await expect(figures.getByRole('row', { name: /^Money given back \$[\d,.]+ \$[\d,.]+$/ })).toBeVisible();

    expect(await page.evaluate(layoutProblems, { phone: (page.viewportSize()?.width ?? 0) < 600 })).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a table wider than the screen scrolls in a frame the keyboard reaches, and axe finds nothing', async ({ page }) => {
    await signIn(page, await newStaffMember(page.request, 'operator'));
    // Every activity ran on every weekday: the table of each activity's weekdays is wider than a phone.
    await page.route(`${E2E.api}/ops/reports/season?*`, async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { fill: unknown[] };
      answer.fill = ['Avalanche Courses', 'Backcountry Tours', 'Mentorship Program'].flatMap((activity) =>
        [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ activity, weekday, sold: 3, capacity: 10, soldBefore: 2, capacityBefore: 10 })),
      );
      await route.fulfill({ response, json: answer });
    });
    await page.goto('/ops/reports');
    await islandsReady(page);
    const table = page.getByRole('table', { name: /^Each activity, how full by weekday/ });
    await expect(table.getByRole('columnheader', { name: 'Mentorship Program' })).toBeAttached();
    const frame = table.locator('xpath=..');
    expect(await page.evaluate(layoutProblems, { phone: (page.viewportSize()?.width ?? 0) < 600 })).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    if ((page.viewportSize()?.width ?? 0) < 600) {
      expect(await frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      await frame.focus();
      await expect(frame).toBeFocused();
      for (let press = 0; press < 5; press += 1) await page.keyboard.press('ArrowRight');
      await expect.poll(() => frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    }
  });
});
